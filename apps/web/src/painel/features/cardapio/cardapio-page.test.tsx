import { MSG_CATALOGO } from '@rango/domain/painel/catalogo';
import { formatBRL, priceItem, type GrupoOpcao, type Produto } from '@rango/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../../test/mock-api.ts';
import { clearStaffSession, setStaffTokens } from '../../session.ts';
import { EU_DONO, renderPainel } from '../../testing/render.tsx';
import { CARDAPIO } from './testing/fixtures.ts';

const BASE = '/painel/estabelecimento/1';

beforeEach(() => setStaffTokens({ access: 'a1', refresh: 'r1' }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearStaffSession();
});

/** The same products as the customer's menu serves them (reais), written by hand: what the server prices. */
function opcaoCliente(idopcao: number, descricao: string, preco: number, valorafetaproduto = 0) {
  return {
    idopcao,
    descricao,
    detalhe: null,
    quantidade: 0,
    qtdpadrao: 0,
    qtdmax: 0,
    preco,
    precooferta: 0,
    stindisponivel: 0 as const,
    valorafetatudo: 0,
    valorafetaopcao: 0,
    valorafetaproduto,
    stpercentualafetaopcao: 0,
    stpercentualafetaproduto: 0,
  };
}
function produtoCliente(idproduto: number, preco: number, grupo: GrupoOpcao): Produto {
  return {
    idproduto,
    descricao: 'x',
    detalhe: null,
    imagem: null,
    preco,
    precooferta: 0,
    stindisponivel: 0,
    quantidade: 0,
    observacoes: null,
    grupoopcoes: [grupo],
  };
}
const grupoBase = {
  multiplo: false,
  qtdinclusa: 0,
  qtdmultiplomin: 2,
  qtdmultiplomax: 2,
  stnegagrupoopcao: 0,
  stindisponivel: 0 as const,
};

/** The server's price of 'Combo da casa' (a Kit) with Refrigerante (changed by `refri`) and Batata grande. */
function comboComRefriEBatata(refri: Partial<ReturnType<typeof opcaoCliente>> = {}): number {
  return priceItem(
    produtoCliente(20, 39.9, {
      ...grupoBase,
      idgrupoopcao: 200,
      descricao: 'k',
      stprecopraticado: 10,
      opcoes: [
        { ...opcaoCliente(2001, 'Refrigerante', 600), ...refri },
        opcaoCliente(2002, 'Batata grande', 1200, 500),
        opcaoCliente(2003, 'Hambúrguer', 2500),
      ],
    }),
    { quantidade: 1, escolhas: { 200: { 2001: 1, 2002: 1 } } },
  ).preco_total;
}

function api(...extra: Parameters<typeof mockApi>) {
  return mockApi(
    ...extra,
    on('GET', '/painel/eu/', 200, EU_DONO),
    on('GET', `${BASE}/cardapio/`, 200, CARDAPIO),
  );
}

const previa = () => screen.getByRole('region', { name: /Pizza dois sabores|Combo da casa/ });

describe('/painel/:id/cardapio', () => {
  it('prices a MaiorOpcao choice in the preview exactly as the domain engine does', async () => {
    api();
    const user = userEvent.setup();
    renderPainel('/1/cardapio?produto=10');
    const p = await screen.findByRole('region', { name: 'Pizza dois sabores' });
    await user.click(within(p).getByRole('checkbox', { name: /Calabresa/ }));
    await user.click(within(p).getByRole('checkbox', { name: /Quatro queijos/ }));
    const esperado = priceItem(
      produtoCliente(10, 0, {
        ...grupoBase,
        idgrupoopcao: 100,
        descricao: 's',
        stprecopraticado: 3,
        opcoes: [opcaoCliente(1001, 'Calabresa', 4000), opcaoCliente(1002, 'Quatro queijos', 5200)],
      }),
      { quantidade: 1, escolhas: { 100: { 1001: 1, 1002: 1 } } },
    ).preco_total;
    expect(esperado).toBe(5200);
    expect(within(p).getByTestId('previa-total')).toHaveTextContent(`Total: ${formatBRL(esperado)}`);
    // Two units: twice the unit price.
    await user.click(within(p).getByRole('button', { name: 'Aumentar quantidade' }));
    expect(within(p).getByTestId('previa-total')).toHaveTextContent(`Total: ${formatBRL(esperado * 2)}`);
  }, 60_000);

  it('prices a Kit choice (with a product adjustment) in the preview exactly as the domain engine does', async () => {
    api();
    const user = userEvent.setup();
    renderPainel('/1/cardapio?produto=20');
    const p = await screen.findByRole('region', { name: 'Combo da casa' });
    await user.click(within(p).getByRole('checkbox', { name: /Refrigerante/ }));
    await user.click(within(p).getByRole('checkbox', { name: /Batata grande/ }));
    const esperado = comboComRefriEBatata();
    expect(esperado).toBe(4490);
    expect(within(p).getByTestId('previa-total')).toHaveTextContent(`Total: ${formatBRL(esperado)}`);
  }, 60_000);

  it("an option's price adjustments: open when it has one, rendered only when open, priced in the preview", async () => {
    api();
    const user = userEvent.setup();
    renderPainel('/1/cardapio?produto=20');
    const p = await screen.findByRole('region', { name: 'Combo da casa' });
    // Batata grande changes the product's price (R$ 5,00): its adjustments show from the start.
    const batata = screen.getByRole('listitem', { name: 'Batata grande' });
    expect(within(batata).getByRole('button', { name: 'Ocultar ajustes de preço' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(batata).getByRole('textbox', { name: 'Muda o preço do produto' })).toHaveValue('5,00');
    // Refrigerante has none: closed, and its fields are not there at all.
    const refri = screen.getByRole('listitem', { name: 'Refrigerante' });
    const abrir = within(refri).getByRole('button', { name: 'Ajustes de preço (tamanho, acréscimos)' });
    expect(abrir).toHaveAttribute('aria-expanded', 'false');
    expect(within(refri).queryByRole('textbox', { name: 'Soma ao item' })).toBeNull();
    await user.click(abrir);
    const soma = within(refri).getByRole('textbox', { name: 'Soma ao item' });
    await user.clear(soma);
    await user.type(soma, '2,00');
    await user.click(within(p).getByRole('checkbox', { name: /Refrigerante/ }));
    await user.click(within(p).getByRole('checkbox', { name: /Batata grande/ }));
    const esperado = comboComRefriEBatata({ valorafetatudo: 200 });
    expect(esperado).toBe(4690);
    expect(within(p).getByTestId('previa-total')).toHaveTextContent(`Total: ${formatBRL(esperado)}`);
  }, 60_000);

  it("reprices the preview when an option's price changes in the editor (the memoised parts are not stale)", async () => {
    api();
    const user = userEvent.setup();
    renderPainel('/1/cardapio?produto=10');
    const p = await screen.findByRole('region', { name: 'Pizza dois sabores' });
    await user.click(within(p).getByRole('checkbox', { name: /Calabresa/ }));
    await user.click(within(p).getByRole('checkbox', { name: /Quatro queijos/ }));
    expect(within(p).getByTestId('previa-total')).toHaveTextContent('Total: R$ 52,00');
    const calabresa = screen.getByRole('listitem', { name: 'Calabresa' });
    const preco = within(calabresa).getByRole('textbox', { name: 'Preço' });
    await user.clear(preco);
    await user.type(preco, '60');
    // A price is not a change of structure: the choices stay, the total follows.
    expect(within(p).getByRole('checkbox', { name: /Calabresa/ })).toBeChecked();
    expect(within(p).getByTestId('previa-total')).toHaveTextContent('Total: R$ 60,00');
  }, 60_000);

  it('shows a price typed in the editor in the preview at once, and sends it in cents on save', async () => {
    const m = api((c) =>
      c.method === 'POST' && c.path === `${BASE}/produtos/salvar/`
        ? {
            status: 200,
            body: {
              produto: {
                ...CARDAPIO.categorias[1]!.produtos[0],
                ...(c.body as { produto: object }).produto,
              },
              gruposopcao: CARDAPIO.gruposopcao.filter((g) => g.idgrupoopcao === 200),
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderPainel('/1/cardapio?produto=20');
    const preco = await screen.findByRole('textbox', { name: 'Preço do produto' });
    expect(preco).toHaveValue('39,90');
    await user.clear(preco);
    await user.type(preco, '1.234,5');
    expect(within(previa()).getAllByText('R$ 1.234,50').length).toBeGreaterThan(0);
    expect(screen.getByText('Alterações não salvas')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar produto' }));
    await waitFor(() =>
      expect(
        m.calls.find((c) => c.method === 'POST' && c.path === `${BASE}/produtos/salvar/`)?.body,
      ).toMatchObject({
        idproduto: 20,
        produto: { idgrupo: 2, descricao: 'Combo da casa', preco: 123450 },
        grupos: [{ idgrupoopcao: 200 }],
      }),
    );
    expect(await screen.findByText(/Produto salvo/)).toBeInTheDocument();
    // One request saved it all (the product with its group and options, as one unit).
    expect(m.calls.filter((c) => c.method !== 'GET')).toHaveLength(1);
  }, 60_000);

  it("shows the one save's refusal on the field it names (an option's price, by its place in the body)", async () => {
    const m = api(
      on('POST', `${BASE}/produtos/salvar/`, 400, {
        'grupos.0.opcoes.1.preco': ['Preço recusado pelo servidor.'],
      }),
    );
    const user = userEvent.setup();
    renderPainel('/1/cardapio?produto=20');
    const preco = await screen.findByRole('textbox', { name: 'Preço do produto' });
    await user.clear(preco);
    await user.type(preco, '41,90');
    await user.click(screen.getByRole('button', { name: 'Salvar produto' }));
    await screen.findAllByText('Preço recusado pelo servidor.');
    // On the second option's price field, not on the product's.
    const invalidos = [...document.querySelectorAll<HTMLElement>('[aria-invalid="true"]')];
    expect(invalidos).toHaveLength(1);
    expect(invalidos[0]).toHaveAccessibleDescription(/Preço recusado pelo servidor/);
    expect(invalidos[0]).toHaveAccessibleName(/^Preço/);
    expect(invalidos[0]).not.toBe(preco);
    expect(preco).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Alterações não salvas')).toBeInTheDocument();
    expect(m.calls.filter((c) => c.method !== 'GET')).toHaveLength(1);
  }, 60_000);

  it("refuses a group whose minimum is above its maximum with the contract's text, without calling the server", async () => {
    const m = api();
    const user = userEvent.setup();
    renderPainel('/1/cardapio?produto=10');
    const minimo = await screen.findByRole('textbox', { name: /Mínimo/ });
    await user.clear(minimo);
    await user.type(minimo, '3');
    await user.tab();
    expect(await screen.findByText(MSG_CATALOGO.minimoAcimaDoMaximo)).toHaveAttribute('role', 'alert');
    await user.click(screen.getByRole('button', { name: 'Salvar produto' }));
    expect(await screen.findByText('Corrija os campos marcados antes de salvar.')).toBeInTheDocument();
    expect(m.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  }, 60_000);

  it('moves a category down at once and puts it back when the server refuses', async () => {
    const m = api(on('PUT', `${BASE}/categorias/ordem/`, 400, { ids: [MSG_CATALOGO.ordemIncompleta] }));
    const user = userEvent.setup();
    renderPainel('/1/cardapio');
    const nomes = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    await screen.findByRole('heading', { name: 'Pizzas' });
    expect(nomes().slice(0, 2)).toEqual(['Pizzas', 'Combos']);
    await user.click(screen.getByRole('button', { name: 'Mover para baixo: Pizzas' }));
    await waitFor(() => expect(m.calls.find((c) => c.method === 'PUT')?.body).toEqual({ ids: [2, 1] }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_CATALOGO.ordemIncompleta);
    await waitFor(() => expect(nomes().slice(0, 2)).toEqual(['Pizzas', 'Combos']));
  }, 60_000);

  it('asks before deleting a category', async () => {
    const m = api(on('DELETE', `${BASE}/categorias/2/`, 204));
    const user = userEvent.setup();
    renderPainel('/1/cardapio');
    await user.click(await screen.findByRole('button', { name: 'Excluir categoria: Combos' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Excluir a categoria Combos?' });
    await user.click(within(dialogo).getByRole('button', { name: 'Cancelar' }));
    expect(m.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Excluir categoria: Combos' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Excluir categoria' }),
    );
    await waitFor(() => expect(m.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
  }, 60_000);

  it('asks before leaving a product with unsaved changes', async () => {
    api();
    const confirmar = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const user = userEvent.setup();
    renderPainel('/1/cardapio?produto=20');
    const nome = await screen.findByRole('textbox', { name: 'Nome' });
    await user.type(nome, ' X');
    await user.click(screen.getByRole('button', { name: /^Pizza dois sabores/ }));
    expect(confirmar).toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveValue('Combo da casa X');
    // A link of the panel's nav asks too.
    await user.click(screen.getByRole('link', { name: 'Pedidos' }));
    expect(confirmar).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('heading', { level: 1, name: 'Cardápio' })).toBeInTheDocument();
  }, 60_000);
});
