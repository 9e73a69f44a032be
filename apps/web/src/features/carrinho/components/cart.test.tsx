import { cleanNotifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  answerReplaceCart,
  closeCartDrawer,
  getCart,
  reloadCartFromStorage,
  requestAddItem,
  type CartEstablishment,
} from '../../../stores/cart.ts';
import { setAbono, setTaxaEntrega } from '../../../stores/cart-actions.ts';
import { QueryClient } from '@tanstack/react-query';
import { renderWithProviders } from '../../../test/render.tsx';
import { hamburgueria, makeItem, pizzaria } from '../../../test/cart-test-data.ts';
import { CartButton, CartProvider } from '../index.ts';

/** The element whose whole text is `text` (amounts sit in their own no-wrap span). */
function byWholeText(text: string) {
  return (_: string, el: Element | null) =>
    el?.tagName === 'P' && el.textContent?.replace(/\s+/g, ' ').trim() === text;
}

let queryClient = new QueryClient();
/** The menu's delivery estimate, as its 'Entrega' panel leaves it in the query cache. */
const setEntregaEstimada = (
  v: { idEstabelecimento: number; taxaCents: number | null; abonoCents: number | null } | null,
) => queryClient.setQueryData(['entrega-estimada'], v);

function renderCart(variant: 'desktop' | 'mobile' = 'desktop') {
  const r = renderWithProviders(
    <CartProvider>
      <CartButton variant={variant} />
    </CartProvider>,
    { route: '/estabelecimento/1', notifications: true, location: true },
  );
  queryClient = r.queryClient;
  return r;
}

const semMinimo: CartEstablishment = { ...pizzaria, pedidominimo: 0 };

async function fill(est: CartEstablishment = semMinimo) {
  await act(async () => {
    await requestAddItem(
      est,
      makeItem({
        quantidade: 2,
        preco_unit: 3290,
        resumo: ['2x Bacon', 'Borda catupiry'],
        observacoes: 'Sem cebola',
      }),
    );
    await requestAddItem(est, makeItem({ idproduto: 11, descricao: 'Refrigerante', preco_unit: 650 }));
  });
}

async function openDrawer() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: /^Carrinho, / }));
  return { user, drawer: await screen.findByRole('dialog', { name: /Seu pedido em/ }) };
}

beforeEach(() => {
  localStorage.clear();
  reloadCartFromStorage();
  closeCartDrawer();
  cleanNotifications();
});

afterEach(() => answerReplaceCart(false));

describe('CartButton', () => {
  it('shows the number of units and opens the drawer', async () => {
    await fill();
    renderCart();
    // The count is inside the button, so it is part of what is clicked and read.
    expect(screen.getByRole('button', { name: 'Carrinho, 3 itens' })).toHaveTextContent('3');
    const { drawer } = await openDrawer();
    expect(within(drawer).getByText('Seu pedido em Pizzaria Bella')).toBeInTheDocument();
  });

  it('mobile: shows the subtotal, and its name includes what it shows', async () => {
    await fill();
    renderCart('mobile');
    const button = screen.getByRole('button', { name: /^Carrinho,\s*3 itens,\s*R\$ 72,30$/ });
    expect(button).toHaveTextContent('R$ 72,30');
  });

  it('empty: notifies instead of opening the drawer', async () => {
    renderCart();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Carrinho, 0 itens' }));
    expect(await screen.findByText('Seu carrinho está sem itens =(')).toBeInTheDocument();
    expect(screen.getByText('CARRINHO')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('cart drawer', () => {
  it('lists items with quantity, options, observations and totals', async () => {
    await fill();
    renderCart();
    const { drawer } = await openDrawer();
    const items = within(drawer).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [pizza, refri] = items as [HTMLElement, HTMLElement];
    expect(pizza).toHaveTextContent('2x');
    expect(pizza).toHaveTextContent('Pizza Margherita');
    expect(pizza).toHaveTextContent('2x Bacon');
    expect(pizza).toHaveTextContent('Borda catupiry');
    expect(pizza).toHaveTextContent('Obs.: Sem cebola');
    expect(pizza).toHaveTextContent('R$ 65,80');
    expect(refri).toHaveTextContent('R$ 6,50');
    expect(within(drawer).getByText('Subtotal').nextSibling).toHaveTextContent('R$ 72,30');
    expect(within(drawer).getByText('Total').nextSibling).toHaveTextContent('R$ 72,30');
    expect(within(drawer).queryByText('Taxa de entrega')).not.toBeInTheDocument();
  });

  it('removes an item', async () => {
    await fill();
    renderCart();
    const { user, drawer } = await openDrawer();
    await user.click(within(drawer).getByRole('button', { name: 'Remover Refrigerante' }));
    expect(within(drawer).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Carrinho, 2 itens' })).toBeInTheDocument();
  });

  it('removing the last item closes the drawer with the empty-cart notice', async () => {
    await act(async () => {
      await requestAddItem(semMinimo, makeItem());
    });
    renderCart();
    const { user, drawer } = await openDrawer();
    await user.click(within(drawer).getByRole('button', { name: 'Remover Pizza Margherita' }));
    expect(await screen.findByText('Seu carrinho está sem itens =(')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('clears the cart only after confirmation', async () => {
    await fill();
    renderCart();
    const { user, drawer } = await openDrawer();
    await user.click(within(drawer).getByRole('button', { name: 'Limpar carrinho' }));
    await user.click(within(drawer).getByRole('button', { name: 'Cancelar' }));
    expect(getCart().itens).toHaveLength(2);
    await user.click(within(drawer).getByRole('button', { name: 'Limpar carrinho' }));
    await user.click(within(drawer).getByRole('button', { name: 'Sim, limpar' }));
    expect(getCart().itens).toHaveLength(0);
    expect(await screen.findByText('Seu carrinho está sem itens =(')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edit closes the drawer and goes to the product path with the index', async () => {
    await fill();
    renderCart();
    const { user, drawer } = await openDrawer();
    await user.click(within(drawer).getByRole('button', { name: 'Editar Refrigerante' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/estabelecimento/1?item=11&indice=1');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("'Finalizar pedido' goes to /pagamento", async () => {
    await fill();
    renderCart();
    const { user, drawer } = await openDrawer();
    await user.click(within(drawer).getByRole('button', { name: 'Finalizar pedido' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/pagamento$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('below the minimum order: the text shows and Finalizar is disabled', async () => {
    await fill({ ...pizzaria, pedidominimo: 80 });
    renderCart();
    const { drawer } = await openDrawer();
    expect(
      within(drawer).getByText(
        byWholeText('O pedido mínimo para essa loja é de R$ 80,00 (sem contar a taxa de entrega).'),
      ),
    ).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Finalizar pedido' })).toBeDisabled();
  });

  it('the gaps as items are added: to the minimum order and to the free delivery the menu estimated', async () => {
    const est = { ...pizzaria, pedidominimo: 80 };
    await fill(est);
    renderCart();
    setEntregaEstimada({ idEstabelecimento: pizzaria.id, taxaCents: 500, abonoCents: 10_000 });
    const { drawer } = await openDrawer();
    expect(within(drawer).getByText(byWholeText('Faltam R$ 7,70 para o pedido mínimo.'))).toBeInTheDocument();
    expect(within(drawer).getByText(byWholeText('Faltam R$ 27,70 para entrega grátis.'))).toBeInTheDocument();
    await act(async () => {
      await requestAddItem(est, makeItem({ idproduto: 12, descricao: 'Pizza', preco_unit: 2000 }));
    });
    expect(within(drawer).queryByText(/para o pedido mínimo/)).not.toBeInTheDocument();
    expect(within(drawer).getByText(byWholeText('Faltam R$ 7,70 para entrega grátis.'))).toBeInTheDocument();
    // Another establishment's estimate says nothing about this cart.
    act(() => setEntregaEstimada({ idEstabelecimento: pizzaria.id + 1, taxaCents: 500, abonoCents: 10_000 }));
    await waitFor(() => expect(within(drawer).queryByText(/entrega grátis/)).not.toBeInTheDocument());
  });

  it('at the minimum order: no text, Finalizar enabled', async () => {
    await fill({ ...pizzaria, pedidominimo: 20 });
    renderCart();
    const { drawer } = await openDrawer();
    expect(within(drawer).queryByText(/O pedido mínimo/)).not.toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Finalizar pedido' })).toBeEnabled();
  });

  it('free delivery: the hint below the abono, Grátis once reached, nothing for abono 0', async () => {
    await fill();
    setTaxaEntrega(5);
    setAbono(100);
    renderCart();
    const { drawer } = await openDrawer();
    expect(
      within(drawer).getByText(byWholeText('Entrega Grátis com o mínimo de R$ 100,00!')),
    ).toBeInTheDocument();
    expect(within(drawer).getByText('Taxa de entrega').nextSibling).toHaveTextContent('R$ 5,00');
    expect(within(drawer).getByText('Total').nextSibling).toHaveTextContent('R$ 77,30');
    act(() => setAbono(50));
    expect(within(drawer).queryByText(/Entrega Grátis com o mínimo/)).not.toBeInTheDocument();
    expect(within(drawer).getByText('Taxa de entrega').nextSibling).toHaveTextContent('Grátis');
    expect(within(drawer).getByText('Total').nextSibling).toHaveTextContent('R$ 72,30');
    act(() => setAbono(0));
    expect(within(drawer).queryByText(/Entrega Grátis com o mínimo/)).not.toBeInTheDocument();
    expect(within(drawer).getByText('Taxa de entrega').nextSibling).toHaveTextContent('R$ 5,00');
  });

  it('Escape closes it', async () => {
    await fill();
    renderCart();
    const { user } = await openDrawer();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('replacing the cart', () => {
  it('declining keeps the old cart; accepting replaces it', async () => {
    await fill();
    renderCart();
    const user = userEvent.setup();
    let answer!: Promise<boolean>;
    act(() => {
      answer = requestAddItem(hamburgueria, makeItem({ idproduto: 20, descricao: 'X-Burger' }));
    });
    const modal = await screen.findByRole('dialog', { name: 'Esvaziar carrinho?' });
    expect(modal).toHaveTextContent(
      'Seu carrinho tem itens de Pizzaria Bella. Deseja esvaziá-lo e adicionar este item de Hamburgueria do Zé?',
    );
    await user.click(within(modal).getByRole('button', { name: 'Cancelar' }));
    expect(await answer).toBe(false);
    expect(getCart().estabelecimento?.id).toBe(pizzaria.id);
    expect(getCart().itens).toHaveLength(2);

    act(() => {
      answer = requestAddItem(hamburgueria, makeItem({ idproduto: 20, descricao: 'X-Burger' }));
    });
    const again = await screen.findByRole('dialog', { name: 'Esvaziar carrinho?' });
    await user.click(within(again).getByRole('button', { name: 'Esvaziar e adicionar' }));
    expect(await answer).toBe(true);
    expect(getCart().estabelecimento).toEqual(hamburgueria);
    expect(getCart().itens.map((i) => i.descricao)).toEqual(['X-Burger']);
    expect(screen.getByRole('button', { name: 'Carrinho, 1 item' })).toBeInTheDocument();
  });
});
