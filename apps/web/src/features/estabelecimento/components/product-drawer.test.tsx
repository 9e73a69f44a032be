import { cleanNotifications } from '@mantine/notifications';
import { formatBRL, priceItem } from '@rango/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cart, CartItem } from '../../../stores/cart.ts';
import * as data from '../testing/fixtures.ts';
import { fakeApi, renderPage } from '../testing/render-page.tsx';

const cart = vi.hoisted(() => ({
  state: { estabelecimento: null, itens: [] } as Pick<Cart, 'estabelecimento' | 'itens'>,
  requestAddItem: vi.fn(async (..._args: unknown[]) => true),
  editItem: vi.fn(),
}));

vi.mock('../../../stores/cart.ts', () => ({
  useCart: () => cart.state,
  requestAddItem: cart.requestAddItem,
  repriceItems: vi.fn(),
  editItem: cart.editItem,
  useCartDrawer: () => ({ opened: false, open: () => {}, close: () => {} }),
}));

beforeEach(() => {
  fakeApi();
  cart.state = { estabelecimento: null, itens: [] };
  cart.requestAddItem.mockClear();
  cart.editItem.mockClear();
});
afterEach(() => {
  act(() => cleanNotifications());
  vi.unstubAllGlobals();
});

async function openDrawer(url: string, nome: string) {
  const user = userEvent.setup();
  renderPage(url);
  const drawer = await screen.findByRole('dialog', { name: nome });
  return { user, drawer, d: within(drawer) };
}

const group = (drawer: HTMLElement, legend: string) =>
  within(drawer).getByRole('group', { name: new RegExp(legend) });
const addButton = (drawer: HTMLElement) =>
  within(drawer).getByRole('button', { name: /^(Adicionar|Editar|Indisponível)/ });

describe('product drawer', { timeout: 20_000 }, () => {
  it('shows the product, its visible groups and options with prices and rule texts', async () => {
    const { drawer, d } = await openDrawer('/estabelecimento/1?item=1', 'X-Burguer');
    expect(d.getByText('Pão, carne 180 g e queijo.')).toBeInTheDocument();
    expect(d.getAllByText('R$ 25,90')).toHaveLength(2); // price and the button's total
    expect(d.getByRole('textbox', { name: 'Comentário' })).toHaveAttribute(
      'placeholder',
      'Exemplo: Sem verdura, sem mostarda etc.',
    );
    const adicionais = group(drawer, 'Adicionais');
    expect(within(adicionais).getByText('Escolha no máximo 3 opções.')).toBeInTheDocument();
    expect(within(adicionais).getByText('+ R$ 3,00')).toBeInTheDocument();
    expect(within(adicionais).getByText('+ R$ 2,50').tagName).toBe('S');
    expect(within(adicionais).getAllByText('+ R$ 2,00')).toHaveLength(2); // Queijo's offer, Ovo
    expect(within(adicionais).getByText('INDISPONÍVEL')).toBeInTheDocument();
    expect(within(adicionais).getByRole('button', { name: 'Aumentar quantidade de Ovo' })).toBeDisabled();
    expect(within(adicionais).queryByText('Picles')).not.toBeInTheDocument();
    expect(d.queryByText('Grupo escondido')).not.toBeInTheDocument();
    // Leave-out groups show no price; radios for the single choice, checkboxes for the rest.
    expect(within(group(drawer, 'Ponto da carne')).getAllByRole('radio')).toHaveLength(3);
    expect(within(group(drawer, 'Retirar')).getAllByRole('checkbox')).toHaveLength(2);
    expect(addButton(drawer)).toHaveTextContent('R$ 25,90');
  });

  it('shows OBRIGATÓRIO until the minimum is met, and single choice swaps', async () => {
    const { user, drawer } = await openDrawer('/estabelecimento/1?item=1', 'X-Burguer');
    const ponto = group(drawer, 'Ponto da carne');
    expect(within(ponto).getByText('OBRIGATÓRIO')).toBeInTheDocument();
    // Beside a long group name the tag keeps its width (else it is cut to 'OBRIGAT…').
    expect(within(ponto).getByText('OBRIGATÓRIO').closest('.mantine-Badge-root')).toHaveStyle({
      flexShrink: '0',
    });
    expect(within(ponto).getByText('Escolha 1 opção.')).toBeInTheDocument();
    await user.click(within(ponto).getByRole('radio', { name: 'Mal passada' }));
    expect(within(ponto).queryByText('OBRIGATÓRIO')).not.toBeInTheDocument();
    await user.click(within(ponto).getByRole('radio', { name: 'Bem passada' }));
    expect(within(ponto).getByRole('radio', { name: 'Bem passada' })).toBeChecked();
    expect(within(ponto).getByRole('radio', { name: 'Mal passada' })).not.toBeChecked();
  });

  it("refuses with 'Itens Obrigatórios' while a required group is unmet", async () => {
    const { user, drawer } = await openDrawer('/estabelecimento/1?item=1', 'X-Burguer');
    await user.click(addButton(drawer));
    expect(await screen.findByText('Itens Obrigatórios')).toBeInTheDocument();
    expect(
      screen.getByText('Você precisa escolher todos os itens obrigatórios para adicionar o produto.'),
    ).toBeInTheDocument();
    expect(group(drawer, 'Ponto da carne')).toHaveAttribute('data-destacado', 'true');
    expect(cart.requestAddItem).not.toHaveBeenCalled();
  });

  it('a satisfied refusal goes away when the item is added, and refusals never stack', async () => {
    const { user, drawer } = await openDrawer('/estabelecimento/1?item=1', 'X-Burguer');
    await user.click(addButton(drawer));
    await user.click(addButton(drawer));
    expect(await screen.findAllByText('Itens Obrigatórios')).toHaveLength(1);
    await user.click(within(group(drawer, 'Ponto da carne')).getByRole('radio', { name: 'Ao ponto' }));
    await user.click(addButton(drawer));
    await waitFor(() => expect(cart.requestAddItem).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByText('Itens Obrigatórios')).not.toBeInTheDocument());
  });

  it('disables plus at the option qtdmax and at the group qtdmultiplomax', async () => {
    const { user, drawer } = await openDrawer('/estabelecimento/1?item=1', 'X-Burguer');
    const adicionais = group(drawer, 'Adicionais');
    const maisBacon = within(adicionais).getByRole('button', { name: 'Aumentar quantidade de Bacon' });
    const maisQueijo = within(adicionais).getByRole('button', {
      name: 'Aumentar quantidade de Queijo extra',
    });
    expect(within(adicionais).getByRole('button', { name: 'Diminuir quantidade de Bacon' })).toBeDisabled();
    await user.click(maisBacon);
    await user.click(maisBacon);
    expect(maisBacon).toBeDisabled(); // qtdmax 2
    expect(maisQueijo).toBeEnabled();
    await user.click(maisQueijo);
    expect(maisQueijo).toBeDisabled(); // qtdmultiplomax 3 reached
    await user.click(within(adicionais).getByRole('button', { name: 'Diminuir quantidade de Bacon' }));
    expect(maisQueijo).toBeEnabled();
  });

  it("a refused checkbox change shows 'Quantidade máxima da opção excedida!'", async () => {
    const limited = data.produto({
      idproduto: 7,
      descricao: 'Salada',
      grupoopcoes: [
        data.grupo({
          idgrupoopcao: 40,
          descricao: 'Folhas',
          qtdmultiplomax: 2,
          opcoes: [
            data.opcao({ idopcao: 401, descricao: 'Alface' }),
            data.opcao({ idopcao: 402, descricao: 'Rúcula' }),
            data.opcao({ idopcao: 403, descricao: 'Agrião' }),
          ],
        }),
      ],
    });
    fakeApi({ menu: { grupos: [{ idgrupo: 1, descricao: 'Saladas', produtos: [limited] }] } });
    const { user, drawer } = await openDrawer('/estabelecimento/1?item=7', 'Salada');
    const folhas = group(drawer, 'Folhas');
    await user.click(within(folhas).getByRole('checkbox', { name: 'Alface' }));
    await user.click(within(folhas).getByRole('checkbox', { name: 'Rúcula' }));
    await user.click(within(folhas).getByRole('checkbox', { name: 'Agrião' }));
    expect(within(folhas).getByRole('alert')).toHaveTextContent('Quantidade máxima da opção excedida!');
    expect(within(folhas).getByRole('checkbox', { name: 'Agrião' })).not.toBeChecked();
  });

  it('pre-applies qtdpadrao and counts it in the total', async () => {
    const { drawer } = await openDrawer('/estabelecimento/1?item=6', 'Batata Frita');
    const molhos = group(drawer, 'Molhos');
    expect(within(molhos).getByRole('group', { name: 'Quantidade de Ketchup' })).toHaveTextContent('2');
    expect(addButton(drawer)).toHaveTextContent('R$ 14,00');
  });

  it('a default single choice is pre-selected and the total follows the swap', async () => {
    const { user, drawer } = await openDrawer('/estabelecimento/1?item=5', 'Refrigerante');
    const sabor = group(drawer, 'Sabor');
    expect(within(sabor).getByRole('radio', { name: 'Cola' })).toBeChecked();
    expect(within(sabor).queryByText('OBRIGATÓRIO')).not.toBeInTheDocument();
    await user.click(within(sabor).getByRole('radio', { name: /Guaraná/ }));
    expect(addButton(drawer)).toHaveTextContent('R$ 6,50');
  });

  it("the total equals the domain's priceItem and the item goes to the cart", async () => {
    const { user, drawer, d } = await openDrawer('/estabelecimento/1?item=1', 'X-Burguer');
    await user.click(d.getByRole('radio', { name: 'Ao ponto' }));
    await user.click(d.getByRole('button', { name: 'Aumentar quantidade de Bacon' }));
    await user.click(d.getByRole('button', { name: 'Aumentar quantidade de Bacon' }));
    await user.click(d.getByRole('button', { name: 'Aumentar quantidade de Queijo extra' }));
    await user.click(d.getByRole('checkbox', { name: 'Sem cebola' }));
    await user.click(d.getByRole('button', { name: 'Aumentar quantidade' }));
    await user.type(d.getByRole('textbox', { name: 'Comentário' }), 'Bem quente');
    const escolhas = { 10: { 102: 1 }, 11: { 111: 2, 112: 1 }, 12: { 121: 1 } };
    const esperado = priceItem(data.xBurguer, { quantidade: 2, escolhas });
    expect(addButton(drawer)).toHaveTextContent(formatBRL(esperado.preco_total));
    expect(esperado.preco_total).toBe(2 * (2590 + 600 + 200));

    await user.click(addButton(drawer));
    await waitFor(() => expect(cart.requestAddItem).toHaveBeenCalledTimes(1));
    const [est, item] = cart.requestAddItem.mock.calls[0] as [unknown, CartItem];
    expect(est).toEqual({ id: 1, nome: 'Sabor da Vila', pedidominimo: 20 });
    expect(item).toEqual({
      idproduto: 1,
      descricao: 'X-Burguer',
      imagem: null,
      preco: 25.9,
      precooferta: 0,
      quantidade: 2,
      observacoes: 'Bem quente',
      grupoopcoes: escolhas,
      preco_unit: esperado.preco_unit,
      preco_total: esperado.preco_total,
      resumo: ['Ao ponto', '2x Bacon', 'Queijo extra', 'Sem cebola'],
    });
    expect(await screen.findByText('Item adicionado ao carrinho')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/estabelecimento\/1$/));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the drawer open when replacing another establishment's cart is declined", async () => {
    cart.requestAddItem.mockResolvedValueOnce(false);
    const { user, drawer } = await openDrawer('/estabelecimento/1?item=2', 'Pão de Queijo');
    await user.click(addButton(drawer));
    await waitFor(() => expect(cart.requestAddItem).toHaveBeenCalled());
    expect(screen.getByRole('dialog', { name: 'Pão de Queijo' })).toBeInTheDocument();
    expect(screen.queryByText('Item adicionado ao carrinho')).not.toBeInTheDocument();
  });

  it("refuses an unavailable product with 'Produto indisponível'", async () => {
    const { user, drawer, d } = await openDrawer('/estabelecimento/1?item=3', 'Hambúrguer Vegano');
    expect(d.getByText('INDISPONÍVEL')).toBeInTheDocument();
    const botao = addButton(drawer);
    expect(botao).toHaveTextContent(/^Indisponível$/);
    expect(botao).toHaveAttribute('aria-disabled', 'true');
    await user.click(botao);
    expect(await screen.findByText('Produto indisponível')).toBeInTheDocument();
    expect(screen.getByText('No momento o produto está indisponível.')).toBeInTheDocument();
    expect(cart.requestAddItem).not.toHaveBeenCalled();
  });

  it("refuses with 'Estabelecimento Fechado' when the store is closed", async () => {
    fakeApi({ detalhe: { ...data.detalhe, lojaaberta: false } });
    const { user, drawer } = await openDrawer('/estabelecimento/1?item=2', 'Pão de Queijo');
    await user.click(addButton(drawer));
    expect(await screen.findByText('Estabelecimento Fechado')).toBeInTheDocument();
    expect(cart.requestAddItem).not.toHaveBeenCalled();
  });

  it("refuses with 'Sem Forma de Pagamento' without payment methods", async () => {
    fakeApi({ formasPgto: [] });
    const { user, drawer } = await openDrawer('/estabelecimento/1?item=2', 'Pão de Queijo');
    await waitFor(() => expect(addButton(drawer)).not.toHaveAttribute('data-loading'));
    await user.click(addButton(drawer));
    expect(await screen.findByText('Sem Forma de Pagamento')).toBeInTheDocument();
    expect(screen.getAllByText('Nenhum meio de pagamento configurado.').length).toBeGreaterThan(0);
    expect(cart.requestAddItem).not.toHaveBeenCalled();
  });

  it('edits a cart item: prefilled from ?indice= and saved with editItem', async () => {
    const existente: CartItem = {
      idproduto: 1,
      descricao: 'X-Burguer',
      imagem: null,
      preco: 25.9,
      precooferta: 0,
      quantidade: 3,
      observacoes: 'Sem sal',
      grupoopcoes: { 10: { 103: 1 }, 11: { 111: 1 } },
      preco_unit: 2890,
      preco_total: 8670,
      resumo: ['Bem passada', 'Bacon'],
    };
    cart.state = {
      estabelecimento: { id: 1, nome: 'Sabor da Vila', pedidominimo: 20 },
      itens: [data.paoDeQueijo as unknown as CartItem, existente],
    };
    const { user, drawer, d } = await openDrawer('/estabelecimento/1?item=1&indice=1', 'X-Burguer');
    expect(d.getByRole('radio', { name: 'Bem passada' })).toBeChecked();
    expect(d.getByRole('group', { name: 'Quantidade de Bacon' })).toHaveTextContent('1');
    expect(d.getByRole('textbox', { name: 'Comentário' })).toHaveValue('Sem sal');
    expect(d.getByRole('group', { name: 'Quantidade' })).toHaveTextContent('3');
    expect(addButton(drawer)).toHaveTextContent(/^Editar/);
    expect(addButton(drawer)).toHaveTextContent('R$ 86,70');
    await user.click(d.getByRole('button', { name: 'Diminuir quantidade' }));
    await user.click(addButton(drawer));
    expect(cart.editItem).toHaveBeenCalledWith(
      1,
      expect.objectContaining({ idproduto: 1, quantidade: 2, preco_total: 5780, observacoes: 'Sem sal' }),
    );
    expect(cart.requestAddItem).not.toHaveBeenCalled();
  });

  it('opens normally when ?indice= names an item of another product', async () => {
    cart.state = {
      estabelecimento: { id: 1, nome: 'Sabor da Vila', pedidominimo: 20 },
      itens: [{ idproduto: 2 } as CartItem],
    };
    const { drawer } = await openDrawer('/estabelecimento/1?item=1&indice=0', 'X-Burguer');
    expect(addButton(drawer)).toHaveTextContent(/^Adicionar/);
  });

  it('the item quantity never goes below 1', async () => {
    const { d } = await openDrawer('/estabelecimento/1?item=2', 'Pão de Queijo');
    expect(d.getByRole('button', { name: 'Diminuir quantidade' })).toBeDisabled();
  });

  it('the total shows its breakdown on demand, and the lines add up to the total on the button (issue 14)', async () => {
    const { user, drawer, d } = await openDrawer('/estabelecimento/1?item=1', 'X-Burguer');
    const adicionais = group(drawer, 'Adicionais');
    await user.click(within(adicionais).getByRole('button', { name: 'Aumentar quantidade de Bacon' }));
    await user.click(within(adicionais).getByRole('button', { name: 'Aumentar quantidade de Bacon' }));
    await user.click(d.getByRole('button', { name: 'Aumentar quantidade' }));
    const toggle = d.getByRole('button', { name: 'Como o total é calculado' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(d.getByRole('button', { name: 'Ocultar o cálculo do total' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const linhas = Array.from(drawer.querySelectorAll('dl dt')).map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(linhas).toEqual([
      ['X-Burguer', 'R$ 25,90'],
      ['Adicionais', 'R$ 6,00'],
      ['Por unidade × 2', 'R$ 31,90 × 2'],
      ['Total', 'R$ 63,80'],
    ]);
    const engine = priceItem(data.xBurguer, { quantidade: 2, escolhas: { 11: { 111: 2 } } }).preco_total;
    expect(formatBRL(engine)).toBe('R$ 63,80');
    expect(addButton(drawer)).toHaveTextContent('R$ 63,80');
  });
});
