import { MSG_CATALOGO } from '@rango/domain/painel/catalogo';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../../test/mock-api.ts';
import { clearStaffSession, setStaffTokens } from '../../session.ts';
import { EU_DONO, renderPainel } from '../../testing/render.tsx';

beforeEach(() => setStaffTokens({ access: 'a1', refresh: 'r1' }));
afterEach(() => {
  vi.unstubAllGlobals();
  clearStaffSession();
});

describe('/painel/novo', () => {
  it('creates an establishment and goes to its Loja page', async () => {
    let criado = false;
    const m = mockApi(
      (c) =>
        c.method === 'GET' && c.path === '/painel/eu/'
          ? {
              status: 200,
              body: criado
                ? {
                    ...EU_DONO,
                    estabelecimentos: [
                      ...EU_DONO.estabelecimentos,
                      { id: 9, apelidooufantasia: 'Nova', logo: null, papel: 'dono' },
                    ],
                  }
                : EU_DONO,
            }
          : undefined,
      (c) => {
        if (c.method !== 'POST' || c.path !== '/painel/estabelecimentos/') return undefined;
        criado = true;
        return {
          status: 201,
          body: {
            id: 9,
            logo: null,
            menu_versao: 1,
            lat: null,
            lng: null,
            cnpj: null,
            email_contato: null,
            whatsapp: null,
            ...(c.body as object),
          },
        };
      },
      on('GET', '/painel/estabelecimento/9/dados/', 200, undefined),
      on('GET', '/api/cep/01001000/', 200, {
        cep: '01001-000',
        logradouro: 'Praça da Sé',
        bairro: 'Sé',
        localidade: 'São Paulo',
        uf: 'SP',
      }),
      on('GET', /^\/api\/geocode\/\?/, 404, { detail: 'Não foi possível localizar o endereço.' }),
    );
    const user = userEvent.setup();
    renderPainel('/novo');
    await user.click(await screen.findByRole('button', { name: 'Criar estabelecimento' }));
    expect((await screen.findAllByText(MSG_CATALOGO.obrigatorio)).length).toBeGreaterThan(0);
    expect(m.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: /Nome fantasia/ }), 'Nova');
    await user.type(screen.getByRole('textbox', { name: /Razão social/ }), 'Nova Ltda');
    // The CEP fills street, district, city and state; the number then places it (not found here).
    await user.type(screen.getByRole('textbox', { name: 'CEP' }), '01001000');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Rua' })).toHaveValue('Praça da Sé'));
    expect(screen.getByRole('textbox', { name: 'Bairro' })).toHaveValue('Sé');
    expect(screen.getByRole('textbox', { name: 'Cidade' })).toHaveValue('São Paulo');
    expect(screen.getByRole('textbox', { name: 'UF' })).toHaveValue('SP');
    await user.type(screen.getByRole('textbox', { name: 'Número' }), '1');
    await user.tab();
    expect(await screen.findByText(/Não foi possível localizar este endereço no mapa/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Criar estabelecimento' }));
    await waitFor(() =>
      expect(m.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        apelidooufantasia: 'Nova',
        endereco: { cep: '01001000', rua: 'Praça da Sé', bairro: 'Sé', cidade: 'São Paulo', uf: 'SP' },
        fones: [],
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Loja' })).toBeInTheDocument();
  }, 60_000);
});
