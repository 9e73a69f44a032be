// CONTRACT: the cart helper implements these. The shell mounts <CartProvider> once (it renders
// the cart drawer and the replace-cart confirmation) and puts <CartButton /> in the headers.
export { CartButton, CartProvider } from './components/cart-stub.tsx';
