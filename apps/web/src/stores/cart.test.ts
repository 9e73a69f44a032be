import { notifications } from '@mantine/notifications';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answerReplaceCart,
  CART_DISCARDED_MESSAGE,
  cartTotals,
  cartUnits,
  clearCart,
  editItem,
  emptyCart,
  getCart,
  reloadCartFromStorage,
  removeItem,
  repriceItems,
  requestAddItem,
  useCart,
  type Cart,
} from './cart.ts';
import {
  removeCupom,
  restartPedidoId,
  setAbono,
  setCupom,
  setFingerprint,
  setTaxaEntrega,
} from './cart-actions.ts';
import { hamburgueria, makeItem, pizzaria } from '../test/cart-test-data.ts';

function stored(): unknown {
  return JSON.parse(localStorage.getItem('carrinho') ?? 'null');
}

beforeEach(() => {
  localStorage.clear();
  reloadCartFromStorage();
});

afterEach(() => {
  // A test that left the replace question open must not leak it into the next.
  answerReplaceCart(false);
  vi.restoreAllMocks();
});

describe('cart actions (spec section 4)', () => {
  it('re-prices with the current menu, only for its establishment, keeping items whose product is gone', async () => {
    await requestAddItem(pizzaria, makeItem());
    await requestAddItem(pizzaria, makeItem({ idproduto: 11, descricao: 'Refrigerante' }));
    const before = localStorage.getItem('carrinho');
    repriceItems(2, (i) => ({ ...i, preco_unit: 1, preco_total: i.quantidade }));
    expect(localStorage.getItem('carrinho')).toBe(before);
    repriceItems(1, (i) =>
      i.idproduto === 10 ? { ...i, preco: 35.9, preco_unit: 3590, preco_total: 3590 } : null,
    );
    expect(getCart().itens.map((i) => i.preco_total)).toEqual([3590, 3290]);
    expect(cartTotals(getCart()).subtotal).toBe(6880);
  });

  it('refuses to edit an index that now holds another product (another tab changed the cart)', async () => {
    await requestAddItem(pizzaria, makeItem());
    expect(() => editItem(0, makeItem({ idproduto: 11 }))).toThrow(RangeError);
    expect(getCart().itens[0]!.idproduto).toBe(10);
  });

  it('discards a stored item whose total is not unit × quantity', () => {
    localStorage.setItem(
      'carrinho',
      JSON.stringify({ ...emptyCart, estabelecimento: pizzaria, itens: [makeItem({ preco_total: 1 })] }),
    );
    vi.spyOn(notifications, 'show');
    reloadCartFromStorage();
    expect(getCart().itens).toEqual([]);
  });

  it('the first item sets the establishment, a UUID pedidoid and a 6-digit fingerprint', async () => {
    expect(await requestAddItem(pizzaria, makeItem())).toBe(true);
    const cart = getCart();
    expect(cart.estabelecimento).toEqual(pizzaria);
    expect(cart.itens).toHaveLength(1);
    expect(cart.pedidoid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(cart.browserfingerprint).toBeGreaterThanOrEqual(100000);
    expect(cart.browserfingerprint).toBeLessThanOrEqual(999999);
    expect(Number.isInteger(cart.browserfingerprint)).toBe(true);
  });

  it('adding from the same establishment appends and keeps pedidoid and fingerprint', async () => {
    await requestAddItem(pizzaria, makeItem());
    const { pedidoid, browserfingerprint } = getCart();
    await requestAddItem(pizzaria, makeItem({ idproduto: 11, descricao: 'Refrigerante', quantidade: 2 }));
    const cart = getCart();
    expect(cart.itens.map((i) => i.descricao)).toEqual(['Pizza Margherita', 'Refrigerante']);
    expect(cart.pedidoid).toBe(pedidoid);
    expect(cart.browserfingerprint).toBe(browserfingerprint);
    expect(cartUnits(cart)).toBe(3);
  });

  it('edits the item at an index', async () => {
    await requestAddItem(pizzaria, makeItem());
    await requestAddItem(pizzaria, makeItem({ idproduto: 11, descricao: 'Refrigerante' }));
    editItem(1, makeItem({ idproduto: 11, descricao: 'Refrigerante', quantidade: 4, preco_unit: 500 }));
    expect(getCart().itens[1]).toMatchObject({ quantidade: 4, preco_total: 2000 });
    expect(getCart().itens[0]?.descricao).toBe('Pizza Margherita');
    expect(() => editItem(5, makeItem())).toThrow(RangeError);
  });

  it('removes an item; removing the last one resets to the empty cart', async () => {
    await requestAddItem(pizzaria, makeItem());
    await requestAddItem(pizzaria, makeItem({ idproduto: 11, descricao: 'Refrigerante' }));
    setTaxaEntrega(5);
    removeItem(0);
    expect(getCart().itens.map((i) => i.descricao)).toEqual(['Refrigerante']);
    removeItem(0);
    expect(getCart()).toEqual(emptyCart);
    expect(stored()).toEqual(emptyCart);
  });

  it('clears', async () => {
    await requestAddItem(pizzaria, makeItem());
    clearCart();
    expect(getCart()).toEqual(emptyCart);
  });

  it('sets and removes fee, abono, coupon, fingerprint and order id', async () => {
    await requestAddItem(pizzaria, makeItem());
    const first = getCart().pedidoid;
    setTaxaEntrega(7.5);
    setAbono(50);
    setCupom({ codigo: 'BEMVINDO', ehpercentual: true, desconto: 10, limitedesconto: 0 });
    setFingerprint(123456);
    restartPedidoId();
    const cart = getCart();
    expect(cart).toMatchObject({ taxaentrega: 7.5, abono: 50, browserfingerprint: 123456 });
    expect(cart.cupom?.codigo).toBe('BEMVINDO');
    expect(cart.pedidoid).not.toBe(first);
    removeCupom();
    expect(getCart().cupom).toBeNull();
    expect(() => setFingerprint(12345)).toThrow(RangeError);
    expect(() => setTaxaEntrega(-1)).toThrow(RangeError);
  });

  it.each([
    ['fractional', 1.5],
    ['zero', 0],
    ['negative', -2],
  ])('rejects an item with a %s quantity', async (_name, quantidade) => {
    await expect(requestAddItem(pizzaria, makeItem({ quantidade, preco_total: 0 }))).rejects.toThrow(
      TypeError,
    );
    expect(getCart()).toEqual(emptyCart);
  });
});

describe('requestAddItem from another establishment', () => {
  it('asks, and declining keeps the old cart', async () => {
    await requestAddItem(pizzaria, makeItem());
    const before = getCart();
    const answer = requestAddItem(hamburgueria, makeItem({ idproduto: 20, descricao: 'X-Burger' }));
    answerReplaceCart(false);
    expect(await answer).toBe(false);
    expect(getCart()).toBe(before);
  });

  it('asks, and accepting replaces the cart with a new order id', async () => {
    await requestAddItem(pizzaria, makeItem());
    setTaxaEntrega(5);
    const before = getCart();
    const answer = requestAddItem(hamburgueria, makeItem({ idproduto: 20, descricao: 'X-Burger' }));
    answerReplaceCart(true);
    expect(await answer).toBe(true);
    const cart = getCart();
    expect(cart.estabelecimento).toEqual(hamburgueria);
    expect(cart.itens.map((i) => i.descricao)).toEqual(['X-Burger']);
    expect(cart.taxaentrega).toBeNull();
    expect(cart.pedidoid).not.toBe(before.pedidoid);
  });
});

describe('persistence', () => {
  it('writes every change to localStorage and reads it back', async () => {
    await requestAddItem(pizzaria, makeItem({ grupoopcoes: { 3: { 7: 2 } }, resumo: ['2x Bacon'] }));
    setTaxaEntrega(4.99);
    const saved = getCart();
    expect(stored()).toEqual(JSON.parse(JSON.stringify(saved)));
    reloadCartFromStorage();
    expect(getCart()).toEqual(JSON.parse(JSON.stringify(saved)));
    expect(getCart().itens[0]?.grupoopcoes).toEqual({ 3: { 7: 2 } });
  });

  const good = (): Cart => ({
    ...emptyCart,
    estabelecimento: pizzaria,
    itens: [makeItem()],
    pedidoid: 'abc',
    browserfingerprint: 654321,
  });

  it.each<[string, string]>([
    ['corrupt JSON', '{"itens": ['],
    ['a wrong shape', JSON.stringify({ foo: 1 })],
    ['a partial cart', JSON.stringify({ estabelecimento: pizzaria, itens: [makeItem()] })],
    [
      'a negative quantity',
      JSON.stringify({ ...good(), itens: [makeItem({ quantidade: -1, preco_total: 0 })] }),
    ],
    ['items without establishment', JSON.stringify({ ...good(), estabelecimento: null })],
    ['a non-array', '"carrinho"'],
  ])('discards %s with a message, never an error in the console', async (_name, raw) => {
    const show = vi.spyOn(notifications, 'show');
    const consoleError = vi.spyOn(console, 'error');
    const consoleWarn = vi.spyOn(console, 'warn');
    localStorage.setItem('carrinho', raw);
    reloadCartFromStorage();
    expect(getCart()).toEqual(emptyCart);
    expect(stored()).toEqual(emptyCart);
    await vi.waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: CART_DISCARDED_MESSAGE })),
    );
    expect(consoleError).not.toHaveBeenCalled();
    expect(consoleWarn).not.toHaveBeenCalled();
  });

  it('keeps a valid stored cart silently', () => {
    const show = vi.spyOn(notifications, 'show');
    localStorage.setItem('carrinho', JSON.stringify(good()));
    reloadCartFromStorage();
    expect(getCart()).toEqual(good());
    expect(show).not.toHaveBeenCalled();
  });

  it('follows changes made in another tab (storage event)', async () => {
    const { result } = renderHook(() => useCart());
    expect(result.current).toEqual(emptyCart);
    localStorage.setItem('carrinho', JSON.stringify(good()));
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'carrinho', newValue: JSON.stringify(good()) }),
      );
    });
    expect(result.current.itens).toHaveLength(1);
    localStorage.removeItem('carrinho');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(result.current).toEqual(emptyCart);
  });
});

describe('cartTotals (cents)', () => {
  const base = (over: Partial<Cart> = {}): Cart => ({
    ...emptyCart,
    estabelecimento: pizzaria,
    itens: [makeItem({ preco_unit: 1010, quantidade: 1 }), makeItem({ preco_unit: 20, quantidade: 3 })],
    ...over,
  });

  it('adds the items in cents with no float drift', () => {
    // 10.10 + 3 × 0.20 in floats is 10.700000000000001.
    expect(cartTotals(base()).subtotal).toBe(1070);
  });

  it('flags the minimum order until the subtotal reaches it', () => {
    expect(cartTotals(base()).pedidoMinimoFaltando).toBe(2000);
    expect(cartTotals(base({ itens: [makeItem({ preco_unit: 2000 })] })).pedidoMinimoFaltando).toBeNull();
    expect(cartTotals(base({ estabelecimento: hamburgueria })).pedidoMinimoFaltando).toBeNull();
  });

  it('waives the fee once the subtotal reaches the abono', () => {
    const below = cartTotals(base({ taxaentrega: 5, abono: 20 }));
    expect(below).toMatchObject({ taxaEntrega: 500, entregaGratis: false, abonoFaltando: 2000, total: 1570 });
    const above = cartTotals(base({ taxaentrega: 5, abono: 10.7 }));
    expect(above).toMatchObject({ entregaGratis: true, abonoFaltando: null, total: 1070 });
    expect(cartTotals(base({ taxaentrega: 5, abono: 0 })).abonoFaltando).toBeNull();
  });

  it('applies a coupon capped by limitedesconto and never to zero', () => {
    const pct = cartTotals(
      base({ cupom: { codigo: 'X', ehpercentual: true, desconto: 15, limitedesconto: 1 } }),
    );
    expect(pct.desconto).toBe(100);
    const fixed = cartTotals(
      base({ cupom: { codigo: 'Y', ehpercentual: false, desconto: 50, limitedesconto: 0 } }),
    );
    expect(fixed).toMatchObject({ desconto: 1069, total: 1 });
  });
});
