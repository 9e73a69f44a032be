import type { Auditoria } from '@rango/domain/painel/catalogo';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../../test/mock-api.ts';
import { clearStaffSession, setStaffTokens } from '../../session.ts';
import { EU_DOIS, EU_DONO, renderPainel } from '../../testing/render.tsx';
import { CARDAPIO } from '../cardapio/testing/fixtures.ts';

const BASE = '/painel/estabelecimento/1';
type Item = Auditoria['itens'][number];

const item = (id: number, x: Partial<Item>): Item => ({
  id,
  idfuncionario: 1,
  funcionario: 'Dona Vila',
  entidade: 'produto',
  identidade: 10,
  acao: 'alterar',
  dados: null,
  criado_em: '2026-11-26T17:30:00.000Z',
  ...x,
});

beforeEach(() => setStaffTokens({ access: 'a1', refresh: 'r1' }));
afterEach(() => {
  vi.unstubAllGlobals();
  clearStaffSession();
});

describe('/painel/:id/historico', () => {
  it('lists who changed what and when, newest first, and loads older pages with "Carregar mais"', async () => {
    const m = mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/cardapio/`, 200, CARDAPIO),
      on('GET', `${BASE}/auditoria/`, 200, {
        itens: [
          item(9, { acao: 'criar', dados: { descricao: 'Pizza doce', preco: 3000 } }),
          item(8, { acao: 'imagem', identidade: 20, dados: { imagem: '/api/ead/media/produtos/a.webp' } }),
          item(7, {
            entidade: 'cardapio',
            identidade: null,
            acao: 'importar',
            idfuncionario: null,
            funcionario: null,
            dados: { criar: 3, alterar: 1, excluir: 0 },
          }),
        ],
        proximo: 7,
      }),
      on('GET', `${BASE}/auditoria/?antes=7`, 200, {
        itens: [
          item(2, { entidade: 'categoria', identidade: null, acao: 'ordenar', dados: { ids: [2, 1] } }),
        ],
        proximo: null,
      }),
    );
    const user = userEvent.setup();
    renderPainel('/1/historico');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Histórico de alterações' }),
    ).toBeInTheDocument();
    const lista = await screen.findByRole('region', { name: 'Alterações' });
    const linhas = () => within(lista).getAllByRole('listitem');
    expect(linhas()).toHaveLength(3);
    expect(linhas()[0]).toHaveTextContent('26/11/2026 14:30');
    expect(linhas()[0]).toHaveTextContent('Dona Vila');
    expect(linhas()[0]).toHaveTextContent('Criou o produto “Pizza doce”');
    // A row with only an id takes the name from today's menu.
    await waitFor(() => expect(linhas()[1]).toHaveTextContent('Trocou a foto do produto “Combo da casa”'));
    expect(linhas()[2]).toHaveTextContent('Sistema');
    expect(linhas()[2]).toHaveTextContent('Importou o cardápio: 3 itens criados, 1 alterado, 0 excluídos');
    expect(within(linhas()[0]!).getByText('26/11/2026 14:30').tagName).toBe('TIME');

    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(linhas()).toHaveLength(4));
    expect(linhas()[3]).toHaveTextContent('Mudou a ordem das categorias');
    expect(m.gets(`${BASE}/auditoria/?antes=7`)).toBe(1);
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
    expect(screen.getByText('Não há alterações mais antigas.')).toBeInTheDocument();
  }, 60_000);

  it('says so when nothing was changed yet', async () => {
    mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/cardapio/`, 200, CARDAPIO),
      on('GET', `${BASE}/auditoria/`, 200, { itens: [], proximo: null }),
    );
    renderPainel('/1/historico');
    expect(await screen.findByText('Nenhuma alteração registrada ainda.')).toBeInTheDocument();
  }, 60_000);

  it("is the owner's: an attendant sees why and no request for the log is made", async () => {
    const m = mockApi(on('GET', '/painel/eu/', 200, EU_DOIS));
    renderPainel('/1/historico');
    expect(await screen.findByRole('heading', { name: 'Acesso do dono' })).toBeInTheDocument();
    expect(m.calls.some((c) => c.path.includes('auditoria'))).toBe(false);
    // …and the nav has no link to it.
    expect(screen.queryByRole('link', { name: 'Histórico' })).not.toBeInTheDocument();
  }, 60_000);

  it('the nav links to it for the owner', async () => {
    mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/cardapio/`, 200, CARDAPIO),
      on('GET', `${BASE}/auditoria/`, 200, { itens: [], proximo: null }),
    );
    renderPainel('/1/historico');
    expect(await screen.findByRole('link', { name: 'Histórico' })).toHaveAttribute('aria-current', 'page');
  }, 60_000);
});
