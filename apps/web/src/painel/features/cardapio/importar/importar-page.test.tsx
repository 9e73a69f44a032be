import { MSG_IMPORTACAO, type ImportacaoResultado } from '@rango/domain/painel/catalogo';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../../../test/mock-api.ts';
import { clearStaffSession, setStaffTokens } from '../../../session.ts';
import { EU_DONO, renderPainel } from '../../../testing/render.tsx';

const BASE = '/painel/estabelecimento/1';

const DRY_RUN: ImportacaoResultado = {
  aplicado: false,
  alteracoes: [
    { acao: 'criar', entidade: 'produto', id: null, descricao: 'Pizza doce', linha: 4 },
    { acao: 'criar', entidade: 'opcao', id: null, descricao: 'Chocolate', linha: 4 },
    { acao: 'alterar', entidade: 'produto', id: 10, descricao: 'Pizza dois sabores', linha: 2 },
    { acao: 'excluir', entidade: 'categoria', id: 2, descricao: 'Combos', linha: null },
  ],
  erros: [],
  menu_versao: null,
};

beforeEach(() => {
  setStaffTokens({ access: 'a1', refresh: 'r1' });
  URL.createObjectURL = vi.fn(() => 'blob:arquivo');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearStaffSession();
});

const csv = () => new File(['categoria_id;categoria\n1;Pizzas\n'], 'cardapio.csv', { type: 'text/csv' });
const campo = () => screen.findByLabelText('Escolher arquivo do cardápio');

describe('/painel/:id/cardapio/arquivo', () => {
  it('downloads the menu as JSON and as CSV', async () => {
    const m = mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/cardapio/exportar/?formato=json`, 200, { formato: 'rango.cardapio' }),
      on('GET', `${BASE}/cardapio/exportar/?formato=csv`, 200, 'a;b'),
    );
    const baixados: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      baixados.push(this.download);
    });
    const user = userEvent.setup();
    renderPainel('/1/cardapio/arquivo');
    await user.click(await screen.findByRole('button', { name: 'Baixar JSON' }));
    await waitFor(() => expect(baixados).toEqual(['cardapio-1.json']));
    await user.click(screen.getByRole('button', { name: 'Baixar planilha (CSV)' }));
    await waitFor(() => expect(baixados).toEqual(['cardapio-1.json', 'cardapio-1.csv']));
    expect(m.gets(`${BASE}/cardapio/exportar/?formato=csv`)).toBe(1);
    expect(URL.createObjectURL).toHaveBeenCalledTimes(2);
  }, 60_000);

  it('checks a CSV first (dry run: counts, each change with its line), then imports it on "Importar"', async () => {
    const m = mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('POST', `${BASE}/cardapio/importar/?dry_run=1`, 200, DRY_RUN),
      on('POST', `${BASE}/cardapio/importar/`, 200, { ...DRY_RUN, aplicado: true, menu_versao: 9 }),
    );
    const user = userEvent.setup();
    renderPainel('/1/cardapio/arquivo');
    const arquivo = csv();
    await user.upload(await campo(), arquivo);
    const titulo = await screen.findByRole('heading', { name: 'O que muda com cardapio.csv' });
    // The answer takes the focus (a screen reader reads it; Tab goes on to 'Importar').
    await waitFor(() => expect(titulo).toHaveFocus());
    const post = m.fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[1]!.body).toBe(arquivo);
    expect(new Headers(post[1]!.headers).get('Content-Type')).toBe('text/csv');
    expect(m.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `${BASE}/cardapio/importar/?dry_run=1`,
    ]);

    const tabela = screen.getByRole('table', { name: 'Quantos itens mudam' });
    const linha = (nome: string) =>
      within(tabela).getByRole('rowheader', { name: nome }).closest('tr')!.textContent!.replace(nome, '');
    expect(linha('Produtos')).toBe('110');
    expect(linha('Categorias')).toBe('001');
    expect(linha('Opções')).toBe('100');
    expect(screen.getByText(/Pizza doce/).closest('li')).toHaveTextContent(
      'Criar produto “Pizza doce” (linha 4)',
    );
    expect(
      screen.getByText('Um item do cardápio não está no arquivo e será excluído.', { exact: false }),
    ).toBeInTheDocument();

    await user.tab();
    expect(screen.getByText(/Ver as 4 mudanças/)).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Importar' }));
    expect(await screen.findByRole('heading', { name: 'Cardápio importado' })).toBeInTheDocument();
    expect(
      screen.getByText('2 itens criados, 1 alterado, 1 excluído.', { exact: false }),
    ).toBeInTheDocument();
    expect(m.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `${BASE}/cardapio/importar/?dry_run=1`,
      `${BASE}/cardapio/importar/`,
    ]);
    expect(screen.getByRole('link', { name: 'Ver o cardápio' })).toHaveAttribute('href', '/1/cardapio');
  }, 60_000);

  it('says when a new product (no produto_id) has the name of an existing one', async () => {
    const aviso = MSG_IMPORTACAO.mesmoNomeExcluido('Pizza Calabresa', 302);
    mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('POST', `${BASE}/cardapio/importar/?dry_run=1`, 200, {
        ...DRY_RUN,
        alteracoes: [
          { acao: 'criar', entidade: 'produto', id: null, descricao: 'Pizza Calabresa', linha: 2, aviso },
          { acao: 'excluir', entidade: 'produto', id: 302, descricao: 'Pizza Calabresa', linha: null },
        ],
      }),
    );
    const user = userEvent.setup();
    renderPainel('/1/cardapio/arquivo');
    await user.upload(await campo(), csv());
    await screen.findByRole('heading', { name: 'O que muda com cardapio.csv' });
    expect(screen.getByText('Produtos novos com o nome de um produto existente')).toBeInTheDocument();
    expect(screen.getByText(aviso, { exact: false }).closest('li')).toHaveTextContent(`${aviso} (linha 2)`);
    expect(aviso).toContain('use o produto_id 302');
  }, 60_000);

  it('lists the refusals with their line and reason, and offers no "Importar"', async () => {
    const m = mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('POST', `${BASE}/cardapio/importar/?dry_run=1`, 400, {
        aplicado: false,
        alteracoes: [],
        erros: [
          {
            linha: 3,
            caminho: 'grupos.0.produtos.1.preco',
            msg: 'Valor em reais inválido em "produto_preco" (use 39,90).',
          },
          { linha: 7, caminho: '', msg: 'A opção aparece duas vezes no mesmo grupo.' },
        ],
        menu_versao: null,
      }),
    );
    const user = userEvent.setup();
    renderPainel('/1/cardapio/arquivo');
    await user.upload(await campo(), csv());
    expect(
      await screen.findByRole('heading', { name: 'cardapio.csv não pode ser importado' }),
    ).toBeInTheDocument();
    const alerta = screen.getByRole('alert');
    expect(alerta).toHaveTextContent('2 problemas no arquivo. Nada foi gravado.');
    expect(
      within(alerta)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Linha 3: Valor em reais inválido em "produto_preco" (use 39,90). (grupos.0.produtos.1.preco)',
      'Linha 7: A opção aparece duas vezes no mesmo grupo.',
    ]);
    expect(screen.queryByRole('button', { name: 'Importar' })).not.toBeInTheDocument();
    expect(m.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  }, 60_000);

  it('sends a JSON file as JSON; a broken one is refused here, in Portuguese, without a request', async () => {
    const m = mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('POST', `${BASE}/cardapio/importar/?dry_run=1`, 200, { ...DRY_RUN, alteracoes: [] }),
    );
    const user = userEvent.setup();
    renderPainel('/1/cardapio/arquivo');
    await user.upload(
      await campo(),
      new File(['{"formato": '], 'cardapio.json', { type: 'application/json' }),
    );
    expect(await screen.findByText(MSG_IMPORTACAO.jsonInvalido)).toBeInTheDocument();
    expect(m.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Escolher outro arquivo' }));
    const arquivo = { formato: 'rango.cardapio', versao: 1, grupos: [] };
    await user.upload(
      await campo(),
      new File([JSON.stringify(arquivo)], 'c.json', { type: 'application/json' }),
    );
    expect(await screen.findByText('O arquivo é igual ao cardápio: nada muda.')).toBeInTheDocument();
    expect(m.calls.find((c) => c.method === 'POST')?.body).toEqual(arquivo);
    expect(screen.queryByRole('button', { name: 'Importar' })).not.toBeInTheDocument();
  }, 60_000);

  it('the menu editor links to it', async () => {
    mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/cardapio/`, 200, { menu_versao: 1, categorias: [], gruposopcao: [] }),
    );
    const user = userEvent.setup();
    renderPainel('/1/cardapio');
    await user.click(await screen.findByRole('link', { name: 'Importar ou exportar' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Importar e exportar o cardápio' }),
    ).toBeInTheDocument();
  }, 60_000);
});
