import { MSG_PAINEL, type StaffEu, type StaffLink } from '@rango/domain/painel';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../../test/mock-api.ts';
import { clearStaffSession } from '../../session.ts';
import { renderPainel } from '../../testing/render.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  clearStaffSession();
});

const CADASTRO: StaffLink = {
  tipo: 'cadastro',
  email: 'ana@cantina.com.br',
  nome: 'Ana',
  estabelecimento: null,
  papel: null,
};
const LINK = '/painel/auth/link/tok-9/';
const EU_NOVA: StaffEu = { id: 7, nome: 'Ana', email: 'ana@cantina.com.br', estabelecimentos: [] };

describe('a restaurant signs itself up', () => {
  it('from the login page: checks the fields, sends name and e-mail, and says to check the e-mail', async () => {
    const api = mockApi(on('POST', '/painel/auth/cadastro/', 202, { detail: MSG_PAINEL.cadastroEnviado }));
    const user = userEvent.setup();
    renderPainel('/login');
    await user.click(await screen.findByRole('link', { name: 'Cadastre seu restaurante' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cadastre seu restaurante' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText(MSG_PAINEL.nomeObrigatorio)).toBeInTheDocument();
    expect(screen.getByText(MSG_PAINEL.emailObrigatorio)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /Seu nome/ }), ' Ana ');
    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'Ana@Cantina.com.br');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MSG_PAINEL.cadastroEnviado);
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      nome: 'Ana',
      email: 'Ana@Cantina.com.br',
    });
  }, 30_000);

  it('the e-mailed link sets the password and the empty panel offers to create the restaurant', async () => {
    const api = mockApi(
      on('GET', LINK, 200, CADASTRO),
      on('POST', LINK, 200, { access: 'a1', refresh: 'r1' }),
      on('GET', '/painel/eu/', 200, EU_NOVA),
    );
    const user = userEvent.setup();
    renderPainel('/cadastro/tok-9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Criar sua senha' })).toBeInTheDocument();
    expect(await screen.findByText(/Olá, Ana!/)).toHaveTextContent(
      'Olá, Ana! Crie a senha do painel; em seguida você cadastra o seu restaurante.',
    );
    await user.type(screen.getByLabelText(/^Senha/), 'segredo-bom');
    await user.type(screen.getByLabelText(/Confirme a senha/), 'segredo-bom');
    await user.click(screen.getByRole('button', { name: 'Criar senha e entrar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bem-vindo ao Rango' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ senha: 'segredo-bom' });
    await user.click(screen.getByRole('link', { name: 'Cadastrar meu restaurante' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Novo estabelecimento' }),
    ).toBeInTheDocument();
  }, 30_000);

  it('a used or unknown sign-up link says so and offers to sign up again', async () => {
    mockApi(on('GET', LINK, 404, { detail: MSG_PAINEL.linkInvalido }));
    renderPainel('/cadastro/tok-9');
    expect(await screen.findByText(MSG_PAINEL.linkInvalido)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cadastrar de novo' })).toHaveAttribute('href', '/cadastro');
  }, 30_000);
});
