import { MSG_PAINEL, type StaffLink } from '@rango/domain/painel';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../../test/mock-api.ts';
import { clearStaffSession, getStaffSession } from '../../session.ts';
import { EU_DOIS, renderPainel } from '../../testing/render.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  clearStaffSession();
});

const CONVITE: StaffLink = {
  tipo: 'convite',
  email: 'ana@exemplo.com.br',
  nome: 'Ana',
  estabelecimento: 'Sabor da Vila',
  papel: 'atendente',
};
const SENHA: StaffLink = {
  tipo: 'senha',
  email: 'dono@sabordavila.com.br',
  nome: 'Dona',
  estabelecimento: null,
  papel: null,
};
const LINK = '/painel/auth/link/tok-123/';

describe('invitation and password links', () => {
  it('shows the invitation, checks both passwords, sets it, signs in and opens the panel', async () => {
    const api = mockApi(
      on('GET', LINK, 200, CONVITE),
      on('POST', LINK, 200, { access: 'a1', refresh: 'r1' }),
      on('GET', '/painel/eu/', 200, EU_DOIS),
    );
    const user = userEvent.setup();
    renderPainel('/convite/tok-123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Aceitar convite' })).toBeInTheDocument();
    expect(await screen.findByText(/foi convidado/)).toHaveTextContent(
      'Olá, Ana! Você foi convidado para a equipe de Sabor da Vila como Atendente.',
    );
    expect(screen.getByText(/E-mail: ana@exemplo.com.br/)).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Senha/), 'curta');
    await user.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_PAINEL.senhaCurta);
    await user.clear(screen.getByLabelText(/^Senha/));
    await user.type(screen.getByLabelText(/^Senha/), 'segredo-bom');
    await user.type(screen.getByLabelText(/Confirme a senha/), 'segredo-mau');
    await user.click(screen.getByRole('button', { name: 'Criar senha e entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_PAINEL.senhasDiferentes);
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/Confirme a senha/));
    await user.type(screen.getByLabelText(/Confirme a senha/), 'segredo-bom');
    await user.click(screen.getByRole('button', { name: 'Criar senha e entrar' }));
    expect(await screen.findByRole('heading', { name: 'Escolha o estabelecimento' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ senha: 'segredo-bom' });
    expect(getStaffSession()).toEqual({ access: 'a1', refresh: 'r1' });
  }, 15_000);

  it('a reset link says whose password it sets', async () => {
    mockApi(on('GET', LINK, 200, SENHA));
    renderPainel('/senha/tok-123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Criar nova senha' })).toBeInTheDocument();
    expect(await screen.findByText(/Crie uma nova senha para/)).toHaveTextContent('dono@sabordavila.com.br');
    expect(screen.getByRole('button', { name: 'Salvar senha e entrar' })).toBeEnabled();
  }, 15_000);

  it('an expired or used link says so, with the way forward, and shows no form', async () => {
    mockApi(on('GET', LINK, 410, { detail: MSG_PAINEL.linkExpirado }));
    renderPainel('/senha/tok-123');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_PAINEL.linkExpirado);
    expect(screen.getByRole('link', { name: 'Pedir um novo link' })).toHaveAttribute('href', '/recuperar');
    expect(screen.queryByLabelText(/^Senha/)).not.toBeInTheDocument();
  }, 15_000);

  it('a link spent meanwhile (the POST answers 404) disables the form and points to the login', async () => {
    mockApi(on('GET', LINK, 200, CONVITE), on('POST', LINK, 404, { detail: MSG_PAINEL.linkInvalido }));
    const user = userEvent.setup();
    renderPainel('/convite/tok-123');
    await user.type(await screen.findByLabelText(/^Senha/), 'segredo-bom');
    await user.type(screen.getByLabelText(/Confirme a senha/), 'segredo-bom');
    await user.click(screen.getByRole('button', { name: 'Criar senha e entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_PAINEL.linkInvalido);
    expect(screen.getByRole('button', { name: 'Criar senha e entrar' })).toBeDisabled();
    expect(getStaffSession().access).toBeNull();
  }, 15_000);
});

describe('password recovery', () => {
  it('always answers with the same notice', async () => {
    const api = mockApi(on('POST', '/painel/auth/recuperar/', 200, { detail: MSG_PAINEL.recuperarEnviado }));
    const user = userEvent.setup();
    renderPainel('/recuperar');
    await user.type(await screen.findByLabelText(/E-mail/), 'quem@exemplo.com.br');
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MSG_PAINEL.recuperarEnviado);
    expect(api.calls[0]).toMatchObject({ method: 'POST', body: { email: 'quem@exemplo.com.br' } });
  }, 15_000);
});
