import { cleanNotifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { json, mockFetch, sentBody } from '../testing/fetch-mock.ts';
import { Notices } from '../testing/notices.tsx';
import RecuperarPage from './recuperar-page.tsx';
import ResetarSenhaPage from './resetar-senha-page.tsx';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(route: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/recuperar" element={<RecuperarPage />} />
        <Route path="/resetar-senha/:clienteUuid/:token" element={<ResetarSenhaPage />} />
        <Route path="*" element={<p>outra página</p>} />
      </Routes>
      <Where />
      <Notices />
    </>,
    { route },
  );
}

describe('password recovery and reset (spec sections 5 and 8)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    cleanNotifications();
  });

  it("recovery: validates the e-mail, then 'Falta Pouco' with the server text, not auto-closing", async () => {
    const fetchMock = mockFetch(() => json(200, { detail: 'Confira sua caixa de entrada.' }));
    const user = userEvent.setup();
    renderAt('/recuperar');
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('O email é obrigatório.');
    await user.type(screen.getByLabelText(/E-mail/), 'ana@exemplo.com');
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    const avisos = screen.getByRole('list', { name: 'avisos' });
    expect(await within(avisos).findByText('Falta Pouco')).toBeInTheDocument();
    expect(within(avisos).getByText('Confira sua caixa de entrada.')).toBeInTheDocument();
    expect(within(avisos).getByRole('listitem')).toHaveAttribute('data-autoclose', 'false');
    expect(sentBody(fetchMock.mock.calls[0]?.[1])).toEqual({ email: 'ana@exemplo.com' });
  });

  it("recovery failure: 'Tente Novamente' with the error text", async () => {
    mockFetch(() => json(429, { detail: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.' }));
    const user = userEvent.setup();
    renderAt('/recuperar');
    await user.type(screen.getByLabelText(/E-mail/), 'ana@exemplo.com');
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    const avisos = screen.getByRole('list', { name: 'avisos' });
    expect(await within(avisos).findByText('Tente Novamente')).toBeInTheDocument();
    expect(
      within(avisos).getByText('Muitas tentativas. Aguarde alguns minutos e tente novamente.'),
    ).toBeInTheDocument();
  });

  it("reset: the password rules, then 'Senha alterada com sucesso!' and the login", async () => {
    const fetchMock = mockFetch((url) =>
      url.endsWith('/controle/cliente/u-1/resetar-senha/t-1/') ? json(200, { detail: 'ok' }) : undefined,
    );
    const user = userEvent.setup();
    renderAt('/resetar-senha/u-1/t-1');
    await user.type(screen.getByLabelText(/^Nova senha/), '123');
    await user.type(screen.getByLabelText(/^Confirmar nova senha/), '1234');
    await user.click(screen.getByRole('button', { name: 'Alterar' }));
    expect(await screen.findByText('Mínimo de 4 caracteres.')).toHaveAttribute('role', 'alert');
    expect(screen.getByText('As duas senhas não combinam!')).toHaveAttribute('role', 'alert');
    await user.type(screen.getByLabelText(/^Nova senha/), '4');
    await user.click(screen.getByRole('button', { name: 'Alterar' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
    expect(screen.getByText('Senha alterada com sucesso!')).toBeInTheDocument();
    expect(sentBody(fetchMock.mock.calls[0]?.[1])).toEqual({ senha: '1234' });
  });

  it('reset with a bad link shows the server text', async () => {
    mockFetch(() => json(400, { detail: 'Este link é inválido ou já expirou. Peça um novo.' }));
    const user = userEvent.setup();
    renderAt('/resetar-senha/u-1/velho');
    await user.type(screen.getByLabelText(/^Nova senha/), 'nova-senha');
    await user.type(screen.getByLabelText(/^Confirmar nova senha/), 'nova-senha');
    await user.click(screen.getByRole('button', { name: 'Alterar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este link é inválido ou já expirou. Peça um novo.',
    );
    expect(screen.getByTestId('where')).toHaveTextContent('/resetar-senha/u-1/velho');
  });
});
