import { MSG_WEBHOOK, type Entrega, type Webhook } from '@rango/domain/painel/webhooks';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../../test/mock-api.ts';
import { clearStaffSession, setStaffTokens } from '../../session.ts';
import { EU_DONO, renderPainel } from '../../testing/render.tsx';

const BASE = '/painel/estabelecimento/1/webhooks';
const W: Webhook = {
  id: 7,
  url: 'https://pdv.example/rango',
  eventos: ['pedido.criado', 'pagamento.confirmado'],
  ativo: true,
  falhando_desde: null,
  desativado_em: null,
  criado_em: '2026-11-28T10:00:00Z',
  segredo_final: 'Xy9z',
};
const E: Entrega = {
  id: 31,
  idwebhook: 7,
  chave: 'evt_12',
  tipo: 'pedido.criado',
  status: 'entregue',
  tentativas: 1,
  proxima_em: null,
  ultima_em: '2026-11-28T10:01:00Z',
  codigo: 200,
  duracao_ms: 84,
  resposta: 'ok',
  criado_em: '2026-11-28T10:01:00Z',
};

beforeEach(() => setStaffTokens({ access: 'a1', refresh: 'r1' }));
afterEach(() => {
  vi.unstubAllGlobals();
  clearStaffSession();
});

describe('/painel/:id/integracoes', () => {
  it('lists the webhooks and a delivery log with its answer and time; a replay asks the server', async () => {
    const m = mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/`, 200, [W]),
      on('GET', /\/webhooks\/7\/entregas\//, 200, { entregas: [E], total: 1, pagina: 1, por_pagina: 50 }),
      on('POST', `${BASE}/7/entregas/31/reenviar/`, 202, { ...E, status: 'pendente', tentativas: 0 }),
    );
    const user = userEvent.setup();
    renderPainel('/1/integracoes');
    const card = (await screen.findByRole('heading', { name: W.url })).closest('article')!;
    expect(card).toHaveTextContent('Pedido recebido, Pagamento confirmado');
    expect(card).toHaveTextContent('termina em Xy9z');
    await user.click(within(card).getByRole('button', { name: 'Ver entregas' }));
    const linha = (await screen.findByText('HTTP 200 · ok')).closest('tr')!;
    expect(linha).toHaveTextContent('84 ms');
    expect(linha).toHaveTextContent('Entregue');
    await user.click(within(linha).getByRole('button', { name: /^Reenviar pedido.criado/ }));
    expect(await screen.findByText('Entrega marcada para reenvio.')).toBeInTheDocument();
    expect(m.calls.some((c) => c.method === 'POST' && c.path === `${BASE}/7/entregas/31/reenviar/`)).toBe(
      true,
    );
  }, 30_000);

  it('adds a webhook and shows its secret once; a refused URL shows the server’s message', async () => {
    let tentativa = 0;
    const m = mockApi(on('GET', '/painel/eu/', 200, EU_DONO), on('GET', `${BASE}/`, 200, []), (c) => {
      if (c.method !== 'POST' || c.path !== `${BASE}/`) return undefined;
      tentativa++;
      return tentativa === 1
        ? { status: 400, body: { url: [MSG_WEBHOOK.urlPrivada] } }
        : {
            status: 201,
            body: { webhook: { ...W, url: 'https://ok.example/' }, segredo: 'whsec_segredo-de-teste' },
          };
    });
    const user = userEvent.setup();
    renderPainel('/1/integracoes');
    expect(await screen.findByText('Nenhum webhook ainda.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Novo webhook' }));
    // No event chosen: refused here, the server is not asked.
    await user.click(screen.getByRole('checkbox', { name: 'Pedido recebido' }));
    await user.click(screen.getByRole('checkbox', { name: 'Status do pedido mudou' }));
    await user.type(screen.getByRole('textbox', { name: /URL/ }), 'https://10.0.0.1/');
    await user.click(screen.getByRole('button', { name: 'Adicionar webhook' }));
    expect(await screen.findByText(MSG_WEBHOOK.eventosVazio)).toBeInTheDocument();
    expect(m.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(screen.getByRole('checkbox', { name: 'Pedido recebido' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar webhook' }));
    expect(await screen.findByText(MSG_WEBHOOK.urlPrivada)).toBeInTheDocument();
    const url = screen.getByRole('textbox', { name: /URL/ });
    await user.clear(url);
    await user.type(url, 'https://ok.example/');
    await user.click(screen.getByRole('button', { name: 'Adicionar webhook' }));
    expect(await screen.findByText('whsec_segredo-de-teste')).toBeInTheDocument();
    expect(screen.getByText(/não será mostrado de novo/)).toBeInTheDocument();
    expect(m.calls.filter((c) => c.method === 'POST')[1]!.body).toEqual({
      url: 'https://ok.example/',
      eventos: ['pedido.criado'],
      ativo: true,
    });
    await user.click(screen.getByRole('button', { name: 'Já guardei' }));
    expect(screen.queryByText('whsec_segredo-de-teste')).not.toBeInTheDocument();
  }, 30_000);
  it('connects the iFood store: the secret is sent once and never shown back; the switch turns the import on', async () => {
    const IF = '/painel/estabelecimento/1/ifood/';
    const vazio = { configurado: false, final: null };
    const m = mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/`, 200, []),
      on('GET', IF, 200, {
        conectado: false,
        merchant_id: null,
        ativo: false,
        client_id: vazio,
        client_secret: vazio,
        ultima_consulta_em: null,
        ultimo_erro: null,
      }),
      on('PUT', IF, 200, {
        conectado: true,
        merchant_id: 'loja-123',
        ativo: true,
        client_id: { configurado: true, final: null },
        client_secret: { configurado: true, final: 'c0de' },
        ultima_consulta_em: null,
        ultimo_erro: null,
      }),
    );
    const user = userEvent.setup();
    renderPainel('/1/integracoes');
    const secao = (await screen.findByRole('heading', { name: 'iFood' })).closest('section')!;
    await user.click(await within(secao).findByRole('button', { name: 'Conectar' }));
    expect(within(secao).getByText('Informe o ID da loja no iFood (merchant id).')).toBeInTheDocument();
    expect(m.calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.type(within(secao).getByLabelText(/merchant id/), 'loja-123');
    await user.type(within(secao).getByLabelText(/Client id/), 'app-1');
    await user.type(within(secao).getByLabelText(/Client secret/), 'segredo-super-c0de');
    await user.click(within(secao).getByRole('button', { name: 'Conectar' }));
    expect(await within(secao).findByText('Importação ligada')).toBeInTheDocument();
    const put = m.calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({
      merchant_id: 'loja-123',
      ativo: true,
      client_id: 'app-1',
      client_secret: 'segredo-super-c0de',
    });
    expect(secao).not.toHaveTextContent('segredo-super-c0de');
    expect(within(secao).getByText(/termina em c0de/)).toBeInTheDocument();
  }, 30_000);
});
