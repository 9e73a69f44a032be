/**
 * The cart (spec sections 3 and 4), kept in localStorage `carrinho`. A module-level external
 * store read with useSyncExternalStore: the product drawer, the header badge, the cart drawer
 * and the checkout all see one cart without a context provider, and other tabs stay in step
 * through the `storage` event.
 */
import { notifications } from '@mantine/notifications';
import { useSyncExternalStore } from 'react';
import { parseCartItem, parseStoredCart } from './cart-schema.ts';
import type { Cart, CartEstablishment, CartItem } from './cart-types.ts';
import { emptyCart } from './cart-types.ts';

export type { Cart, CartEstablishment, CartItem, Cupom } from './cart-types.ts';
export { emptyCart } from './cart-types.ts';
export { cartSubtotal, cartTotals, cartUnits, couponDiscount, type CartTotals } from './cart-totals.ts';

export const CART_STORAGE_KEY = 'carrinho';
export const CART_DISCARDED_MESSAGE = 'Não foi possível recuperar seu carrinho. Ele foi esvaziado.';

/** A tiny external store: a value, its listeners, and a setter that notifies them. */
function createStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    /** Sets without notifying: for the lazy first load, which can happen during a render. */
    init(next: T) {
      value = next;
    },
    set(next: T) {
      value = next;
      for (const l of listeners) l();
    },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
  };
}

function readStorage(): string | null {
  try {
    return localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    // Storage blocked (privacy mode, sandboxed frame): the cart just lives in memory.
    return null;
  }
}

function loadCart(): Cart {
  const { cart, discarded } = parseStoredCart(readStorage(), emptyCart);
  if (discarded) {
    // Drop the bad copy so the message is not repeated on every load.
    writeStorage(cart);
    // Deferred: the first load happens while React renders, and a notification is another store.
    setTimeout(() => {
      notifications.show({
        id: 'carrinho-descartado',
        color: 'yellow',
        title: 'Carrinho',
        message: CART_DISCARDED_MESSAGE,
      });
    }, 0);
  }
  return cart;
}

function writeStorage(cart: Cart): void {
  try {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
  } catch {
    // Quota or blocked storage: keep working from memory rather than fail the customer's click.
  }
}

const store = createStore<Cart>(emptyCart);
let loaded = false;

/**
 * Loaded on first read, not at import: the shell's version check runs before the first render
 * but after the imports, and may clear an old-format `carrinho` first.
 */
const cartStore = {
  get(): Cart {
    if (!loaded && typeof window !== 'undefined') {
      loaded = true;
      store.init(loadCart());
    }
    return store.get();
  },
  set(next: Cart): void {
    loaded = true;
    store.set(next);
  },
  subscribe: store.subscribe,
};

function commit(next: Cart): void {
  writeStorage(next);
  cartStore.set(next);
}

/** Stores `next` as the cart (for the checkout's actions in cart-actions.ts). */
export const commitCart = commit;

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    // key null = another tab cleared the whole storage (e.g. the version check).
    if (e.key !== CART_STORAGE_KEY && e.key !== null) return;
    cartStore.set(loadCart());
  });
}

/** The current cart, outside React (for example in the checkout's submit). */
export function getCart(): Cart {
  return cartStore.get();
}

export function subscribeCart(listener: () => void): () => void {
  return cartStore.subscribe(listener);
}

/** Re-reads `carrinho` from localStorage, e.g. after the shell's version check cleared it. */
export function reloadCartFromStorage(): void {
  cartStore.set(loadCart());
}

/** The current cart; re-renders on change (also across tabs). */
export function useCart(): Cart {
  return useSyncExternalStore(cartStore.subscribe, cartStore.get, cartStore.get);
}

/** A new order id (uuid v4). */
export function randomUUID(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; plain http on a LAN address still deserves an id.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Spec section 9: fingerprint random 100000–999999. */
export function randomFingerprint(): number {
  return 100000 + Math.floor(Math.random() * 900000);
}

function validItem(item: CartItem): CartItem {
  const parsed = parseCartItem(item);
  if (!parsed)
    throw new TypeError('Item de carrinho inválido (quantidade inteira ≥ 1 e preços em centavos).');
  return parsed;
}

/** Starts a new cart for `est` with its first item: a new order id and fingerprint. */
export function initCart(est: CartEstablishment, item: CartItem): void {
  commit({
    ...emptyCart,
    estabelecimento: est,
    itens: [validItem(item)],
    pedidoid: randomUUID(),
    browserfingerprint: randomFingerprint(),
  });
}

/** Adds to the current establishment's cart, or starts one when the cart is empty. */
function addItem(est: CartEstablishment, item: CartItem): void {
  const cart = cartStore.get();
  if (cart.itens.length === 0) return initCart(est, item);
  // Take the establishment as the menu shows it now: its minimum order may have changed.
  commit({ ...cart, estabelecimento: est, itens: [...cart.itens, validItem(item)] });
}

export interface ReplaceCartRequest {
  /** Whether the question is showing; the names stay after an answer so the modal can fade out. */
  opened: boolean;
  /** The establishment whose items are in the cart. */
  atual: string;
  /** The establishment of the item being added. */
  novo: string;
}

let resolvePending: ((ok: boolean) => void) | null = null;
const replaceStore = createStore<ReplaceCartRequest>({ opened: false, atual: '', novo: '' });

/** The "empty the cart?" question, for the modal <CartProvider> renders. */
export function useReplaceCartRequest(): ReplaceCartRequest {
  return useSyncExternalStore(replaceStore.subscribe, replaceStore.get, replaceStore.get);
}

/** The customer's answer to the pending question. */
export function answerReplaceCart(ok: boolean): void {
  const resolve = resolvePending;
  if (!resolve) return;
  resolvePending = null;
  replaceStore.set({ ...replaceStore.get(), opened: false });
  resolve(ok);
}

/**
 * Adds an item. When the cart holds another establishment's items, asks the customer to confirm
 * emptying it (a modal rendered by <CartProvider>); resolves false if they decline.
 */
export async function requestAddItem(est: CartEstablishment, item: CartItem): Promise<boolean> {
  const valid = validItem(item);
  const cart = cartStore.get();
  if (cart.itens.length === 0 || cart.estabelecimento?.id === est.id) {
    addItem(est, valid);
    return true;
  }
  // A second request while one is open supersedes it: the first is treated as declined.
  answerReplaceCart(false);
  const ok = await new Promise<boolean>((resolve) => {
    resolvePending = resolve;
    replaceStore.set({ opened: true, atual: cart.estabelecimento?.nome ?? '', novo: est.nome });
  });
  if (ok) initCart(est, valid);
  return ok;
}

function assertIndex(index: number): void {
  if (!Number.isInteger(index) || index < 0 || index >= cartStore.get().itens.length) {
    throw new RangeError(`Item ${index} não está no carrinho.`);
  }
}

export function editItem(index: number, item: CartItem): void {
  assertIndex(index);
  const cart = cartStore.get();
  // Another tab may have changed the cart since the drawer opened: never overwrite another product.
  if (cart.itens[index]?.idproduto !== item.idproduto) {
    throw new RangeError('Este item mudou no carrinho. Abra-o de novo para editar.');
  }
  const itens = cart.itens.slice();
  itens[index] = validItem(item);
  commit({ ...cart, itens });
}

/**
 * Re-prices the cart's items with the establishment's current menu: `reprice` returns the item
 * priced by the engine now, or null when its product is gone (that item keeps its figures and
 * the server refuses it at checkout). Writes only when a figure changed.
 */
export function repriceItems(idEstabelecimento: number, reprice: (item: CartItem) => CartItem | null): void {
  const cart = cartStore.get();
  if (cart.estabelecimento?.id !== idEstabelecimento || cart.itens.length === 0) return;
  let changed = false;
  const itens = cart.itens.map((item) => {
    const novo = reprice(item);
    if (novo === null || JSON.stringify(novo) === JSON.stringify(item)) return item;
    changed = true;
    return validItem(novo);
  });
  if (changed) commit({ ...cart, itens });
}

/** Removes one item; removing the last one empties the cart (new order id next time). */
export function removeItem(index: number): void {
  assertIndex(index);
  const cart = cartStore.get();
  const itens = cart.itens.filter((_, i) => i !== index);
  commit(itens.length === 0 ? emptyCart : { ...cart, itens });
}

export function clearCart(): void {
  commit(emptyCart);
}

const drawerStore = createStore(false);

export function openCartDrawer(): void {
  drawerStore.set(true);
}

export function closeCartDrawer(): void {
  drawerStore.set(false);
}

/** The cart drawer's open state. */
export function useCartDrawer(): { opened: boolean; open: () => void; close: () => void } {
  const opened = useSyncExternalStore(drawerStore.subscribe, drawerStore.get, drawerStore.get);
  return { opened, open: openCartDrawer, close: closeCartDrawer };
}
