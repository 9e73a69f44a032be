import { MSG_PAINEL } from '@rango/domain/painel';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../../test/mock-api.ts';
import { clearStaffSession, getStaffSession } from '../../session.ts';
import { EU_DOIS, renderPainel } from '../../testing/render.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  clearStaffSession();
});

const PAR = { access: 'a1', refresh: 'r1' };

describe('/painel/login', () => {
  it('validates on touch and on submit, with the fields errors as alerts', async () => {
    const api = mockApi();
    const user = userEvent.setup();
    renderPainel('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar no painel' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/E-mail/), 'sem-arroba');
    await user.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_PAINEL.emailInvalido);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([MSG_PAINEL.emailInvalido, MSG_PAINEL.senhaObrigatoria]);
    expect(api.calls).toHaveLength(0);
  }, 15_000);

  it("shows the server's refusal and keeps the person on the page", async () => {
    const api = mockApi(
      on('POST', '/painel/auth/login/', 400, { non_field_errors: [MSG_PAINEL.credenciaisInvalidas] }),
    );
    const user = userEvent.setup();
    renderPainel('/login');
    await user.type(await screen.findByLabelText(/E-mail/), 'dono@sabordavila.com.br');
    await user.type(screen.getByLabelText(/Senha/), 'errada123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_PAINEL.credenciaisInvalidas);
    expect(api.calls.filter((c) => c.path === '/painel/auth/login/')).toHaveLength(1);
    // A refused login never tries a refresh.
    expect(api.gets('/painel/auth/refresh/')).toBe(0);
    expect(getStaffSession().access).toBeNull();
  }, 15_000);

  it('disables the button while signing in, then stores the tokens and opens the establishments', async () => {
    let answer: (r: Response) => void = () => {};
    const api = mockApi(on('GET', '/painel/eu/', 200, EU_DOIS));
    const fetchLogin = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/painel/auth/login/')) {
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      }
      return fetchLogin(input, init);
    });
    const user = userEvent.setup();
    renderPainel('/login');
    await user.type(await screen.findByLabelText(/E-mail/), '  Dono@SaborDaVila.com.br ');
    await user.type(screen.getByLabelText(/Senha/), 'segredo123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Entrar/ })).toBeDisabled());
    const body = JSON.parse(String(api.fetchMock.mock.calls.at(-1)?.[1]?.body)) as unknown;
    expect(body).toEqual({ email: 'Dono@SaborDaVila.com.br', senha: 'segredo123' });
    answer(new Response(JSON.stringify(PAR), { status: 200 }));
    expect(await screen.findByRole('heading', { name: 'Escolha o estabelecimento' })).toBeInTheDocument();
    expect(getStaffSession()).toEqual(PAR);
    expect(screen.getByRole('link', { name: /Pizzaria Bella/ })).toHaveAttribute('href', '/2');
  }, 15_000);

  it('returns to the page that asked for the login', async () => {
    mockApi(on('POST', '/painel/auth/login/', 200, PAR), on('GET', '/painel/eu/', 200, EU_DOIS));
    const user = userEvent.setup();
    // Signed out, the out-of-stock page sends the person to the login and back.
    renderPainel('/2/em-falta');
    await user.type(await screen.findByLabelText(/E-mail/), 'ana@exemplo.com.br');
    await user.type(screen.getByLabelText(/Senha/), 'segredo123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Em falta' })).toBeInTheDocument();
  }, 15_000);

  it('says the session expired when a refresh was refused', async () => {
    mockApi();
    renderPainel('/login?motivo=sessao-expirada');
    expect(await screen.findByRole('status')).toHaveTextContent(MSG_PAINEL.sessaoExpirada);
  }, 15_000);
});
