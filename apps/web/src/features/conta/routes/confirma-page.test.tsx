import { screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { json, mockFetch } from '../testing/fetch-mock.ts';
import ConfirmaPage from './confirma-page.tsx';

function renderConfirma(route: string) {
  return renderWithProviders(
    <StrictMode>
      <Routes>
        <Route path="/confirma/:clienteUuid/:token" element={<ConfirmaPage />} />
      </Routes>
    </StrictMode>,
    { route },
  );
}

describe('ConfirmaPage (spec section 2)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts once (even under StrictMode) and shows success with a button to login', async () => {
    const fetchMock = mockFetch((url, init) =>
      url.endsWith('/controle/cliente/u-1/confirmar/t-1/') && init?.method === 'POST'
        ? json(200, { detail: 'Conta confirmada.' })
        : undefined,
    );
    renderConfirma('/confirma/u-1/t-1');
    expect(await screen.findByText('Tudo certo!!')).toBeInTheDocument();
    expect(screen.getAllByText('Tudo certo!!')).toHaveLength(1);
    expect(screen.getByText(/Agora é só entrar/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para Login' })).toHaveAttribute('href', '/login');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows the warning with the server text for a bad link', async () => {
    mockFetch(() => json(400, { detail: 'Este link é inválido ou já expirou. Peça um novo.' }));
    renderConfirma('/confirma/u-2/t-2');
    expect(await screen.findByText('Algo deu errado...')).toBeInTheDocument();
    expect(screen.getByText('Este link é inválido ou já expirou. Peça um novo.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para Login' })).toHaveAttribute('href', '/login');
  });
});
