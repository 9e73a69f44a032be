import { MSG_AVALIACAO, STATUS } from '@rango/domain';
import type { Avaliacao } from '@rango/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setTokens } from '../../../stores/session.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import PedidoPage from '../routes/pedido-page.tsx';
import { h, makePedido } from '../testing/fixtures.ts';
import type { Handler } from '../../../test/mock-api.ts';
import { get, mockApi, type Call } from '../testing/mock-api.ts';

const PATH = '/controle/pedido/101/';
const AVALIACAO = '/api/pedido/101/avaliacao/';
const CONCLUIDO = [
  h(0),
  h(STATUS.Confirmado, 4),
  h(STATUS.Pronto, 25),
  h(STATUS.Entregue, 40),
  h(STATUS.Concluido, 50),
];

beforeEach(() => {
  act(() => setTokens({ access: 'a', refresh: 'r' }));
});
afterEach(() => {
  act(() => clearSession());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderPage = () => renderWithProviders({ '/pedido/:id': <PedidoPage /> }, { route: '/pedido/101/' });

/** The section once its form is there (while loading it has the title and skeletons only). */
async function secao(): Promise<HTMLElement> {
  const s = await screen.findByRole('region', { name: MSG_AVALIACAO.titulo });
  await within(s).findByRole('group', { name: 'Nota' });
  return s;
}

/** The rating endpoint: GET answers what is stored; PUT stores the body (or answers `recusa`). */
function servidor(inicial: Avaliacao | null, recusa?: { status: number; body: unknown }) {
  let salva = inicial;
  const avaliacao: Handler = (call: Call) => {
    if (call.path !== AVALIACAO) return undefined;
    if (call.method === 'GET') return { status: 200, body: salva };
    if (recusa) return recusa;
    const b = call.body as { nota: number; comentario: string | null };
    const agora = new Date().toISOString();
    salva = {
      idpedido: 101,
      nota: b.nota,
      comentario: b.comentario,
      criado_em: salva?.criado_em ?? agora,
      atualizado_em: agora,
      editavel_ate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    };
    return { status: 200, body: salva };
  };
  return mockApi(get(PATH, 200, makePedido({ historico: CONCLUIDO })), avaliacao);
}

const AXE = { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } };

describe('rating a delivered order on its tracking page (issue 22)', () => {
  it('asks for 1–5 stars and a comment, sends them, then shows the rating with Editar', async () => {
    const api = servidor(null);
    const user = userEvent.setup();
    const { container } = renderPage();
    const form = await secao();
    const estrelas = within(form).getByRole('group', { name: 'Nota' });
    expect(within(estrelas).getAllByRole('radio')).toHaveLength(5);
    for (const nome of ['1 estrela', '2 estrelas', '3 estrelas', '4 estrelas', '5 estrelas'])
      expect(within(estrelas).getByRole('radio', { name: nome })).not.toBeChecked();
    expect((await axe.run(container, AXE)).violations.map((v) => v.id)).toEqual([]);

    // Without a nota nothing is sent and the group says why.
    await user.click(within(form).getByRole('button', { name: MSG_AVALIACAO.enviar }));
    expect(within(form).getByText(MSG_AVALIACAO.notaInvalida)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.click(within(form).getByRole('radio', { name: '4 estrelas' }));
    expect(within(form).getByRole('radio', { name: '4 estrelas' })).toBeChecked();
    expect(within(form).queryByText(MSG_AVALIACAO.notaInvalida)).not.toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /Comentário/ }), '  Chegou quentinho. ');
    await user.click(within(form).getByRole('button', { name: MSG_AVALIACAO.enviar }));

    const enviada = await screen.findByRole('region', { name: 'Sua avaliação' });
    // The form went: the focus is on the section's title, not lost to the page's start.
    await waitFor(() =>
      expect(within(enviada).getByRole('heading', { name: 'Sua avaliação' })).toHaveFocus(),
    );
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { nota: 4, comentario: 'Chegou quentinho.' },
    ]);
    expect(within(enviada).getByRole('img', { name: 'Nota 4 de 5' })).toBeInTheDocument();
    expect(within(enviada).getByText('Chegou quentinho.')).toBeInTheDocument();
    expect((await axe.run(container, AXE)).violations.map((v) => v.id)).toEqual([]);

    // Editar: the form again with the rating in it; the new one replaces it.
    await user.click(within(enviada).getByRole('button', { name: 'Editar avaliação' }));
    const edicao = await secao();
    expect(within(edicao).getByRole('radio', { name: '4 estrelas' })).toBeChecked();
    expect(within(edicao).getByRole('radio', { name: '4 estrelas' })).toHaveFocus();
    expect(within(edicao).getByRole('textbox', { name: /Comentário/ })).toHaveValue('Chegou quentinho.');
    await user.click(within(edicao).getByRole('radio', { name: '5 estrelas' }));
    await user.click(within(edicao).getByRole('button', { name: MSG_AVALIACAO.enviar }));
    expect(
      within(await screen.findByRole('region', { name: 'Sua avaliação' })).getByRole('img', {
        name: 'Nota 5 de 5',
      }),
    ).toBeInTheDocument();
  });

  it('the stars are a radio group the keyboard moves through', async () => {
    servidor(null);
    const user = userEvent.setup();
    renderPage();
    const form = await secao();
    await user.click(within(form).getByRole('radio', { name: '2 estrelas' }));
    await user.keyboard('{ArrowRight}');
    expect(within(form).getByRole('radio', { name: '3 estrelas' })).toBeChecked();
    expect(within(form).getByRole('radio', { name: '3 estrelas' })).toHaveFocus();
  });

  it('past the 7 days the rating shows without Editar', async () => {
    servidor({
      idpedido: 101,
      nota: 2,
      comentario: null,
      criado_em: '2025-05-12T23:00:00.000Z',
      atualizado_em: '2025-05-12T23:00:00.000Z',
      editavel_ate: '2025-05-19T23:00:00.000Z',
    });
    renderPage();
    const enviada = await screen.findByRole('region', { name: 'Sua avaliação' });
    expect(within(enviada).getByRole('img', { name: 'Nota 2 de 5' })).toBeInTheDocument();
    expect(within(enviada).queryByRole('button', { name: 'Editar avaliação' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal in Portuguese and keeps the form", async () => {
    servidor(null, { status: 409, body: { detail: MSG_AVALIACAO.prazoEncerrado } });
    const user = userEvent.setup();
    renderPage();
    const form = await secao();
    await user.click(within(form).getByRole('radio', { name: '1 estrela' }));
    await user.click(within(form).getByRole('button', { name: MSG_AVALIACAO.enviar }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(MSG_AVALIACAO.prazoEncerrado);
    expect(within(form).getByRole('radio', { name: '1 estrela' })).toBeChecked();
  });

  it('an order not yet delivered has no rating and never asks for one', async () => {
    const api = mockApi(get(PATH, 200, makePedido({ historico: [h(0), h(STATUS.Pronto, 25)] })));
    renderPage();
    await screen.findByRole('region', { name: 'Andamento' });
    await waitFor(() => expect(api.calls.some((c) => c.path === PATH)).toBe(true));
    expect(screen.queryByRole('region', { name: MSG_AVALIACAO.titulo })).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.path === AVALIACAO)).toBe(false);
  });
});
