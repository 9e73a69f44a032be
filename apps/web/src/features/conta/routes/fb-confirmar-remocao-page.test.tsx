import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { json, mockFetch } from '../testing/fetch-mock.ts';
import FbConfirmarRemocaoPage from './fb-confirmar-remocao-page.tsx';

const CODIGO = '3f2b8c1e-4d5a-4b6c-9e7f-0a1b2c3d4e5f';

describe('FbConfirmarRemocaoPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('without codigo: the success text, no request', async () => {
    const fetchMock = mockFetch(() => undefined);
    renderWithProviders(<FbConfirmarRemocaoPage />, { route: '/fb_confirmar_remocao' });
    expect(screen.getByText('Dados removidos com sucesso')).toBeInTheDocument();
    expect(screen.queryByText(/Código da solicitação/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para o início' })).toHaveAttribute('href', '/');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with a known codigo: checks it and shows it', async () => {
    const fetchMock = mockFetch((url) =>
      url.endsWith(`/controle/cliente/social/remocao/${CODIGO}/`)
        ? json(200, { codigo: CODIGO, criado_em: '2025-01-02T03:04:05.000Z' })
        : undefined,
    );
    renderWithProviders(<FbConfirmarRemocaoPage />, { route: `/fb_confirmar_remocao?codigo=${CODIGO}` });
    expect(screen.getByText('Verificando sua solicitação…')).toBeInTheDocument();
    expect(await screen.findByText(`Código da solicitação: ${CODIGO}`)).toBeInTheDocument();
    expect(screen.getByText('Dados removidos com sucesso')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('with an unknown codigo: says so instead of confirming', async () => {
    mockFetch(() => json(404, { detail: 'Não encontramos uma solicitação de remoção com este código.' }));
    renderWithProviders(<FbConfirmarRemocaoPage />, { route: '/fb_confirmar_remocao?codigo=inventado' });
    expect(await screen.findByText('Solicitação não encontrada')).toBeInTheDocument();
    expect(
      screen.getByText(/Não encontramos uma solicitação de remoção com o código inventado/),
    ).toBeInTheDocument();
    expect(screen.queryByText('Dados removidos com sucesso')).not.toBeInTheDocument();
    expect(screen.queryByText(/Código da solicitação/)).not.toBeInTheDocument();
  });
});
