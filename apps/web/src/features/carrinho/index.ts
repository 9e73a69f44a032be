// The shell mounts <CartProvider> once (it renders the cart drawer and the replace-cart
// confirmation) and puts <CartButton /> in the headers.
export { CartButton } from './components/cart-button.tsx';
export { CartProvider } from './components/cart-provider.tsx';
