import { type Cliente } from '@rango/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setTokens } from '../../../stores/session.ts';
import { mockApi, on } from '../testing/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import ClienteRoutes from './cliente-page.tsx';

const cliente: Cliente = {
  id: 3,
  nomeourazaosocial: 'Ana Souza',
  cnpjoucpf: '12345678901',
  email: 'ana@example.com',
  telefone: '11987654321',
  clienteendereco_set: [],
};
const DADOS = '/controle/cliente/meus-dados/';
const EXPORTADO = { formato: 'rango-meus-dados/1', perfil: { id: 3, nome: 'Ana Souza' } };
const AXE = { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } };

beforeEach(() => {
  act(() => setTokens({ access: 'a', refresh: 'r' }));
});
afterEach(() => {
  act(() => clearSession());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const api = (...extra: Parameters<typeof on>[]) =>
  mockApi(
    on('GET', '/controle/cliente/', 200, [cliente]),
    on('GET', '/controle/endereco/', 200, []),
    on('GET', '/controle/cartao/', 200, []),
    ...extra.map((e) => on(...e)),
  );

describe("/cliente: 'Baixar meus dados' (LGPD)", () => {
  it('downloads meus-dados-rango.json with what the server answered, and says so', async () => {
    const { calls } = api(['GET', DADOS, 200, EXPORTADO]);
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:meus-dados';
    });
    URL.revokeObjectURL = vi.fn();
    const cliques: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      cliques.push(this);
    });
    const user = userEvent.setup();
    renderWithProviders(
      { '*': <ClienteRoutes /> },
      { route: '/cliente', notifications: true, location: true },
    );
    const secao = await screen.findByRole('region', { name: 'Seus dados' });
    await user.click(within(secao).getByRole('button', { name: 'Baixar meus dados' }));
    expect(await within(secao).findByText(/o arquivo meus-dados-rango.json foi baixado/)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === DADOS)).toHaveLength(1);
    expect(cliques).toHaveLength(1);
    expect(cliques[0]!.download).toBe('meus-dados-rango.json');
    expect(cliques[0]!.href).toBe('blob:meus-dados');
    expect(JSON.parse(await blobs[0]!.text())).toEqual(EXPORTADO);
    expect(within(secao).getByRole('link', { name: 'O que guardamos e por quê' })).toHaveAttribute(
      'href',
      '/cliente/seus-dados',
    );
  });

  it('too many downloads: the server’s Portuguese message in an alert', async () => {
    const detail = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';
    api(['GET', DADOS, 429, { detail }]);
    const user = userEvent.setup();
    renderWithProviders(
      { '*': <ClienteRoutes /> },
      { route: '/cliente', notifications: true, location: true },
    );
    const secao = await screen.findByRole('region', { name: 'Seus dados' });
    await user.click(within(secao).getByRole('button', { name: 'Baixar meus dados' }));
    expect(await within(secao).findByRole('alert')).toHaveTextContent(detail);
  });

  it('the delete-account dialog links to the page about what is kept', async () => {
    api();
    const user = userEvent.setup();
    renderWithProviders(
      { '*': <ClienteRoutes /> },
      { route: '/cliente', notifications: true, location: true },
    );
    await user.click(await screen.findByRole('button', { name: 'Excluir Conta' }));
    const dialogo = await screen.findByRole('dialog');
    await user.click(within(dialogo).getByRole('link', { name: 'Veja o que guardamos e por quê' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cliente/seus-dados'));
  });
});

describe('/cliente/seus-dados', () => {
  it('says what is kept, what stays after deletion and why; headings in order; no axe violations', async () => {
    api();
    const { container } = renderWithProviders(
      { '*': <ClienteRoutes /> },
      { route: '/cliente/seus-dados', notifications: true, location: true },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Seus dados' })).toBeInTheDocument();
    const exclusao = screen.getByRole('region', { name: 'Quando você exclui a conta' });
    expect(exclusao).toHaveTextContent(/registros fiscais e contábeis/);
    expect(exclusao).toHaveTextContent(/sem nome, telefone, CPF/);
    expect(screen.getByRole('region', { name: 'O que guardamos enquanto você tem conta' })).toHaveTextContent(
      /código de segurança \(CVV\) nunca são guardados/,
    );
    expect(document.title).toMatch(/Seus dados/);
    expect((await axe.run(container, AXE)).violations.map((v) => v.id)).toEqual([]);
  });

  it('another path under /cliente goes back to the profile', async () => {
    api();
    renderWithProviders(
      { '*': <ClienteRoutes /> },
      { route: '/cliente/qualquer', notifications: true, location: true },
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/cliente$/));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dados do cadastro' })).toBeInTheDocument();
  });
});
