// The orders feature's public face for the shell: the orders link with its pending-orders badge
// and the pending-payment notice (both load their query lazily, for a logged-in customer only).
// Pages are lazy-loaded by the router from ./routes/*.
export { PedidosAvisos, PedidosLink } from './components/pedidos-link.tsx';
