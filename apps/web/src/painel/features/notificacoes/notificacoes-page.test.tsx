import type { NotificacoesPainel } from '@rango/domain/painel/notificacoes';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../../test/mock-api.ts';
import { clearStaffSession, setStaffTokens } from '../../session.ts';
import { EU_DONO, renderPainel } from '../../testing/render.tsx';

const BASE = '/painel/estabelecimento/1/notificacoes';
const SEM: NotificacoesPainel = {
  conta: null,
  webhook_url: 'https://rango.test/api/whatsapp/webhook',
  motivo: 'Nenhum número de WhatsApp conectado: as mensagens de WhatsApp não são enviadas.',
  modo: 'cloud',
  aviso: null,
  mensagens: [
    { tipo: 'recebido', rotulo: 'Pedido recebido', ativo: true },
    { tipo: 'aceito', rotulo: 'Pedido aceito (com a previsão)', ativo: true },
  ],
  resumo: {
    mes: '2026-11',
    canais: [
      { canal: 'whatsapp', enviadas: 0, falhas: 0 },
      { canal: 'email', enviadas: 12, falhas: 1 },
      { canal: 'push', enviadas: 3, falhas: 0 },
    ],
    categorias: [],
    custo_estimado: 0,
    precos: { utility: 4, service: 0 },
  },
};
const COM: NotificacoesPainel = {
  ...SEM,
  motivo: null,
  conta: {
    phone_number_id: '1234567890',
    waba_id: '9876543210',
    estado: 'conectada',
    erro: null,
    verify_token: 'rango-abc',
    token: { configurado: true, final: 'Zz99' },
    app_secret: { configurado: true, final: 'ab12' },
  },
  resumo: {
    ...SEM.resumo,
    categorias: [{ categoria: 'utility', mensagens: 25, custo_estimado: 100 }],
    custo_estimado: 100,
  },
};

beforeEach(() => setStaffTokens({ access: 'a1', refresh: 'r1' }));
afterEach(() => {
  vi.unstubAllGlobals();
  clearStaffSession();
});

describe('/painel/:id/notificacoes', () => {
  it('without a number says why WhatsApp is not sent; connecting sends the ids and secrets, shown back only as configured', async () => {
    const m = mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/`, 200, SEM),
      on('PUT', `${BASE}/whatsapp/`, 200, COM),
      on('GET', `${BASE}/whatsapp/modelos/`, 200, [
        {
          nome: 'rango_pedido_aceito',
          tipo: 'aceito',
          rotulo: 'Pedido aceito',
          corpo: '…',
          status: 'AUSENTE',
          motivo: null,
        },
      ]),
      on('GET', `${BASE}/whatsapp/entradas/`, 200, []),
    );
    const user = userEvent.setup();
    renderPainel('/1/notificacoes');
    expect(await screen.findByText(/Nenhum número de WhatsApp conectado/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Pedido recebido' })).toBeDisabled();
    await user.click(screen.getByRole('textbox', { name: /Phone number ID/ }));
    await user.paste('1234567890');
    await user.click(screen.getByRole('textbox', { name: /WhatsApp Business Account ID/ }));
    await user.paste('9876543210');
    await user.click(screen.getByLabelText(/Token de acesso/));
    await user.paste('EAAGsegredo1234567890Zz99');
    await user.click(screen.getByLabelText(/App Secret/));
    await user.paste('abcdef0123456789ab12');
    await user.click(screen.getByRole('button', { name: 'Conectar número' }));
    expect(await screen.findByText(/WhatsApp conectado/)).toBeInTheDocument();
    const put = m.calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      phone_number_id: '1234567890',
      waba_id: '9876543210',
      token: 'EAAGsegredo1234567890Zz99',
      app_secret: 'abcdef0123456789ab12',
    });
    expect(screen.getByText(/Token de acesso: configurado \(termina em Zz99\)/)).toBeInTheDocument();
    expect(await screen.findByText('Não enviado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar para aprovação' })).toBeInTheDocument();
    expect(screen.getByText(/Total estimado: R\$\s?1,00/)).toBeInTheDocument();
    // Many fields typed on a shared 2-core machine.
  }, 40_000);

  it("shows the server's refusal of a test number under the field", async () => {
    mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/`, 200, COM),
      on('GET', `${BASE}/whatsapp/modelos/`, 200, []),
      on('GET', `${BASE}/whatsapp/entradas/`, 200, []),
      on('POST', `${BASE}/whatsapp/teste/`, 400, {
        telefone: ['Informe um celular brasileiro com DDD, por exemplo (11) 91234-5678.'],
      }),
    );
    const user = userEvent.setup();
    renderPainel('/1/notificacoes');
    await user.click(await screen.findByRole('textbox', { name: /Celular/ }));
    await user.paste('+44 20 7946 0958');
    await user.click(screen.getByRole('button', { name: 'Enviar teste' }));
    expect(await screen.findByText(/Informe um celular brasileiro com DDD/)).toBeInTheDocument();
  });
});
