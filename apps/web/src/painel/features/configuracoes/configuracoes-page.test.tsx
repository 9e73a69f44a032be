import { MSG_PAINEL, PAINEL_CONFIG_PADRAO } from '@rango/domain/painel';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../../test/mock-api.ts';
import { clearStaffSession, setStaffTokens } from '../../session.ts';
import { EU_DONO, renderPainel } from '../../testing/render.tsx';

const BASE = '/painel/estabelecimento/1';

beforeEach(() => setStaffTokens({ access: 'a1', refresh: 'r1' }));
afterEach(() => {
  vi.unstubAllGlobals();
  clearStaffSession();
});

describe('/painel/:id/configuracoes', () => {
  it('shows the saved settings, auto-accept off by default, and saves a change', async () => {
    const api = mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/config/`, 200, PAINEL_CONFIG_PADRAO),
      (c) => (c.method === 'PUT' && c.path === `${BASE}/config/` ? { status: 200, body: c.body } : undefined),
    );
    const user = userEvent.setup();
    renderPainel('/1/configuracoes');
    const limite = await screen.findByLabelText(/Limite para aceitar/);
    expect(limite).toHaveValue('8 min');
    const auto = screen.getByRole('switch', { name: /Aceitar pedidos automaticamente/ });
    expect(auto).not.toBeChecked();
    await user.clear(limite);
    await user.type(limite, '10');
    await user.click(auto);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
        ...PAINEL_CONFIG_PADRAO,
        aceite_limite_min: 10,
        auto_aceite: true,
      }),
    );
    expect(await screen.findByText('Configurações salvas.')).toBeInTheDocument();
  }, 15_000);

  it('refuses red before amber and an empty field, on touch and on submit, without calling the server', async () => {
    const api = mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/config/`, 200, PAINEL_CONFIG_PADRAO),
    );
    const user = userEvent.setup();
    renderPainel('/1/configuracoes');
    const vermelho = await screen.findByLabelText(/Vermelho depois de/);
    await user.clear(vermelho);
    await user.type(vermelho, '5');
    await user.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_PAINEL.vermelhoAntesDoAmarelo);
    await user.clear(screen.getByLabelText(/Tempo estimado padrão/));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      MSG_PAINEL.vermelhoAntesDoAmarelo,
      'Informe um número inteiro de 5 a 240 minutos.',
    ]);
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  }, 15_000);

  it("puts the server's field errors on their fields", async () => {
    mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/config/`, 200, PAINEL_CONFIG_PADRAO),
      on('PUT', `${BASE}/config/`, 400, { aceite_limite_min: ['Limite recusado pelo servidor.'] }),
    );
    const user = userEvent.setup();
    renderPainel('/1/configuracoes');
    await user.click(await screen.findByRole('button', { name: 'Salvar' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.some((a) => a.textContent === 'Limite recusado pelo servidor.')).toBe(true);
    expect(screen.getByLabelText(/Limite para aceitar/)).toHaveAttribute('aria-invalid', 'true');
  });
});
