import type { Credencial } from '@rango/domain/painel/opendelivery';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../../test/mock-api.ts';
import { clearStaffSession, setStaffTokens } from '../../session.ts';
import { EU_DONO, renderPainel } from '../../testing/render.tsx';

const BASE = '/painel/estabelecimento/1/opendelivery';
const C: Credencial = {
  id: 3,
  client_id: 'rango_abc123',
  final: 'Wq9z',
  criado_em: '2026-11-28T10:00:00Z',
  revogado_em: null,
  ultimo_polling_em: '2026-11-28T10:05:00Z',
  ultimo_ack_em: '2026-11-28T10:05:01Z',
  acks: 12,
};
const painel = (credenciais: Credencial[]) => ({
  base_url: 'https://rango.example/api/ead/opendelivery',
  pendentes: 2,
  merchant_pendencias: [],
  credenciais,
});

beforeEach(() => setStaffTokens({ access: 'a1', refresh: 'r1' }));
afterEach(() => {
  vi.unstubAllGlobals();
  clearStaffSession();
});

describe('Integrações → Open Delivery', () => {
  it('creates a credential and shows its secret once; the list shows the POS’s last poll and acknowledgements', async () => {
    let criada = false;
    const m = mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', '/painel/estabelecimento/1/webhooks/', 200, []),
      (c) =>
        c.method === 'GET' && c.path === `${BASE}/`
          ? { status: 200, body: painel(criada ? [C] : []) }
          : undefined,
      (c) => {
        if (c.method !== 'POST' || c.path !== `${BASE}/credenciais/`) return undefined;
        criada = true;
        return { status: 201, body: { credencial: C, client_secret: 'odsec_segredo-de-teste' } };
      },
    );
    const user = userEvent.setup();
    renderPainel('/1/integracoes');
    const secao = (
      await screen.findByRole('heading', { name: 'Open Delivery (PDV)' }, { timeout: 20_000 })
    ).closest('section')!;
    expect(
      await within(secao).findByText('Nenhuma credencial ainda.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(secao).toHaveTextContent('https://rango.example/api/ead/opendelivery');
    await user.click(within(secao).getByRole('button', { name: 'Nova credencial' }));
    expect(await within(secao).findByText('odsec_segredo-de-teste')).toBeInTheDocument();
    expect(within(secao).getByText(/não será mostrado de novo/)).toBeInTheDocument();
    const linha = (await within(secao).findByText('Segredo terminado em Wq9z', { exact: false })).closest(
      'tr',
    )!;
    expect(linha).toHaveTextContent('12');
    expect(linha).toHaveTextContent('Ativa');
    await user.click(within(secao).getByRole('button', { name: 'Já guardei' }));
    expect(screen.queryByText('odsec_segredo-de-teste')).not.toBeInTheDocument();
    expect(m.calls.filter((c) => c.method === 'POST' && c.path === `${BASE}/credenciais/`)).toHaveLength(1);
  }, 60_000);

  it('revokes a credential after a confirmation', async () => {
    vi.stubGlobal('confirm', () => true);
    const m = mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', '/painel/estabelecimento/1/webhooks/', 200, []),
      on('GET', `${BASE}/`, 200, painel([C])),
      on('DELETE', `${BASE}/credenciais/3/`, 204, undefined),
    );
    const user = userEvent.setup();
    renderPainel('/1/integracoes');
    await user.click(
      await screen.findByRole('button', { name: 'Revogar a credencial rango_abc123' }, { timeout: 20_000 }),
    );
    await vi.waitFor(() =>
      expect(m.calls.some((c) => c.method === 'DELETE' && c.path === `${BASE}/credenciais/3/`)).toBe(true),
    );
  }, 60_000);
});
