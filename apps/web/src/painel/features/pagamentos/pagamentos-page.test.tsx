import type { ContaPagamento, ContasPagamento } from '@rango/domain/painel/pagamentos';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../../test/mock-api.ts';
import { clearStaffSession, setStaffTokens } from '../../session.ts';
import { EU_DONO, renderPainel } from '../../testing/render.tsx';

const BASE = '/painel/estabelecimento/1/pagamentos';
const CIELO: ContaPagamento = {
  id: 4,
  provedor: 'cielo',
  ativa: true,
  estado: 'erro',
  erro: 'A Cielo recusou as credenciais (merchant id ou chave incorretos, ou conta desativada).',
  testado_em: '2026-11-28T10:00:00Z',
  metodos: ['credito', 'debito', 'pix'],
  credenciais: {
    merchant_id: { configurado: true, final: 'a1b2' },
    merchant_key: { configurado: true, final: '1234' },
  },
  criado_em: '2026-11-28T09:00:00Z',
  oauth: null,
};
const LISTA: ContasPagamento = {
  contas: [CIELO],
  padrao: { provedor: 'sandbox', metodos: ['credito', 'debito', 'pix'] },
  ativa: 4,
  disponiveis: ['sandbox', 'cielo'],
  online_disponivel: false,
  oauth_mercadopago: false,
  taxa_plataforma_bp: 0,
};
const MP_OAUTH: ContaPagamento = {
  id: 9,
  provedor: 'mercadopago',
  ativa: true,
  estado: 'ok',
  erro: null,
  testado_em: '2026-11-28T10:00:00Z',
  metodos: ['credito', 'debito', 'pix'],
  credenciais: {
    access_token: { configurado: true, final: 'x9y8' },
    public_key: { configurado: true, final: 'k7k7' },
  },
  criado_em: '2026-11-28T09:00:00Z',
  oauth: { vendedor: '777001', expira_em: '2027-05-27T09:00:00Z' },
};

beforeEach(() => setStaffTokens({ access: 'a1', refresh: 'r1' }));
afterEach(() => {
  vi.unstubAllGlobals();
  clearStaffSession();
});

describe('/painel/:id/pagamentos', () => {
  it('shows the account in use, its failure, secrets only as configurado ••••1234; Testar asks the server', async () => {
    const m = mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/`, 200, { ...LISTA, disponiveis: ['sandbox', 'cielo', 'mercadopago'] }),
      on('POST', `${BASE}/4/teste/`, 200, {
        ok: true,
        mensagem: 'Conexão com o provedor funcionando.',
        conta: { ...CIELO, estado: 'ok', erro: null },
      }),
    );
    const user = userEvent.setup();
    renderPainel('/1/pagamentos');
    const card = (await screen.findByRole('heading', { name: 'Cielo' })).closest('article')!;
    expect(card).toHaveTextContent('Merchant Key: configurado ••••1234');
    expect(card).toHaveTextContent('Ativa');
    expect(screen.getByRole('alert')).toHaveTextContent('Pagamento online suspenso');
    expect(screen.getByRole('alert')).toHaveTextContent('A Cielo recusou as credenciais');
    // No Mercado Pago application on this server: no button, pasting is the way.
    expect(screen.queryByRole('button', { name: 'Conectar Mercado Pago' })).toBeNull();
    expect(screen.getByText(/não tem um aplicativo do Mercado Pago configurado/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Testar' }));
    expect(
      await screen.findByText('Teste concluído: Conexão com o provedor funcionando.'),
    ).toBeInTheDocument();
    expect(m.calls.some((c) => c.method === 'POST' && c.path === `${BASE}/4/teste/`)).toBe(true);
  });

  it('checks the Cielo form before sending, and shows the server’s refusal by its field', async () => {
    const m = mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/`, 200, { ...LISTA, contas: [], ativa: null, online_disponivel: true }),
      on('POST', `${BASE}/cielo/`, 400, { merchant_key: ['A Cielo recusou as credenciais.'] }),
    );
    const user = userEvent.setup();
    renderPainel('/1/pagamentos');
    await screen.findByText('Nenhuma conta própria ainda.');
    await user.click(screen.getByRole('button', { name: 'Salvar e testar' }));
    expect(await screen.findByText(/Informe o Merchant ID/)).toBeInTheDocument();
    expect(m.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('textbox', { name: /Merchant ID/ }));
    await user.paste('1b2c3d4e-0000-4000-8000-000000000001');
    await user.click(screen.getByLabelText(/Merchant Key/));
    await user.paste('K'.repeat(40));
    await user.click(screen.getByRole('button', { name: 'Salvar e testar' }));
    expect(await screen.findByText('A Cielo recusou as credenciais.')).toBeInTheDocument();
  });

  it('Conectar Mercado Pago (server with an application): asks the server and goes to the URL it answers', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const m = mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/`, 200, {
        ...LISTA,
        contas: [],
        ativa: null,
        online_disponivel: true,
        disponiveis: ['mercadopago'],
        oauth_mercadopago: true,
      }),
      on('POST', `${BASE}/mercadopago/conectar/`, 200, {
        url: 'https://auth.mercadopago.com/authorization?client_id=1&state=abc',
      }),
    );
    const user = userEvent.setup();
    renderPainel('/1/pagamentos');
    const botao = await screen.findByRole('button', { name: 'Conectar Mercado Pago' });
    expect(botao).toBeEnabled();
    expect(screen.queryByText(/não tem um aplicativo do Mercado Pago configurado/)).toBeNull();
    await user.click(botao);
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://auth.mercadopago.com/authorization?client_id=1&state=abc'),
    );
    expect(m.calls.some((c) => c.method === 'POST' && c.path === `${BASE}/mercadopago/conectar/`)).toBe(true);
  });

  it('back from Mercado Pago: "Conectado" with the seller id, the fee, and Desconectar after a confirmation', async () => {
    const m = mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/`, 200, {
        ...LISTA,
        contas: [MP_OAUTH],
        ativa: 9,
        online_disponivel: true,
        disponiveis: ['mercadopago'],
        oauth_mercadopago: true,
        taxa_plataforma_bp: 250,
      }),
      on('POST', `${BASE}/9/desconectar/`, 200, { ...LISTA, contas: [], ativa: null }),
    );
    const user = userEvent.setup();
    renderPainel('/1/pagamentos?mercadopago=conectado');
    expect(await screen.findByText('Mercado Pago conectado (conta 777001).')).toBeInTheDocument();
    const card = screen.getByRole('heading', { name: 'Mercado Pago', level: 3 }).closest('article')!;
    expect(card).toHaveTextContent('Conectado');
    expect(card).toHaveTextContent('Conta Mercado Pago 777001');
    expect(card).toHaveTextContent('Access Token: configurado ••••x9y8');
    expect(screen.getByText(/Taxa da plataforma: 2,5 %/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Desconectar' }));
    expect(m.calls.some((c) => c.path === `${BASE}/9/desconectar/`)).toBe(false);
    expect(card).toHaveTextContent('não oferece revogação pela API');
    await user.click(within(card).getByRole('button', { name: 'Confirmar desconexão' }));
    await vi.waitFor(() =>
      expect(m.calls.some((c) => c.method === 'POST' && c.path === `${BASE}/9/desconectar/`)).toBe(true),
    );
  });

  it('a renewal Mercado Pago refused while the access still works: "Reconecte o Mercado Pago até" its date, still OK', async () => {
    mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/`, 200, {
        ...LISTA,
        contas: [{ ...MP_OAUTH, oauth: { ...MP_OAUTH.oauth!, reconectar: true } }],
        ativa: 9,
        online_disponivel: true,
        disponiveis: ['mercadopago'],
        oauth_mercadopago: true,
      }),
    );
    renderPainel('/1/pagamentos');
    const texto = await screen.findByText(/^Reconecte o Mercado Pago até \d{2}\/\d{2}\/\d{4}/);
    expect(texto).toHaveTextContent(/o acesso atual vale até essa data/);
    const card = screen.getByRole('heading', { name: 'Mercado Pago', level: 3 }).closest('article')!;
    expect(card).not.toHaveTextContent('renovado automaticamente');
    expect(card).toHaveTextContent('OK');
  });

  it('back from Mercado Pago with a used state: the reason, in Portuguese', async () => {
    mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/`, 200, { ...LISTA, disponiveis: ['mercadopago'], oauth_mercadopago: true }),
    );
    renderPainel('/1/pagamentos?mercadopago=state-usado');
    const aviso = await screen.findByText(/Esta autorização do Mercado Pago já foi usada/);
    expect(aviso.closest('[role="alert"]')).toHaveTextContent('Mercado Pago não conectado');
  });

  it('Mercado Pago: pasted credentials checked before sending, saved, and without an application no login button', async () => {
    const m = mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/`, 200, {
        ...LISTA,
        contas: [],
        ativa: null,
        online_disponivel: true,
        disponiveis: ['mercadopago'],
      }),
      on('POST', `${BASE}/mercadopago/`, 400, {
        access_token: [
          'O Mercado Pago recusou as credenciais (access token incorreto, revogado ou expirado).',
        ],
      }),
    );
    const user = userEvent.setup();
    renderPainel('/1/pagamentos');
    await screen.findByText('Nenhuma conta própria ainda.');
    expect(screen.queryByRole('button', { name: 'Conectar Mercado Pago' })).toBeNull();
    expect(screen.getByText(/cole o Access Token e a Public Key/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar e testar' }));
    expect(await screen.findByText(/Informe o Access Token/)).toBeInTheDocument();
    expect(m.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(screen.getByLabelText(/Access Token/));
    await user.paste('APP_USR-1234567890-abcdef');
    await user.click(screen.getByRole('textbox', { name: /Public Key/ }));
    await user.paste('APP_USR-0000-1111-2222');
    await user.click(screen.getByRole('button', { name: 'Salvar e testar' }));
    expect(await screen.findByText(/O Mercado Pago recusou as credenciais/)).toBeInTheDocument();
    const post = m.calls.find((c) => c.method === 'POST' && c.path === `${BASE}/mercadopago/`);
    expect(post?.body).toEqual({
      access_token: 'APP_USR-1234567890-abcdef',
      public_key: 'APP_USR-0000-1111-2222',
    });
  });
});
