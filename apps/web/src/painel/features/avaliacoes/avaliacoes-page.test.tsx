import type { AvaliacaoPainel, AvaliacoesPainel } from '@rango/domain/painel';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on, type Call, type Handler } from '../../../test/mock-api.ts';
import { clearStaffSession, setStaffTokens } from '../../session.ts';
import { EU_DOIS, EU_DONO, renderPainel } from '../../testing/render.tsx';

const BASE = '/painel/estabelecimento/1';
const LISTA = `${BASE}/avaliacoes/`;

const avaliacao = (id: number, x: Partial<AvaliacaoPainel> = {}): AvaliacaoPainel => ({
  id,
  idpedido: 100 + id,
  referencia: String(4300 + id),
  nota: 5,
  comentario: null,
  resposta: null,
  respondido_em: null,
  criado_em: '2026-11-26T17:30:00.000Z',
  atualizado_em: '2026-11-26T17:30:00.000Z',
  ...x,
});

const pagina = (results: AvaliacaoPainel[], x: Partial<AvaliacoesPainel> = {}): AvaliacoesPainel => ({
  count: results.length,
  results,
  media: 4.2,
  quantidade: 12,
  ...x,
});

/** The list answered by its query string (the first matching entry), recording each call. */
const lista =
  (porQuery: [RegExp, AvaliacoesPainel | number][]): Handler =>
  (call: Call) => {
    if (call.method !== 'GET' || !call.path.startsWith(LISTA)) return undefined;
    const qs = call.path.slice(LISTA.length);
    for (const [re, r] of porQuery) {
      if (re.test(qs)) return typeof r === 'number' ? { status: r, body: {} } : { status: 200, body: r };
    }
    return undefined;
  };

const AXE = { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } };

beforeEach(() => setStaffTokens({ access: 'a1', refresh: 'r1' }));
afterEach(() => {
  vi.unstubAllGlobals();
  clearStaffSession();
});

describe('/painel/:id/avaliacoes', () => {
  it('shows the 90-day average and the ratings, filters by nota and period, and pages', async () => {
    const vinte = Array.from({ length: 20 }, (_, i) => avaliacao(30 - i));
    const api = mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      lista([
        [/nota=5&dias=90/, pagina([avaliacao(3, { comentario: 'Perfeito!' })], { count: 1 })],
        [/^\?dias=7&/, pagina([], { count: 0 })],
        [/^\?limit=20&offset=20/, pagina([avaliacao(1, { nota: 2 })], { count: 21 })],
        [/^\?limit=20&offset=0/, pagina(vinte, { count: 21 })],
        [
          /^\?dias=90&limit=20&offset=0$/,
          pagina([avaliacao(2, { nota: 4, comentario: 'Chegou quentinho.' }), avaliacao(1, { nota: 2 })]),
        ],
      ]),
    );
    const user = userEvent.setup();
    const { container } = renderPainel('/1/avaliacoes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Avaliações' })).toBeInTheDocument();
    const media = await screen.findByRole('region', { name: 'Média dos últimos 90 dias' });
    expect(media).toHaveTextContent('4,2');
    expect(media).toHaveTextContent('12 avaliações');
    const item = screen.getByRole('article', { name: 'Avaliação do pedido #4302' });
    expect(within(item).getByRole('img', { name: 'Nota 4 de 5' })).toBeInTheDocument();
    expect(within(item).getByText('Chegou quentinho.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Avaliação do pedido #4301' })).getByText('Sem comentário.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Avaliações' })).toHaveAttribute('aria-current', 'page');
    expect((await axe.run(container, AXE)).violations.map((v) => v.id)).toEqual([]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Nota' }), '5 estrelas');
    expect(await screen.findByText('Perfeito!')).toBeInTheDocument();
    expect(api.calls.map((c) => c.path)).toContain(`${LISTA}?nota=5&dias=90&limit=20&offset=0`);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Nota' }), 'Todas');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Período' }), 'Últimos 7 dias');
    expect(await screen.findByText('Nenhuma avaliação com estes filtros.')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Período' }), 'Todo o período');
    expect(await screen.findByText('Página 1 de 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    expect(await screen.findByText('Página 2 de 2')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(api.calls.map((c) => c.path)).toContain(`${LISTA}?limit=20&offset=20`);
  });

  it('replies privately to a rating and shows the reply; a refused reply shows its text on the field', async () => {
    let salva: AvaliacaoPainel = avaliacao(2, { nota: 1, comentario: 'Veio frio.' });
    const puts: unknown[] = [];
    mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      (call) => {
        if (call.method !== 'PUT' || call.path !== `${LISTA}2/resposta/`) return undefined;
        puts.push(call.body);
        const { resposta } = call.body as { resposta: string };
        if (resposta.trim() === '') return { status: 400, body: { resposta: ['Escreva a resposta.'] } };
        salva = { ...salva, resposta: resposta.trim(), respondido_em: '2026-11-27T12:00:00.000Z' };
        return { status: 200, body: salva };
      },
      (call) =>
        call.method === 'GET' && call.path.startsWith(LISTA)
          ? { status: 200, body: pagina([salva]) }
          : undefined,
    );
    const user = userEvent.setup();
    const { container } = renderPainel('/1/avaliacoes');
    const item = await screen.findByRole('article', { name: 'Avaliação do pedido #4302' });
    await user.click(within(item).getByRole('button', { name: 'Responder ao pedido #4302' }));
    const campo = within(item).getByRole('textbox', { name: 'Resposta privada' });
    expect(campo).toHaveFocus();
    expect((await axe.run(container, AXE)).violations.map((v) => v.id)).toEqual([]);
    await user.type(campo, '   ');
    await user.click(within(item).getByRole('button', { name: 'Salvar resposta' }));
    expect(await within(item).findByText('Escreva a resposta.')).toBeInTheDocument();
    await user.clear(campo);
    await user.type(campo, 'Sentimos muito, Maria.');
    await user.click(within(item).getByRole('button', { name: 'Salvar resposta' }));
    expect(await within(item).findByText('Sentimos muito, Maria.')).toBeInTheDocument();
    expect(within(item).getByText(/Sua resposta \(privada\)/)).toBeInTheDocument();
    // Closed after saving: the focus is back on the button that opens it.
    await waitFor(() =>
      expect(within(item).getByRole('button', { name: 'Editar resposta ao pedido #4302' })).toHaveFocus(),
    );
    expect(puts).toEqual([{ resposta: '   ' }, { resposta: 'Sentimos muito, Maria.' }]);
  });

  it('empty, then a failed load with a retry', async () => {
    mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      lista([[/./, pagina([], { count: 0, media: null, quantidade: 0 })]]),
    );
    renderPainel('/1/avaliacoes');
    expect(await screen.findByText('Nenhuma avaliação com estes filtros.')).toBeInTheDocument();
    expect(screen.getByText('Nenhuma avaliação nos últimos 90 dias.')).toBeInTheDocument();
    vi.unstubAllGlobals();

    let falhas = 1;
    mockApi(on('GET', '/painel/eu/', 200, EU_DONO), (call) => {
      if (!call.path.startsWith(LISTA)) return undefined;
      if (falhas-- > 0) return { status: 500, body: {} };
      return { status: 200, body: pagina([avaliacao(1)]) };
    });
    const user = userEvent.setup();
    renderPainel('/1/avaliacoes');
    const alerta = await screen.findAllByRole('alert');
    const erro = alerta.find((a) => a.textContent?.includes('Não foi possível carregar.'));
    expect(erro).toBeDefined();
    await user.click(within(erro!).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('article', { name: 'Avaliação do pedido #4301' })).toBeInTheDocument();
  });

  it("an attendant has no 'Avaliações' in the menu and the list is never asked for", async () => {
    const api = mockApi(on('GET', '/painel/eu/', 200, EU_DOIS));
    renderPainel('/1/avaliacoes');
    const nav = await screen.findByRole('navigation', { name: 'Seções do painel' });
    expect(within(nav).queryByRole('link', { name: 'Avaliações' })).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.path.startsWith(LISTA))).toBe(false);
  });
});
