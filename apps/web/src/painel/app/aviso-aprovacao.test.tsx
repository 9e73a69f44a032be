import type { LojaPainel } from '@rango/domain/painel';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../test/mock-api.ts';
import { clearStaffSession, setStaffTokens } from '../session.ts';
import { EU_DONO, renderPainel } from '../testing/render.tsx';

const BASE = '/painel/estabelecimento/1';
const LOJA: LojaPainel = { aberta: true, reabrir_em: null, no_horario: true };
const TITULO = 'Aguardando aprovação da plataforma';

beforeEach(() => setStaffTokens({ access: 'a1', refresh: 'r1' }));
afterEach(() => {
  vi.unstubAllGlobals();
  clearStaffSession();
});

describe('establishment awaiting the platform approval', () => {
  it('every page of the establishment says so, the back office still works', async () => {
    mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/loja/`, 200, { ...LOJA, aguardando_aprovacao: true }),
      on('GET', `${BASE}/disponibilidade/`, 200, { produtos: [], opcoes: [] }),
    );
    renderPainel('/1/em-falta');
    expect(await screen.findByText(TITULO)).toBeInTheDocument();
    expect(screen.getByText(/ainda não aparece para os clientes/)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Em falta' })).toBeInTheDocument();
  });

  it('an approved establishment shows nothing', async () => {
    const api = mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/loja/`, 200, LOJA),
      on('GET', `${BASE}/disponibilidade/`, 200, { produtos: [], opcoes: [] }),
    );
    renderPainel('/1/em-falta');
    expect(await screen.findByRole('heading', { level: 1, name: 'Em falta' })).toBeInTheDocument();
    await waitFor(() => expect(api.gets(`${BASE}/loja/`)).toBe(1));
    expect(screen.queryByText(TITULO)).not.toBeInTheDocument();
  });
});
