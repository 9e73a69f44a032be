// The lazily loaded chunk of a logged-in customer's order indicators: the pending-orders query,
// the order schemas, the badge count, the pending-payment notice and the live stream.
export { AvisoPagamentoPendente } from './aviso-pagamento-pendente.tsx';
export { ClienteAoVivo } from './cliente-ao-vivo.tsx';
export { PedidosContagem } from './pedidos-contagem.tsx';
