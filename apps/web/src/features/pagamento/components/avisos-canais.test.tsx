import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, setTokens } from '../../../stores/session.ts';
import { mockApi, on } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { CanalNotificacao } from '../../../api/notificacoes.ts';
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

/** The checkout holds the choice (use-checkout.ts); here a state of its own, and what it last got. */
function Checkout({ ultima }: { ultima: { canais: CanalNotificacao[] | null } }) {
  const [escolha, setEscolha] = useState<CanalNotificacao[] | null>(null);
  return (
    <AvisosCanais
      escolha={escolha}
      onEscolha={(canais) => {
        ultima.canais = canais;
        setEscolha(canais);
      }}
    />
  );
}

describe('checkout: the channels of this order', () => {
  it('starts from the saved choice; Tab and Space tick WhatsApp, kept for the order, nothing saved yet', async () => {
    const { calls } = mockApi(on('GET', PATH, 200, { canais: [escolha('email', true)], dispositivos: 0 }));
    const ultima = { canais: null as CanalNotificacao[] | null };
    const user = userEvent.setup();
    renderWithProviders(<Checkout ultima={ultima} />);
    const email = await screen.findByRole('checkbox', { name: TEXTO_AVISOS_CHECKOUT.email });
    const whats = screen.getByRole('checkbox', { name: TEXTO_AVISOS_CHECKOUT.whatsapp });
    await waitFor(() => expect(email).toBeChecked());
    expect(whats).not.toBeChecked();
    expect(screen.getByRole('group', { name: TEXTO_AVISOS_CHECKOUT.legenda })).toBeInTheDocument();
    await waitFor(() => expect(whats).toBeEnabled());
    await user.tab();
    expect(whats).toHaveFocus();
    await user.keyboard(' ');
    await waitFor(() => expect(whats).toBeChecked());
    expect(email).toBeChecked();
    expect(ultima.canais).toEqual(['whatsapp', 'email']);
    // Recorded only when the order is placed (its POST carries the choice): no call here.
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('unticking a saved channel leaves it out of the order; push shows only when already on', async () => {
    const { calls } = mockApi(
      on('GET', PATH, 200, { canais: [escolha('whatsapp', true), escolha('push', true)], dispositivos: 1 }),
    );
    const ultima = { canais: null as CanalNotificacao[] | null };
    const user = userEvent.setup();
    renderWithProviders(<Checkout ultima={ultima} />);
    const whats = await screen.findByRole('checkbox', { name: TEXTO_AVISOS_CHECKOUT.whatsapp });
    const push = await screen.findByRole('checkbox', { name: TEXTO_AVISOS_CHECKOUT.push });
    await waitFor(() => expect(whats).toBeChecked());
    expect(push).toBeChecked();
    await waitFor(() => expect(whats).toBeEnabled());
    await user.click(whats);
    expect(whats).not.toBeChecked();
    expect(ultima.canais).toEqual(['push']);
    await user.click(push);
    expect(push).not.toBeChecked();
    expect(ultima.canais).toEqual([]);
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
