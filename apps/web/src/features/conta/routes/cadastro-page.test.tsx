import { cleanNotifications } from '@mantine/notifications';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { json, mockFetch, sentBody } from '../testing/fetch-mock.ts';
import { Notices } from '../testing/notices.tsx';
import CadastroPage from './cadastro-page.tsx';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderCadastro() {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/cadastro" element={<CadastroPage />} />
        <Route path="*" element={<p>outra página</p>} />
      </Routes>
      <Where />
      <Notices />
    </>,
    { route: '/cadastro' },
  );
}

const field = (label: RegExp) => screen.getByLabelText(label);

async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<string, string>>) {
  const labels: Record<string, RegExp> = {
    nome: /^Nome/,
    email: /^E-mail/,
    telefone: /^Telefone/,
    senha: /^Senha/,
    confirm: /^Confirmar senha/,
  };
  for (const [k, v] of Object.entries(values)) {
    if (v !== undefined) await user.type(field(labels[k] as RegExp), v);
  }
}

describe('CadastroPage (spec section 5)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    cleanNotifications();
  });

  it('shows every required message on submit', async () => {
    const user = userEvent.setup();
    renderCadastro();
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      'Seu nome é obrigatório.',
      'O email é obrigatório.',
      'Telefone é obrigatório',
      'A senha é obrigatória.',
      'Por favor, confirme sua senha!',
    ]);
  });

  it('shows the format messages word for word', async () => {
    const user = userEvent.setup();
    renderCadastro();
    await fill(user, { nome: 'Ana', email: 'ana@', telefone: '1198', senha: '123', confirm: '1234' });
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText('Digite um email válido.')).toHaveAttribute('role', 'alert');
    expect(
      screen.getByText('Telefone deve ter o DDD e 8 dígitos (fixo) ou 9 dígitos (celular)!'),
    ).toBeInTheDocument();
    expect(screen.getByText('Mínimo de 4 caracteres.')).toBeInTheDocument();
    expect(screen.getByText('As duas senhas não combinam!')).toBeInTheDocument();
  });

  it('masks the phone as (99) 99999-9999', async () => {
    const user = userEvent.setup();
    renderCadastro();
    await fill(user, { telefone: '11987654321' });
    expect(field(/^Telefone/)).toHaveValue('(11) 98765-4321');
  });

  it('pasting into the e-mail clears it and asks to type it', async () => {
    const user = userEvent.setup();
    renderCadastro();
    await fill(user, { email: 'ana' });
    fireEvent.paste(field(/^E-mail/), { clipboardData: { getData: () => 'ana@exemplo.com' } });
    expect(field(/^E-mail/)).toHaveValue('');
    expect(await screen.findByText('Você precisa digitar o email.')).toHaveAttribute('role', 'alert');
  });

  it('keeps the paste message when the e-mail field is left and on submit, until the customer types', async () => {
    const user = userEvent.setup();
    renderCadastro();
    await user.click(field(/^E-mail/));
    fireEvent.paste(field(/^E-mail/), { clipboardData: { getData: () => 'ana@exemplo.com' } });
    await user.tab();
    expect(await screen.findByText('Você precisa digitar o email.')).toBeInTheDocument();
    expect(screen.queryByText('O email é obrigatório.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(screen.getByText('Você precisa digitar o email.')).toBeInTheDocument();
    await user.type(field(/^E-mail/), 'a');
    await user.clear(field(/^E-mail/));
    await user.tab();
    expect(await screen.findByText('O email é obrigatório.')).toBeInTheDocument();
    expect(screen.queryByText('Você precisa digitar o email.')).not.toBeInTheDocument();
  });

  it('takes a pasted phone with the country code whole, without it', async () => {
    const user = userEvent.setup();
    renderCadastro();
    await user.click(field(/^Telefone/));
    await user.paste('+55 11 98765-4321');
    expect(field(/^Telefone/)).toHaveValue('(11) 98765-4321');
  });

  it('sends digits, then shows the success notice for 30 s with "Ir para Login"', async () => {
    const fetchMock = mockFetch((url) =>
      url.endsWith('/controle/cliente/') ? json(201, { detail: 'Enviamos um link.' }) : undefined,
    );
    const user = userEvent.setup();
    renderCadastro();
    await fill(user, {
      nome: 'Ana Souza',
      email: 'ana@exemplo.com',
      telefone: '11987654321',
      senha: 'segredo',
      confirm: 'segredo',
    });
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    const avisos = screen.getByRole('list', { name: 'avisos' });
    expect(await within(avisos).findByText('Sucesso!!')).toBeInTheDocument();
    expect(within(avisos).getByText('Enviamos um link.')).toBeInTheDocument();
    expect(within(avisos).getByRole('listitem')).toHaveAttribute('data-autoclose', '30000');
    expect(sentBody(fetchMock.mock.calls[0]?.[1])).toEqual({
      nomeourazaosocial: 'Ana Souza',
      email: 'ana@exemplo.com',
      telefone: '11987654321',
      senha: 'segredo',
      confirm: 'segredo',
    });
    await user.click(within(avisos).getByRole('button', { name: 'Ir para Login' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/login');
  });

  it('puts the server field errors on their fields', async () => {
    mockFetch((url) =>
      url.endsWith('/controle/cliente/')
        ? json(400, { email: ['Já existe uma conta com este email.'] })
        : undefined,
    );
    const user = userEvent.setup();
    renderCadastro();
    await fill(user, {
      nome: 'Ana',
      email: 'ana@exemplo.com',
      telefone: '1133334444',
      senha: 'segredo',
      confirm: 'segredo',
    });
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText('Já existe uma conta com este email.')).toHaveAttribute('role', 'alert');
    expect(field(/^E-mail/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('has a way back to the login', () => {
    renderCadastro();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/login');
  });
});
