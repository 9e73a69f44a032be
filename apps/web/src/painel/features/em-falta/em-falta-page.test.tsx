import type { Disponibilidade } from '@rango/domain/painel';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../../test/mock-api.ts';
import { clearStaffSession, setStaffTokens } from '../../session.ts';
import { EU_DONO, renderPainel } from '../../testing/render.tsx';

const DISP: Disponibilidade = {
  produtos: [
    { idproduto: 10, descricao: 'X-Burger', grupo: 'Lanches', stindisponivel: 0 },
    { idproduto: 11, descricao: 'X-Salada', grupo: 'Lanches', stindisponivel: 1 },
    { idproduto: 20, descricao: 'Suco de Limão', grupo: 'Bebidas', stindisponivel: 0 },
  ],
  opcoes: [{ idopcao: 7, descricao: 'Bacon extra', grupo: 'Adicionais', stindisponivel: 0 }],
};
const BASE = '/painel/estabelecimento/1';

beforeEach(() => setStaffTokens({ access: 'a1', refresh: 'r1' }));
afterEach(() => {
  vi.unstubAllGlobals();
  clearStaffSession();
});

const linha = (nome: string) => screen.getByText(nome).closest('li')!;

describe('/painel/:id/em-falta', () => {
  it('lists products and options by group with their state', async () => {
    mockApi(on('GET', '/painel/eu/', 200, EU_DONO), on('GET', `${BASE}/disponibilidade/`, 200, DISP));
    renderPainel('/1/em-falta');
    expect(await screen.findByText('X-Burger')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Lanches' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Adicionais' })).toBeInTheDocument();
    expect(within(linha('X-Salada')).getByText('Em falta')).toBeInTheDocument();
    expect(within(linha('X-Burger')).queryByText('Em falta')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 item em falta.');
  });

  it('one tap marks a product out of stock at once, and the server confirms it', async () => {
    const api = mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/disponibilidade/`, 200, DISP),
      on('PUT', `${BASE}/produto/10/disponibilidade/`, 200, { stindisponivel: 1 }),
      on('PUT', `${BASE}/opcao/7/disponibilidade/`, 200, { stindisponivel: 1 }),
    );
    const user = userEvent.setup();
    renderPainel('/1/em-falta');
    await user.click(await screen.findByRole('button', { name: 'Marcar em falta: X-Burger' }));
    expect(await within(linha('X-Burger')).findByText('Em falta')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([
        { method: 'PUT', path: `${BASE}/produto/10/disponibilidade/`, body: { stindisponivel: 1 } },
      ]),
    );
    expect(await screen.findByRole('button', { name: 'Marcar disponível: X-Burger' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('2 itens em falta.');
    // Options go to their own route.
    await user.click(screen.getByRole('button', { name: 'Marcar em falta: Bacon extra' }));
    await waitFor(() => expect(api.calls.at(-1)?.path).toBe(`${BASE}/opcao/7/disponibilidade/`));
  });

  it('puts the row back and says why when the server refuses', async () => {
    mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/disponibilidade/`, 200, DISP),
      on('PUT', `${BASE}/produto/11/disponibilidade/`, 404, { detail: 'Produto não encontrado.' }),
    );
    const user = userEvent.setup();
    renderPainel('/1/em-falta');
    await user.click(await screen.findByRole('button', { name: 'Marcar disponível: X-Salada' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('X-Salada: Produto não encontrado.');
    expect(within(linha('X-Salada')).getByText('Em falta')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Marcar disponível: X-Salada' })).toBeEnabled();
  });

  it('filters by search (accents ignored) and by what is out of stock', async () => {
    mockApi(on('GET', '/painel/eu/', 200, EU_DONO), on('GET', `${BASE}/disponibilidade/`, 200, DISP));
    const user = userEvent.setup();
    renderPainel('/1/em-falta');
    await user.type(await screen.findByLabelText('Buscar produto ou opção'), 'limao');
    expect(screen.getByText('Suco de Limão')).toBeInTheDocument();
    expect(screen.queryByText('X-Burger')).not.toBeInTheDocument();
    expect(screen.getByText('Nenhuma opção encontrada.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Buscar produto ou opção'));
    await user.click(screen.getByRole('switch', { name: 'Só o que está em falta' }));
    expect(screen.getByText('X-Salada')).toBeInTheDocument();
    expect(screen.queryByText('X-Burger')).not.toBeInTheDocument();
  });

  it('shows the error with a retry when the list cannot be read', async () => {
    mockApi(on('GET', '/painel/eu/', 200, EU_DONO), on('GET', `${BASE}/disponibilidade/`, 500, {}));
    renderPainel('/1/em-falta');
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível carregar.');
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});
