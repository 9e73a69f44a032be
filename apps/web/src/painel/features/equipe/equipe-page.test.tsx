import { MSG_PAINEL, type Equipe } from '@rango/domain/painel';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../../test/mock-api.ts';
import { clearStaffSession, setStaffTokens } from '../../session.ts';
import { EU_DOIS, EU_DONO, renderPainel } from '../../testing/render.tsx';

const EQUIPE: Equipe = [
  { id: 1, nome: 'Dona Vila', email: 'dono@sabordavila.com.br', papel: 'dono', pendente: false },
  { id: 5, nome: 'Beto', email: 'beto@exemplo.com.br', papel: 'atendente', pendente: true },
];
const BASE = '/painel/estabelecimento/1';

beforeEach(() => setStaffTokens({ access: 'a1', refresh: 'r1' }));
afterEach(() => {
  vi.unstubAllGlobals();
  clearStaffSession();
});

const membro = (nome: string) => within(screen.getByRole('main')).getByText(nome).closest('li')!;

describe('/painel/:id/equipe', () => {
  it('lists the team with roles and pending invitations; no remove button for oneself', async () => {
    mockApi(on('GET', '/painel/eu/', 200, EU_DONO), on('GET', `${BASE}/equipe/`, 200, EQUIPE));
    renderPainel('/1/equipe');
    expect(await screen.findByText('Beto')).toBeInTheDocument();
    expect(within(membro('Beto')).getByText('Convite pendente')).toBeInTheDocument();
    expect(within(membro('Beto')).getByText('Atendente')).toBeInTheDocument();
    expect(within(membro('Dona Vila')).getByText('(você)')).toBeInTheDocument();
    expect(within(membro('Dona Vila')).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remover Beto' })).toBeInTheDocument();
  });

  it('invites with e-mail, name and role, validating on touch', async () => {
    const novo = { id: 9, nome: 'Carla', email: 'carla@exemplo.com.br', papel: 'dono', pendente: true };
    const api = mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/equipe/`, 200, EQUIPE),
      on('POST', `${BASE}/equipe/`, 201, novo),
    );
    const user = userEvent.setup();
    renderPainel('/1/equipe');
    const email = await screen.findByLabelText(/E-mail/);
    await user.click(email);
    await user.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_PAINEL.emailObrigatorio);
    await user.click(screen.getByRole('button', { name: 'Enviar convite' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      MSG_PAINEL.emailObrigatorio,
      MSG_PAINEL.nomeObrigatorio,
    ]);
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(email, 'carla@exemplo.com.br');
    await user.type(screen.getByLabelText(/Nome/), 'Carla');
    await user.click(screen.getByRole('radio', { name: /Dono/ }));
    await user.click(screen.getByRole('button', { name: 'Enviar convite' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
        email: 'carla@exemplo.com.br',
        nome: 'Carla',
        papel: 'dono',
      }),
    );
    expect(await screen.findByText(MSG_PAINEL.conviteEnviado('carla@exemplo.com.br'))).toBeInTheDocument();
    // The form is emptied and the list read again.
    expect(screen.getByLabelText(/E-mail/)).toHaveValue('');
    await waitFor(() => expect(api.gets(`${BASE}/equipe/`)).toBeGreaterThan(1));
  }, 15_000);

  it("shows the server's refusal of an invitation", async () => {
    mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/equipe/`, 200, EQUIPE),
      on('POST', `${BASE}/equipe/`, 409, { detail: MSG_PAINEL.jaNaEquipe }),
    );
    const user = userEvent.setup();
    renderPainel('/1/equipe');
    await user.type(await screen.findByLabelText(/E-mail/), 'beto@exemplo.com.br');
    await user.type(screen.getByLabelText(/Nome/), 'Beto');
    await user.click(screen.getByRole('button', { name: 'Enviar convite' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_PAINEL.jaNaEquipe);
    expect(screen.getByLabelText(/E-mail/)).toHaveValue('beto@exemplo.com.br');
  });

  it('removes someone after a confirmation; cancel changes nothing', async () => {
    let removido = false;
    const api = mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      (c) =>
        c.method === 'GET' && c.path === `${BASE}/equipe/`
          ? { status: 200, body: removido ? EQUIPE.slice(0, 1) : EQUIPE }
          : undefined,
      (c) => {
        if (c.method !== 'DELETE' || c.path !== `${BASE}/equipe/5/`) return undefined;
        removido = true;
        return { status: 204 };
      },
    );
    const user = userEvent.setup();
    renderPainel('/1/equipe');
    await user.click(await screen.findByRole('button', { name: 'Remover Beto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover da equipe' });
    expect(dialog).toHaveTextContent('Remover Beto (beto@exemplo.com.br) da equipe de Sabor da Vila?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remover Beto' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(screen.queryByText('beto@exemplo.com.br')).not.toBeInTheDocument());
    expect(screen.getByText('Beto foi removido da equipe.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it("keeps the dialog open with the server's reason when removal is refused", async () => {
    mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/equipe/`, 200, EQUIPE),
      on('DELETE', `${BASE}/equipe/5/`, 400, { detail: MSG_PAINEL.ultimoDono }),
    );
    const user = userEvent.setup();
    renderPainel('/1/equipe');
    await user.click(await screen.findByRole('button', { name: 'Remover Beto' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG_PAINEL.ultimoDono);
    expect(screen.getByText('beto@exemplo.com.br')).toBeInTheDocument();
  });

  it("an attendant sees why the page is the owner's, and no team link in the menu", async () => {
    const api = mockApi(on('GET', '/painel/eu/', 200, EU_DOIS));
    renderPainel('/1/equipe');
    expect(await screen.findByText(MSG_PAINEL.semPermissao)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Seções do painel' });
    expect(within(nav).queryByRole('link', { name: 'Equipe' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Em falta' })).toBeInTheDocument();
    expect(api.gets(`${BASE}/equipe/`)).toBe(0);
  });
});
