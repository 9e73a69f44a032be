// The lazily loaded chunk of a logged-in customer's order indicators: the pending-orders query,
// the order schemas, the badge count and the pending-payment notice.
export { AvisoPagamentoPendente } from './aviso-pagamento-pendente.tsx';
export { PedidosContagem } from './pedidos-contagem.tsx';
