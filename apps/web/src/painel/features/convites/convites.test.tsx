import { MSG_PAINEL, type Convites, type StaffEu } from '@rango/domain/painel';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../../test/mock-api.ts';
import { clearStaffSession, setStaffTokens } from '../../session.ts';
import { EU_DOIS, EU_DONO, renderPainel } from '../../testing/render.tsx';

const CONVITES: Convites = [
  {
    idestabelecimento: 7,
    estabelecimento: 'Cantina Nova',
    papel: 'atendente',
    expira_em: '2030-01-08T12:00:00.000Z',
  },
];
const EU_SEM: StaffEu = { ...EU_DONO, estabelecimentos: [] };

beforeEach(() => setStaffTokens({ access: 'a1', refresh: 'r1' }));
afterEach(() => {
  vi.unstubAllGlobals();
  clearStaffSession();
});

describe('pending invitations on /painel', () => {
  it('shows an invitation with Aceitar and Recusar even with one establishment; accepting reads the establishments again', async () => {
    let aceito = false;
    const api = mockApi(
      (c) =>
        c.method === 'GET' && c.path === '/painel/eu/'
          ? {
              status: 200,
              body: aceito
                ? {
                    ...EU_DONO,
                    estabelecimentos: [
                      ...EU_DONO.estabelecimentos,
                      { id: 7, apelidooufantasia: 'Cantina Nova', logo: null, papel: 'atendente' },
                    ],
                  }
                : EU_DONO,
            }
          : undefined,
      (c) =>
        c.method === 'GET' && c.path === '/painel/convites/'
          ? { status: 200, body: aceito ? [] : CONVITES }
          : undefined,
      (c) => {
        if (c.method !== 'POST' || c.path !== '/painel/convites/7/aceitar/') return undefined;
        aceito = true;
        return { status: 204 };
      },
    );
    const user = userEvent.setup();
    renderPainel('/');
    const secao = await screen.findByRole('region', { name: 'Convites pendentes' });
    expect(secao).toHaveTextContent('Cantina Nova');
    expect(secao).toHaveTextContent('Convite para Atendente');
    // Not sent on to the one establishment's orders while an invitation waits.
    expect(screen.getByRole('link', { name: /Sabor da Vila/ })).toBeInTheDocument();
    await user.click(within(secao).getByRole('button', { name: 'Aceitar o convite de Cantina Nova' }));
    expect(await screen.findByRole('link', { name: /Cantina Nova/ })).toBeInTheDocument();
    expect(
      screen.getByText('Convite aceito: você agora faz parte da equipe de Cantina Nova.'),
    ).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/painel/convites/7/aceitar/',
    ]);
  });

  it('declines; a refusal of the server is shown', async () => {
    const api = mockApi(
      on('GET', '/painel/eu/', 200, EU_SEM),
      on('GET', '/painel/convites/', 200, CONVITES),
      on('POST', '/painel/convites/7/recusar/', 404, { detail: MSG_PAINEL.conviteNaoEncontrado }),
    );
    const user = userEvent.setup();
    renderPainel('/');
    await user.click(await screen.findByRole('button', { name: 'Recusar o convite de Cantina Nova' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_PAINEL.conviteNaoEncontrado);
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Bem-vindo ao Rango' })).toBeInTheDocument();
  });

  it('with one establishment and no invitation (or none readable) goes straight to its orders', async () => {
    mockApi(on('GET', '/painel/eu/', 200, EU_DONO), on('GET', '/painel/convites/', 500, {}));
    renderPainel('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedidos' })).toBeInTheDocument();
  });
});

describe('/painel/:id/sair', () => {
  it('any member leaves after confirming, from the account menu', async () => {
    let saiu = false;
    const api = mockApi(
      (c) =>
        c.method === 'GET' && c.path === '/painel/eu/'
          ? {
              status: 200,
              body: saiu ? { ...EU_DOIS, estabelecimentos: EU_DOIS.estabelecimentos.slice(1) } : EU_DOIS,
            }
          : undefined,
      on('GET', '/painel/convites/', 200, []),
      (c) => {
        if (c.method !== 'POST' || c.path !== '/painel/estabelecimento/1/sair/') return undefined;
        saiu = true;
        return { status: 204 };
      },
    );
    const user = userEvent.setup();
    renderPainel('/1/em-falta');
    await user.click(await screen.findByRole('button', { name: /Conta: Ana Atendente/ }));
    await user.click(screen.getByRole('link', { name: 'Sair deste estabelecimento' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sair deste estabelecimento' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sair de Sabor da Vila' }));
    await waitFor(() => expect(saiu).toBe(true));
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('the last owner is told why they cannot leave', async () => {
    mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('POST', '/painel/estabelecimento/1/sair/', 400, { detail: MSG_PAINEL.ultimoDonoSair }),
    );
    const user = userEvent.setup();
    renderPainel('/1/sair');
    await user.click(await screen.findByRole('button', { name: 'Sair de Sabor da Vila' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_PAINEL.ultimoDonoSair);
    expect(screen.getByRole('heading', { level: 1, name: 'Sair deste estabelecimento' })).toBeInTheDocument();
  });
});
