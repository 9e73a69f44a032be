import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, setTokens } from '../../../stores/session.ts';
import { mockApi, on } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AvisosCanais, TEXTO_AVISOS_CHECKOUT } from './avisos-canais.tsx';

const PATH = '/controle/cliente/notificacoes/';
const escolha = (canal: string, ativo: boolean, origem = 'cliente') => ({
  canal,
  ativo,
  origem,
  atualizado_em: '2026-11-29T01:00:00.000Z',
  telefone: canal === 'whatsapp' ? '+5511987654321' : null,
});

beforeEach(() => act(() => setTokens({ access: 'a', refresh: 'r' })));
afterEach(() => act(() => clearSession()));

describe('checkout: the channels of this order', () => {
  it('starts from the saved choice; Tab and Space choose WhatsApp, recorded with source checkout', async () => {
    const { calls } = mockApi(
      on('GET', PATH, 200, { canais: [escolha('email', true)], dispositivos: 0 }),
      on('PUT', PATH, 200, {
        canais: [escolha('email', true), escolha('whatsapp', true, 'checkout')],
        dispositivos: 0,
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<AvisosCanais />);
    const email = await screen.findByRole('checkbox', { name: TEXTO_AVISOS_CHECKOUT.email });
    const whats = screen.getByRole('checkbox', { name: TEXTO_AVISOS_CHECKOUT.whatsapp });
    await waitFor(() => expect(email).toBeChecked());
    expect(whats).not.toBeChecked();
    expect(screen.getByRole('group', { name: TEXTO_AVISOS_CHECKOUT.legenda })).toBeInTheDocument();
    await user.tab();
    expect(whats).toHaveFocus();
    await user.keyboard(' ');
    await waitFor(() => expect(whats).toBeChecked());
    expect(email).toBeChecked();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { canal: 'whatsapp', ativo: true, origem: 'checkout' },
    ]);
  });

  it("a phone that cannot get WhatsApp: the server's message as an alert, nothing checked", async () => {
    const msg = 'Informe um celular brasileiro com DDD, por exemplo (11) 98765-4321.';
    mockApi(on('GET', PATH, 200, { canais: [], dispositivos: 0 }), on('PUT', PATH, 400, { telefone: [msg] }));
    const user = userEvent.setup();
    renderWithProviders(<AvisosCanais />);
    const whats = await screen.findByRole('checkbox', { name: TEXTO_AVISOS_CHECKOUT.whatsapp });
    await waitFor(() => expect(whats).toBeEnabled());
    await user.click(whats);
    expect(await screen.findByRole('alert')).toHaveTextContent(msg);
    expect(whats).not.toBeChecked();
  });

  it('an error of the server in general: a retryable message; unchecking revokes', async () => {
    mockApi(
      on('GET', PATH, 200, { canais: [escolha('whatsapp', true)], dispositivos: 0 }),
      on('PUT', PATH, 503, { detail: 'fora' }),
    );
    const user = userEvent.setup();
    renderWithProviders(<AvisosCanais />);
    const whats = await screen.findByRole('checkbox', { name: TEXTO_AVISOS_CHECKOUT.whatsapp });
    await waitFor(() => expect(whats).toBeChecked());
    await user.click(whats);
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível salvar sua escolha');
    expect(whats).toBeChecked();
  });
});
