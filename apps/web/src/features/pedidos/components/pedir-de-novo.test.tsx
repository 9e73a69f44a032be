import { STATUS, type ItemInput, type LinhaPedirDeNovo, type Menu, type Produto } from '@rango/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerReplaceCart, clearCart, getCart, initCart } from '../../../stores/cart.ts';
import { hamburgueria, makeItem } from '../../../test/cart-test-data.ts';
import { clearSession, setTokens } from '../../../stores/session.ts';
import { detalhe, menu, paoDeQueijo, xBurguer } from '../../estabelecimento/testing/fixtures.ts';
import { buildCartItem } from '../../../lib/cart-item.ts';
import { adicionarAoCarrinho, itensParaCarrinho } from '../lib/pedir-de-novo.ts';
import PedidoPage from '../routes/pedido-page.tsx';
import { h, makePedido } from '../testing/fixtures.ts';
import { get, mockApi } from '../testing/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';

beforeEach(() => {
  act(() => {
    setTokens({ access: 'a', refresh: 'r' });
    clearCart();
  });
});

afterEach(() => {
  act(() => {
    clearSession();
    clearCart();
  });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const sub = (opcao_id: number, descricao: string, preco: number) => ({
  opcao_id,
  descricao,
  preco_unit: preco,
  preco_total: preco,
  quantidade: 1,
  quantidade_adicionada: 1,
  ajuste: 0,
});

/** 2 × X-Burguer ao ponto with bacon at R$ 28,90; a Pão de Queijo at R$ 6,90; a Vegano (unavailable today). */
const itens: ItemInput[] = [
  {
    produto_id: 1,
    descricao: 'X-Burguer',
    quantidade: 2,
    preco_unit: 2890,
    preco_total: 5780,
    ajuste: 0,
    observacoes: 'Sem sal',
    subitens: [
      { grupoopcao_id: 10, stprecopraticado: 0, sub_subitens: [sub(102, 'Ao ponto', 0)] },
      { grupoopcao_id: 11, stprecopraticado: 0, sub_subitens: [sub(111, 'Bacon', 300)] },
    ],
  },
  {
    produto_id: 2,
    descricao: 'Pão de Queijo',
    quantidade: 1,
    preco_unit: 690,
    preco_total: 690,
    ajuste: 0,
    observacoes: '',
    subitens: [],
  },
  {
    produto_id: 3,
    descricao: 'Hambúrguer Vegano',
    quantidade: 1,
    preco_unit: 2900,
    preco_total: 2900,
    ajuste: 0,
    observacoes: '',
    subitens: [],
  },
];

const concluido = makePedido({
  historico: [h(0), h(STATUS.Confirmado, 4), h(STATUS.Concluido, 40)],
  gravado: { itens },
});

/** Today: the X-Burguer costs R$ 27,90 (was 25,90). */
const menuHoje: Menu = {
  grupos: menu.grupos.map((g) => ({
    ...g,
    produtos: g.produtos.map((p) => (p.idproduto === 1 ? { ...xBurguer, preco: 27.9 } : p)),
  })),
};

const renderPage = () =>
  renderWithProviders(
    { '/pedido/:id': <PedidoPage />, '/estabelecimento/:id': <p>cardápio</p> },
    { route: '/pedido/101/', location: true },
  );

async function abrir() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Pedir de novo o pedido #4321' }));
  const dialog = await screen.findByRole('dialog', { name: 'Pedir de novo: Burger da Vila' });
  return { user, dialog };
}

describe("'Pedir de novo' (issue 14)", { timeout: 20_000 }, () => {
  it('is offered on finished orders only', async () => {
    mockApi(get('/controle/pedido/101/', 200, makePedido({ historico: [h(0), h(STATUS.Confirmado, 4)] })));
    renderPage();
    await screen.findByText('Pedido #4321 · 12/05/2025 às 19:00');
    expect(screen.queryByRole('button', { name: /Pedir de novo/ })).toBeNull();
  });

  it('shows each change before the cart: old → new price, an unavailable product; the customer decides', async () => {
    mockApi(
      get('/controle/pedido/101/', 200, concluido),
      get('/controle/estabelecimento/1/', 200, detalhe),
      get('/api/estabelecimento/1/menu/', 200, menuHoje),
    );
    renderPage();
    const { user, dialog } = await abrir();
    const lista = await within(dialog).findByRole('list', { name: 'Itens do pedido' });
    const [burger, pao, vegano] = within(lista).getAllByRole('listitem');
    expect(burger).toHaveTextContent('2x X-Burguer');
    expect(burger).toHaveTextContent('Preço subiu: R$ 28,90 → R$ 30,90');
    expect(burger).toHaveTextContent('de R$ 28,90 para R$ 30,90 cada');
    expect(burger).toHaveTextContent('R$ 61,80');
    expect(pao).not.toHaveTextContent('Preço');
    expect(vegano).toHaveTextContent('Indisponível hoje: não será adicionado.');
    expect(within(vegano!).queryByRole('radio')).toBeNull();
    // Only the unchanged line is decided; the changed one waits for the customer.
    expect(within(pao!).getByRole('radio', { name: 'Adicionar' })).toBeChecked();
    expect(within(burger!).getByRole('radio', { name: 'Adicionar com as mudanças' })).not.toBeChecked();
    expect(within(dialog).getByText('Total de hoje: R$ 6,90')).toBeInTheDocument();

    const violations = (await axe.run(dialog)).violations;
    expect(violations.map((v) => v.id)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Adicionar ao carrinho' }));
    expect(within(burger!).getByText('Escolha o que fazer com este item.')).toBeInTheDocument();
    expect(getCart().itens).toEqual([]);

    await user.click(within(burger!).getByRole('radio', { name: 'Adicionar com as mudanças' }));
    expect(within(dialog).getByText('Total de hoje: R$ 68,70')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar ao carrinho' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/estabelecimento/1'));
    const cart = getCart();
    expect(cart.estabelecimento).toEqual({ id: 1, nome: 'Sabor da Vila', pedidominimo: 20 });
    expect(cart.itens.map((i) => [i.idproduto, i.quantidade, i.preco_unit, i.observacoes])).toEqual([
      [1, 2, 3090, 'Sem sal'],
      [paoDeQueijo.idproduto, 1, 690, ''],
    ]);
    expect(cart.itens[0]!.grupoopcoes).toEqual({ 10: { 102: 1 }, 11: { 111: 1 } });
  }, 20_000);

  it('an option gone and a group to choose again: the product opens in the menu for a new choice', async () => {
    const semBacon: Menu = {
      grupos: menu.grupos.map((g) => ({
        ...g,
        produtos: g.produtos.map((p) =>
          p.idproduto === 1
            ? {
                ...xBurguer,
                grupoopcoes: xBurguer.grupoopcoes.map((gr) =>
                  gr.idgrupoopcao === 11
                    ? {
                        ...gr,
                        opcoes: gr.opcoes.map((o) =>
                          o.idopcao === 111 ? { ...o, stindisponivel: 1 as const } : o,
                        ),
                      }
                    : gr.idgrupoopcao === 10
                      ? { ...gr, opcoes: gr.opcoes.filter((o) => o.idopcao !== 102) }
                      : gr,
                ),
              }
            : p,
        ),
      })),
    };
    mockApi(
      get('/controle/pedido/101/', 200, concluido),
      get('/controle/estabelecimento/1/', 200, detalhe),
      get('/api/estabelecimento/1/menu/', 200, semBacon),
    );
    renderPage();
    const { user, dialog } = await abrir();
    const [burger] = within(
      await within(dialog).findByRole('list', { name: 'Itens do pedido' }),
    ).getAllByRole('listitem');
    expect(burger).toHaveTextContent('Bacon: indisponível hoje, sai do item');
    expect(burger).toHaveTextContent('Ao ponto: não está mais no cardápio, sai do item');
    expect(burger).toHaveTextContent('Ponto da carne: as regras mudaram, escolha de novo (Escolha 1 opção.)');
    await user.click(within(burger!).getByRole('radio', { name: 'Escolher de novo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar ao carrinho' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/estabelecimento/1?item=1'),
    );
    expect(getCart().itens.map((i) => i.idproduto)).toEqual([2]);
  });

  it('a closed store: says so and adds nothing; Escape closes the dialog', async () => {
    mockApi(
      get('/controle/pedido/101/', 200, concluido),
      get('/controle/estabelecimento/1/', 200, { ...detalhe, lojaaberta: false }),
      get('/api/estabelecimento/1/menu/', 200, menuHoje),
    );
    renderPage();
    const { user, dialog } = await abrir();
    expect(
      await within(dialog).findByText(
        'O estabelecimento está fechado no momento. Você pode pedir de novo quando ele abrir.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Adicionar ao carrinho' })).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getCart().itens).toEqual([]);
  }, 20_000);

  it('an establishment no longer on Rango: a clear message, nothing added', async () => {
    mockApi(
      get('/controle/pedido/101/', 200, concluido),
      get('/controle/estabelecimento/1/', 404, { detail: 'Estabelecimento não encontrado.' }),
      get('/api/estabelecimento/1/menu/', 404, { detail: 'Estabelecimento não encontrado.' }),
    );
    renderPage();
    const { dialog } = await abrir();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Este estabelecimento não está mais no Rango: não é possível pedir de novo.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Adicionar ao carrinho' })).toBeNull();
    expect(getCart().itens).toEqual([]);
  });
});

describe('adicionarAoCarrinho', () => {
  it("another establishment's cart: asks once, replaces it on yes, keeps it on no", async () => {
    const est = { id: 1, nome: 'Sabor da Vila', pedidominimo: 20 };
    const outro = makeItem({ idproduto: 99 });
    act(() => initCart(hamburgueria, outro));
    const a = makeItem({ idproduto: 1 });
    const b = makeItem({ idproduto: 2 });

    const recusado = adicionarAoCarrinho(est, [a, b]);
    act(() => answerReplaceCart(false));
    expect(await recusado).toBe(false);
    expect(getCart().itens.map((i) => i.idproduto)).toEqual([99]);

    const aceito = adicionarAoCarrinho(est, [a, b]);
    act(() => answerReplaceCart(true));
    expect(await aceito).toBe(true);
    expect(getCart().estabelecimento?.id).toBe(1);
    expect(getCart().itens.map((i) => i.idproduto)).toEqual([1, 2]);
  });
});

describe('itensParaCarrinho', () => {
  it('makes the lines to add into the cart items the drawer makes (lib/cart-item.ts buildCartItem)', () => {
    const linha = (
      indice: number,
      produto: Produto,
      escolhas: LinhaPedirDeNovo['escolhas'],
      quantidade: number,
      observacoes: string,
    ): LinhaPedirDeNovo => ({
      indice,
      produto_id: produto.idproduto,
      descricao: produto.descricao,
      quantidade,
      observacoes,
      estado: 'ok',
      produtoMotivo: null,
      produto,
      escolhas,
      precoAntes: 0,
      precoAgora: 1,
      opcoesPerdidas: [],
      gruposAEscolher: [],
    });
    const escolhas = { 10: { 102: 1 }, 11: { 111: 2, 112: 1 }, 12: { 121: 1 } };
    const linhas = [linha(0, xBurguer, escolhas, 3, ' Sem sal '), linha(1, paoDeQueijo, {}, 1, '')];
    expect(itensParaCarrinho(linhas, { 0: 'adicionar', 1: 'adicionar' })).toEqual([
      buildCartItem(xBurguer, { quantidade: 3, escolhas, observacoes: ' Sem sal ' }),
      buildCartItem(paoDeQueijo, { quantidade: 1, escolhas: {}, observacoes: '' }),
    ]);
    expect(itensParaCarrinho(linhas, { 0: 'remover', 1: 'adicionar' })).toHaveLength(1);
  });
});
