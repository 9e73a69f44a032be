import { cleanNotifications } from '@mantine/notifications';
import { MSG_PEDIDO, type EstabelecimentoDetalhe, type PedidoInput } from '@rango/domain';
import { act, screen, waitFor } from '@testing-library/react';
import type { FormEvent } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCart, getCart } from '../../../stores/cart.ts';
import { clearEnderecoEscolhido, setEnderecoEscolhido } from '../../../stores/endereco.ts';
import { clearSession, setTokens } from '../../../stores/session.ts';
import { cliente, detalhe, enderecoSalvo, fillCart, formas, menu } from '../testing/fixtures.ts';
import { mockApi, on, type Handler } from '../testing/mock-api.ts';
import { renderPagamento } from '../testing/render.tsx';
import { useCheckout, type Checkout } from './use-checkout.ts';

/** The hook alone, in the page's providers: its latest value is `h()`. */
function renderHook(s: { detalhe?: EstabelecimentoDetalhe; extra?: Handler[] } = {}) {
  const api = mockApi(
    ...(s.extra ?? []),
    on('GET', '/controle/estabelecimento/1/', 200, s.detalhe ?? detalhe),
    on('GET', '/api/estabelecimento/1/menu/', 200, menu),
    on('GET', '/api/estabelecimento/1/formapgto/', 200, formas),
    on('GET', '/api/estabelecimento/1/areas_entrega/', 200, []),
    on('GET', '/controle/cliente/', 200, [cliente]),
    on('POST', '/api/estabelecimento/1/pedido/', 201, { id: 55, referencia: '1234' }),
  );
  const onSaindo = vi.fn();
  let atual: Checkout | undefined;
  const est = getCart().estabelecimento!;
  function Harness() {
    atual = useCheckout(est, onSaindo);
    return null;
  }
  renderPagamento(<Harness />);
  const h = () => atual!;
  const pedidos = () =>
    api.calls.filter((c) => c.method === 'POST' && c.path === '/api/estabelecimento/1/pedido/');
  return { ...api, h, onSaindo, pedidos };
}

const submit = { preventDefault: () => {} } as FormEvent;

beforeEach(async () => {
  act(() => setTokens({ access: 'a', refresh: 'r' }));
  await act(() => fillCart());
});

afterEach(() => {
  act(() => {
    cleanNotifications();
    clearSession();
    clearCart();
    clearEnderecoEscolhido();
  });
  vi.unstubAllGlobals();
});

describe('useCheckout', () => {
  it('loads the four reads, then a valid pickup in cash is sent once and the page leaves', async () => {
    const { h, onSaindo, pedidos } = renderHook();
    expect(h().carregando).toBe(true);
    await waitFor(() => expect(h().carregando).toBe(false));
    expect(h().detalhe?.id).toBe(1);
    act(() => h().form.setValues({ tipo: 'TOGO', formapgto: '2' }));
    act(() => h().finalizar(submit));
    // A second press while the first is on its way sends nothing more.
    act(() => h().finalizar(submit));
    await waitFor(() => expect(onSaindo).toHaveBeenCalled());
    expect(pedidos()).toHaveLength(1);
    expect((pedidos()[0]?.body as PedidoInput).tipo).toBe('TOGO');
    expect(getCart().itens).toHaveLength(0);
    // React Router moves the URL in a transition: it may land a render after onSaindo.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/pedido/55'));
  });

  it('below the minimum: the notice, no validation errors and nothing sent', async () => {
    const { h, pedidos } = renderHook({ detalhe: { ...detalhe, pedidominimo: 80 } });
    await waitFor(() => expect(h().carregando).toBe(false));
    act(() => h().finalizar(submit));
    expect(await screen.findByText(MSG_PEDIDO.pedidoMinimoTitulo)).toBeInTheDocument();
    expect(h().form.errors).toEqual({});
    expect(pedidos()).toHaveLength(0);
  });

  it("delivery: the fee is asked for before it applies, and 'Finalizar' waits for it", async () => {
    act(() => setEnderecoEscolhido(enderecoSalvo));
    const { h, pedidos } = renderHook();
    await waitFor(() => expect(h().carregando).toBe(false));
    act(() => h().form.setValues({ tipo: 'DELIVERY', formapgto: '2' }));
    await waitFor(() => expect(h().taxa.dialogoTaxa).toBe(true));
    expect(h().taxa.estado(false)).toEqual({ estado: 'nenhum' });
    expect(h().taxa.acordada).toBe(false);
    act(() => h().finalizar(submit));
    expect(pedidos()).toHaveLength(0);
    act(() => h().taxa.aceitar());
    expect(getCart().taxaentrega).toBe(5);
    expect(h().taxa.acordada).toBe(true);
    expect(h().taxa.dialogoTaxa).toBe(false);
    expect(h().taxa.estado(false)).toEqual({ estado: 'definida', taxaCents: 500, gratis: false });
    expect(h().totals.taxaEntrega).toBe(500);
    // Pickup drops the fee from the cart.
    act(() => h().form.setValues({ tipo: 'TOGO' }));
    await waitFor(() => expect(getCart().taxaentrega).toBeNull());
  });

  it('a read that failed says so, and trying again reads all four again', async () => {
    const { h, gets } = renderHook({ extra: [on('GET', '/api/estabelecimento/1/menu/', 500, {})] });
    await waitFor(() => expect(h().erro).not.toBeNull());
    expect(h().carregando).toBe(false);
    const antes = gets('/controle/cliente/');
    act(() => h().tentarDeNovo());
    await waitFor(() => expect(gets('/controle/cliente/')).toBe(antes + 1));
  });
});
