import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GatewayIndisponivelError, GatewayValidacaoError } from '../port.ts';
import type { CobrancaCartao, CobrancaPix } from '../port.ts';
import { chaveDeEstorno, createMercadoPagoGateway, CredenciaisInvalidasError } from './mercadopago.ts';
import type { MercadoPagoOptions } from './mercadopago.ts';
import {
  conferirState,
  iniciarConexao,
  OAuthError,
  precisaRenovar,
  renovarTokens,
  trocarCodigo,
} from './oauth.ts';
import { assinarWebhook, createWebhookVerifier, manifesto, verificarWebhook } from './webhook.ts';
import { estadoDeMercadoPago, paginaDesafio3ds } from './formato.ts';
import { CARTAO_3DS, startMercadoPagoFake } from '../../../test/fakes/mercadopago.ts';
import type { MercadoPagoFake, VendedorFake } from '../../../test/fakes/mercadopago.ts';

const LOJA_1: VendedorFake = {
  accessToken: 'APP_USR-loja-1-token',
  publicKey: 'APP_USR-pk-loja-1',
  userId: '1001',
};
const LOJA_2: VendedorFake = {
  accessToken: 'APP_USR-loja-2-token',
  publicKey: 'APP_USR-pk-loja-2',
  userId: '1002',
};
const OAUTH = {
  clientId: '8123456789012345',
  clientSecret: 'segredo-do-aplicativo',
  redirectUris: ['https://rango.example/painel/pagamentos/mercadopago/retorno'],
  vendedorUserId: '2003',
};
const SEGREDO_WEBHOOK = 'segredo-de-webhook-do-aplicativo';

const VISA = '4235647728025682';
const MASTER = '5031433215406351';
const ano = new Date().getUTCFullYear() + 3;

let fake: MercadoPagoFake;

beforeAll(async () => {
  fake = await startMercadoPagoFake({ vendedores: [LOJA_1, LOJA_2], oauth: OAUTH });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

function gateway(extra: Partial<MercadoPagoOptions> = {}) {
  return createMercadoPagoGateway({
    accessToken: LOJA_1.accessToken,
    publicKey: LOJA_1.publicKey,
    apiUrl: fake.url,
    scriptUrl: `${fake.url}/js/v2`,
    webhookSecret: SEGREDO_WEBHOOK,
    timeoutMs: 1500,
    ...extra,
  });
}

/** What the browser script does: POST the card to Mercado Pago (here, the fake) with the public key. */
async function tokenNoNavegador(nome: string, numero = VISA, publicKey = LOJA_1.publicKey): Promise<string> {
  const r = await fetch(`${fake.url}/v1/card_tokens?public_key=${encodeURIComponent(publicKey)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      card_number: numero,
      security_code: '123',
      expiration_month: 11,
      expiration_year: ano,
      cardholder: { name: nome, identification: { type: 'CPF', number: '12345678909' } },
    }),
  });
  expect(r.status).toBe(201);
  return ((await r.json()) as { id: string }).id;
}

/** What the browser script does for a saved card: `createCardToken({cardId, securityCode})`. */
async function tokenDoCartaoSalvo(cardId: string, cvv: string | null): Promise<string> {
  const r = await fetch(`${fake.url}/v1/card_tokens?public_key=${encodeURIComponent(LOJA_1.publicKey)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ card_id: cardId, ...(cvv ? { security_code: cvv } : {}) }),
  });
  expect(r.status).toBe(201);
  return ((await r.json()) as { id: string }).id;
}

interface MercadoPagoNavegador {
  createCardToken(d: Record<string, string>): Promise<{ id: string }>;
  getPaymentMethods(d: { bin: string }): Promise<{ results: { id: string }[] }>;
}

const chave = () => `t${randomUUID().replace(/-/g, '').slice(0, 24)}`;

function cobranca(token: string, extra: Partial<CobrancaCartao> = {}): CobrancaCartao {
  return {
    chave: chave(),
    valor: 4590,
    tipo: 'credito',
    cartao: { token, bandeira: 'Visa' },
    salvar: false,
    autenticacao: null,
    returnUrl: 'https://rango.example/aguardando-pagamento',
    comprador: { nome: 'João da Silva', cpf: '529.982.247-25', email: 'joao@example.com' },
    softDescriptor: 'Sabor da Vila',
    ...extra,
  };
}

function pix(extra: Partial<CobrancaPix> = {}): CobrancaPix {
  return {
    chave: chave(),
    valor: 3200,
    comprador: { nome: 'Maria Souza', cpf: '52998224725', email: 'maria@example.com' },
    expiraEmSegundos: 3600,
    ...extra,
  };
}

describe('Mercado Pago: cards', () => {
  it('charges an approved card with the token, the idempotency key and our key as external_reference', async () => {
    const g = gateway();
    const token = await tokenNoNavegador('APRO');
    const req = cobranca(token);
    const r = await g.cobrarCartao(req);
    expect(r.estado).toBe('pago');
    expect(r.returnCode).toBe('accredited');
    const pago = fake.pagamentos().find((p) => String(p.id) === r.paymentId)!;
    expect(pago).toMatchObject({
      transaction_amount: 45.9,
      payment_method_id: 'visa',
      installments: 1,
      external_reference: req.chave,
      statement_descriptor: 'Sabor da Vila',
      payer: { email: 'joao@example.com', identification: { type: 'CPF', number: '52998224725' } },
    });
    const criacao = fake.requisicoes.find((x) => x.method === 'POST' && x.url === '/v1/payments')!;
    expect(
      fake.requisicoes.filter((x) => x.method === 'POST' && x.url === '/v1/payments').at(-1)!.idempotencyKey,
    ).toBe(req.chave);
    expect(criacao.credencial).toBe(LOJA_1.accessToken);
    // The body sent carries the token only: no number, no CVV.
    expect(JSON.stringify(pago)).not.toContain(VISA);
  });

  it('maps a rejected card to negado with the reason in Portuguese', async () => {
    const r = await gateway().cobrarCartao(cobranca(await tokenNoNavegador('FUND')));
    expect(r.estado).toBe('negado');
    expect(r.returnCode).toBe('cc_rejected_insufficient_amount');
    expect(r.returnMessage).toBe('Saldo insuficiente');
  });

  it('a card under review (in_process) is pendente', async () => {
    const r = await gateway().cobrarCartao(cobranca(await tokenNoNavegador('CONT')));
    expect(r.estado).toBe('pendente');
  });

  it('the same key twice makes one payment', async () => {
    const g = gateway();
    const req = cobranca(await tokenNoNavegador('APRO'));
    const a = await g.cobrarCartao(req);
    const b = await g.cobrarCartao(req);
    expect(b.paymentId).toBe(a.paymentId);
    expect(fake.pagamentos().filter((p) => p.external_reference === req.chave)).toHaveLength(1);
  });

  it('a time-out after the charge finds the payment by external_reference and never posts again', async () => {
    const g = gateway({ timeoutMs: 300 });
    const req = cobranca(await tokenNoNavegador('APRO'));
    fake.atrasarProximoPagamento(1000);
    const antes = fake.requisicoes.filter((x) => x.method === 'POST' && x.url === '/v1/payments').length;
    const r = await g.cobrarCartao(req);
    expect(r.estado).toBe('pago');
    expect(fake.pagamentos().filter((p) => p.external_reference === req.chave)).toHaveLength(1);
    expect(fake.requisicoes.filter((x) => x.method === 'POST' && x.url === '/v1/payments').length).toBe(
      antes + 1,
    );
    expect(
      fake.requisicoes.some((x) => x.url.startsWith('/v1/payments/search?') && x.url.includes(req.chave)),
    ).toBe(true);
  });

  it('a 500 after recording is reconciled; a 429 with nothing recorded stays unknown (GatewayIndisponivelError)', async () => {
    const g = gateway();
    const req = cobranca(await tokenNoNavegador('APRO'));
    fake.falharProximas(500, { registrar: true });
    expect((await g.cobrarCartao(req)).estado).toBe('pago');

    const outra = cobranca(await tokenNoNavegador('APRO'));
    fake.falharProximas(429);
    await expect(g.cobrarCartao(outra)).rejects.toBeInstanceOf(GatewayIndisponivelError);
    expect(fake.pagamentos().some((p) => p.external_reference === outra.chave)).toBe(false);
  });

  it('401 (wrong or revoked token) is CredenciaisInvalidasError, and nothing is charged', async () => {
    const g = gateway({ accessToken: 'APP_USR-errado' });
    const token = await tokenNoNavegador('APRO');
    const e = await g.cobrarCartao(cobranca(token)).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(CredenciaisInvalidasError);
    expect(e).toBeInstanceOf(GatewayValidacaoError);
    expect((e as CredenciaisInvalidasError).status).toBe(401);
    expect((e as Error).message).toContain('Credenciais do Mercado Pago inválidas');
    await expect(g.consultar('123')).rejects.toBeInstanceOf(CredenciaisInvalidasError);

    const revogado = {
      accessToken: `APP_USR-${randomUUID()}`,
      publicKey: `APP_USR-${randomUUID()}`,
      userId: '1099',
    };
    fake.adicionarVendedor(revogado);
    fake.revogarToken(revogado.accessToken);
    await expect(gateway({ accessToken: revogado.accessToken }).criarPix(pix())).rejects.toBeInstanceOf(
      CredenciaisInvalidasError,
    );
  });

  it('each establishment is charged on its own token and cannot read the other one’s payments', async () => {
    const g1 = gateway();
    const g2 = gateway({ accessToken: LOJA_2.accessToken, publicKey: LOJA_2.publicKey });
    const r2 = await g2.cobrarCartao(cobranca(await tokenNoNavegador('APRO', VISA, LOJA_2.publicKey)));
    expect(fake.credencialDoPagamento(r2.paymentId!)).toBe(LOJA_2.accessToken);
    expect(await g1.consultar(r2.paymentId!)).toBeNull();
    expect((await g2.consultar(r2.paymentId!))?.estado).toBe('pago');
    // A token made with establishment 2's public key is unknown to establishment 1.
    await expect(
      g1.cobrarCartao(cobranca(await tokenNoNavegador('APRO', VISA, LOJA_2.publicKey))),
    ).rejects.toBeInstanceOf(GatewayValidacaoError);
  });

  it('a used card token is refused (single use)', async () => {
    const g = gateway();
    const token = await tokenNoNavegador('APRO');
    await g.cobrarCartao(cobranca(token));
    expect(await g.consultarToken(token)).toBeNull();
    await expect(g.cobrarCartao(cobranca(token))).rejects.toBeInstanceOf(GatewayValidacaoError);
  });

  it('reads a fresh token (brand and last digits from Mercado Pago) and refuses raw numbers', async () => {
    const g = gateway();
    const token = await tokenNoNavegador('APRO', MASTER);
    expect(await g.consultarToken(token)).toMatchObject({
      token,
      bandeira: 'Master',
      final: '6351',
      titular: 'APRO',
    });
    await expect(
      g.cobrarCartao(
        cobranca('', { cartao: { numero: VISA, cvv: '123', expiracao: `11/${ano}`, bandeira: 'Visa' } }),
      ),
    ).rejects.toBeInstanceOf(GatewayValidacaoError);
    await expect(
      g.tokenizarCartao({ numero: VISA, expiracao: `11/${ano}`, titular: 'A', bandeira: 'Visa' }),
    ).rejects.toBeInstanceOf(GatewayValidacaoError);
    expect(await g.tokenizacaoNavegador()).toEqual({
      url: `${fake.url}/js/v2`,
      accessToken: LOJA_1.publicKey,
      expiresIn: 86_400,
    });
  });

  it('the fake browser script tokenises with the public key (to the fake only), then the server pays', async () => {
    const script = await (await fetch(`${fake.url}/js/v2`)).text();
    const janela: { MercadoPago?: new (pk: string) => MercadoPagoNavegador } = {};
    new Function('window', script)(janela);
    const mp = new janela.MercadoPago!(LOJA_1.publicKey);
    const metodos = await mp.getPaymentMethods({ bin: MASTER.slice(0, 8) });
    expect(metodos.results[0]?.id).toBe('master');
    const t = await mp.createCardToken({
      cardNumber: MASTER,
      cardholderName: 'APRO',
      cardExpirationMonth: '11',
      cardExpirationYear: String(ano),
      securityCode: '123',
      identificationType: 'CPF',
      identificationNumber: '12345678909',
    });
    expect(t.id).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(t)).not.toContain(MASTER);
    const g = gateway();
    const lido = await g.consultarToken(t.id);
    expect(lido).toMatchObject({ bandeira: 'Master', final: '6351' });
    expect(
      (await g.cobrarCartao(cobranca(t.id, { cartao: { token: t.id, bandeira: lido!.bandeira } }))).estado,
    ).toBe('pago');
    await expect(
      new janela.MercadoPago!(LOJA_1.publicKey).createCardToken({
        cardNumber: '4235647728025683',
        cardholderName: 'APRO',
        cardExpirationMonth: '11',
        cardExpirationYear: String(ano),
        securityCode: '123',
      }),
    ).rejects.toThrow();
  });

  it('saves a card after the approved payment with its own token; later the browser token of card id + CVV pays it', async () => {
    const g = gateway();
    const email = `cliente-${randomUUID()}@example.com`;
    const comprador = { nome: 'Ana', cpf: null, email };
    const primeira = await g.cobrarCartao(
      cobranca(await tokenNoNavegador('APRO'), { salvar: true, comprador }),
    );
    expect(primeira.estado).toBe('pago');
    expect(primeira.cardToken).toMatch(/^c\d+-[A-Za-z0-9-]+$/);
    const [, cardId, customerId] = /^c(\d+)-(.+)$/.exec(primeira.cardToken!)!;
    // Documented order: the payment first, then the card kept with that same token.
    const posts = fake.requisicoes.filter((x) => x.method === 'POST').map((x) => x.url);
    expect(posts.indexOf(`/v1/customers/${customerId}/cards`)).toBeGreaterThan(
      posts.lastIndexOf('/v1/payments'),
    );
    expect(await g.consultarToken(primeira.cardToken!)).toMatchObject({ bandeira: 'Visa', final: '5682' });

    // The old reference is never paid: the CVV is asked for (in the browser).
    const semCvv = await g
      .cobrarCartao(cobranca(primeira.cardToken!, { comprador }))
      .catch((e: unknown) => e as GatewayValidacaoError);
    expect(semCvv).toBeInstanceOf(GatewayValidacaoError);
    expect((semCvv as GatewayValidacaoError).erros[0]?.Message).toMatch(/código de segurança \(CVV\)/);

    const antes = fake.requisicoes.length;
    const token = await tokenDoCartaoSalvo(cardId!, '123');
    const segunda = await g.cobrarCartao(cobranca(token, { comprador }));
    expect(segunda.estado).toBe('pago');
    const pago = fake.pagamentos().find((p) => String(p.id) === segunda.paymentId)!;
    expect(pago.payer).toMatchObject({ type: 'customer', id: customerId });
    // Our server made no card token (that needs the CVV): only the browser did.
    const doServidor = fake.requisicoes.slice(antes).filter((x) => x.credencial === LOJA_1.accessToken);
    expect(doServidor.some((x) => x.method === 'POST' && x.url.startsWith('/v1/card_tokens'))).toBe(false);
    expect(doServidor.some((x) => x.url === `/v1/card_tokens/${token}`)).toBe(true);
    // Single use.
    await expect(g.cobrarCartao(cobranca(token, { comprador }))).rejects.toBeInstanceOf(
      GatewayValidacaoError,
    );
  });

  it('a saved card token made without the CVV is rejected by Mercado Pago; another buyer’s saved card is refused unpaid', async () => {
    const g = gateway();
    const email = `cliente-${randomUUID()}@example.com`;
    const comprador = { nome: 'Ana', cpf: null, email };
    const salvo = await g.cobrarCartao(cobranca(await tokenNoNavegador('APRO'), { salvar: true, comprador }));
    const cardId = /^c(\d+)-/.exec(salvo.cardToken!)![1]!;

    const sem = await g.cobrarCartao(cobranca(await tokenDoCartaoSalvo(cardId, null), { comprador }));
    expect(sem.estado).toBe('negado');
    expect(sem.returnCode).toBe('cc_rejected_bad_filled_security_code');
    expect(sem.returnMessage).toBe('Código de segurança inválido');

    // Bruno has no such card (nor a customer): refused before any payment.
    const bruno = { nome: 'Bruno', cpf: null, email: `bruno-${randomUUID()}@example.com` };
    const n = fake.pagamentos().length;
    const outro = await g
      .cobrarCartao(cobranca(await tokenDoCartaoSalvo(cardId, '123'), { comprador: bruno }))
      .catch((e: unknown) => e as GatewayValidacaoError);
    expect(outro).toBeInstanceOf(GatewayValidacaoError);
    expect((outro as GatewayValidacaoError).erros[0]?.Message).toBe('Cartão inválido.');
    // Bruno with a customer of his own (and his own card) still cannot pay Ana's.
    await g.cobrarCartao(cobranca(await tokenNoNavegador('APRO'), { salvar: true, comprador: bruno }));
    const m = fake.pagamentos().length;
    await expect(
      g.cobrarCartao(cobranca(await tokenDoCartaoSalvo(cardId, '123'), { comprador: bruno })),
    ).rejects.toBeInstanceOf(GatewayValidacaoError);
    expect(fake.pagamentos().length).toBe(m);
    expect(m).toBe(n + 1);
  });

  it('a refused or still pending card is not kept on the customer', async () => {
    const g = gateway();
    const comprador = { nome: 'Ana', cpf: null, email: `cliente-${randomUUID()}@example.com` };
    const antes = fake.requisicoes.length;
    const negado = await g.cobrarCartao(
      cobranca(await tokenNoNavegador('OTHE'), { salvar: true, comprador }),
    );
    expect(negado.estado).toBe('negado');
    expect(negado.cardToken).toBeNull();
    const pendente = await g.cobrarCartao(
      cobranca(await tokenNoNavegador('CONT'), { salvar: true, comprador }),
    );
    expect(pendente.estado).toBe('pendente');
    expect(pendente.cardToken).toBeNull();
    expect(
      fake.requisicoes
        .slice(antes)
        .some((x) => x.method === 'POST' && /^\/v1\/customers\/[^/]+\/cards$/.test(x.url)),
    ).toBe(false);
  });

  it('a card token expires (7 days)', async () => {
    let agora = Date.now();
    const f = await startMercadoPagoFake({ vendedores: [LOJA_1], agora: () => new Date(agora) });
    try {
      const g = gateway({ apiUrl: f.url });
      const r = await fetch(`${f.url}/v1/card_tokens?public_key=${LOJA_1.publicKey}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          card_number: VISA,
          security_code: '123',
          expiration_month: 11,
          expiration_year: ano,
          cardholder: { name: 'APRO' },
        }),
      });
      const { id } = (await r.json()) as { id: string };
      agora += 7 * 86_400_000 + 1000;
      expect(await g.consultarToken(id)).toBeNull();
      await expect(g.cobrarCartao(cobranca(id))).rejects.toBeInstanceOf(GatewayValidacaoError);
      expect(f.pagamentos()).toHaveLength(0);
    } finally {
      await f.close();
    }
  });

  it('payment_method_id and issuer_id come from the BIN by the installments search, one installment offered', async () => {
    const g = gateway();
    const credito = await g.cobrarCartao(cobranca(await tokenNoNavegador('APRO')));
    const busca = fake.requisicoes
      .filter((x) => x.url.startsWith('/v1/payment_methods/installments?'))
      .at(-1)!;
    const q = new URL(busca.url, fake.url).searchParams;
    expect([q.get('bin'), q.get('amount'), q.get('payment_type_id')]).toEqual([
      '423564',
      '45.9',
      'credit_card',
    ]);
    expect(busca.credencial).toBe(LOJA_1.accessToken);
    expect(fake.pagamentos().find((p) => String(p.id) === credito.paymentId)).toMatchObject({
      payment_method_id: 'visa',
      issuer_id: '24',
      installments: 1,
    });
    const tk = await tokenNoNavegador('APRO');
    const debito = await g.cobrarCartao(cobranca(tk, { tipo: 'debito' }));
    expect(fake.pagamentos().find((p) => String(p.id) === debito.paymentId)).toMatchObject({
      payment_method_id: 'debvisa',
      issuer_id: '24',
    });
    // Elo débito (debit only) as credit, Amex (credit only) as debit: refused, nothing charged.
    const n = fake.pagamentos().length;
    const tkElo = await tokenNoNavegador('APRO', '5067766783888311');
    const eloCredito = await g
      .cobrarCartao(cobranca(tkElo, { cartao: { token: tkElo, bandeira: 'Elo' } }))
      .catch((e: unknown) => e as GatewayValidacaoError);
    expect((eloCredito as GatewayValidacaoError).erros[0]?.Message).toBe(
      'Este cartão não aceita pagamento no crédito',
    );
    const tkAmex = await tokenNoNavegador('APRO', '375365153556885');
    const amexDebito = await g
      .cobrarCartao(cobranca(tkAmex, { tipo: 'debito', cartao: { token: tkAmex, bandeira: 'Amex' } }))
      .catch((e: unknown) => e as GatewayValidacaoError);
    expect((amexDebito as GatewayValidacaoError).erros[0]?.Message).toBe(
      'Este cartão não aceita pagamento no débito',
    );
    expect(fake.pagamentos().length).toBe(n);
    // The search down (5xx): our brand table names the method, no issuer; the payment goes on.
    fake.falharProximas(503, { rota: 'parcelas' });
    const semBusca = await g.cobrarCartao(cobranca(await tokenNoNavegador('APRO')));
    expect(semBusca.estado).toBe('pago');
    const enviado = fake.pagamentos().find((p) => String(p.id) === semBusca.paymentId)!;
    expect(enviado).toMatchObject({ payment_method_id: 'visa', issuer_id: '24' });
  });

  it('credit asks for 3-D Secure too: the challenge card answers pending_challenge, then the bank decides', async () => {
    const g = gateway();
    const token = await tokenNoNavegador('APRO', CARTAO_3DS);
    const r = await g.cobrarCartao(cobranca(token, { cartao: { token, bandeira: 'Master' } }));
    expect(r.estado).toBe('pendente');
    expect(r.returnCode).toBe('pending_challenge');
    expect(r.desafio3ds?.url).toBe(`${fake.url}/3ds/desafio/${r.paymentId}`);
    expect(fake.pagamentos().find((p) => String(p.id) === r.paymentId)).toMatchObject({
      payment_method_id: 'master',
      payment_type_id: 'credit_card',
    });
    expect(fake.concluirDesafio(r.paymentId!, true)).toBe(true);
    expect((await g.consultar(r.paymentId!))?.estado).toBe('pago');
    // Every card payment asks for it (the bank decides whether to challenge).
    const outro = await g.cobrarCartao(cobranca(await tokenNoNavegador('APRO')));
    expect(outro.estado).toBe('pago');
  });

  it('debit asks for 3-D Secure; a pending_challenge answers the challenge, then the bank decides', async () => {
    const g = gateway();
    const token = await tokenNoNavegador('APRO', CARTAO_3DS);
    const r = await g.cobrarCartao(
      cobranca(token, { tipo: 'debito', cartao: { token, bandeira: 'Master' } }),
    );
    expect(r.estado).toBe('pendente');
    expect(r.returnCode).toBe('pending_challenge');
    expect(r.desafio3ds?.url).toBe(`${fake.url}/3ds/desafio/${r.paymentId}`);
    const enviado = fake.pagamentos().find((p) => String(p.id) === r.paymentId)!;
    expect(enviado).toMatchObject({ payment_method_id: 'debmaster' });
    const pagina = paginaDesafio3ds(r.desafio3ds!);
    expect(pagina).toContain(`action="${r.desafio3ds!.url}"`);
    expect(pagina).toContain('name="creq"');
    const desafio = await fetch(r.desafio3ds!.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ creq: r.desafio3ds!.creq }).toString(),
    });
    expect(desafio.status).toBe(200);
    fake.concluirDesafio(r.paymentId!, false);
    expect((await g.consultar(r.paymentId!))?.estado).toBe('negado');
  });

  it('sends application_fee when the establishment pays a marketplace fee', async () => {
    const g = gateway({ applicationFee: (v) => Math.round(v * 0.05) });
    const r = await g.cobrarCartao(cobranca(await tokenNoNavegador('APRO')));
    expect(fake.pagamentos().find((p) => String(p.id) === r.paymentId)).toMatchObject({
      application_fee: 2.3,
    });
    await expect(
      gateway({ applicationFee: (v) => v }).cobrarCartao(cobranca(await tokenNoNavegador('APRO'))),
    ).rejects.toBeInstanceOf(GatewayValidacaoError);
  });
});

describe('Mercado Pago: PIX and refunds', () => {
  it('PIX: pending with the code and expiry, then paid', async () => {
    const g = gateway();
    const req = pix();
    const r = await g.criarPix(req);
    expect(r.estado).toBe('pendente');
    expect(r.pix?.qrcode).toMatch(/^000201/);
    expect(r.pix?.imagem).toMatch(/^data:image\/png;base64,/);
    const expira = Date.parse(r.pix!.expiraEm) - Date.now();
    expect(expira).toBeGreaterThan(3500_000);
    expect(expira).toBeLessThanOrEqual(3600_000);
    expect(fake.pagamentos().find((p) => String(p.id) === r.paymentId)).toMatchObject({
      payment_method_id: 'pix',
      transaction_amount: 32,
      external_reference: req.chave,
    });
    expect(fake.pagarPix(r.paymentId!)).toBe(true);
    expect((await g.consultar(r.paymentId!))?.estado).toBe('pago');
    expect((await g.consultarPorChave(req.chave))?.estado).toBe('pago');
  });

  it('PIX past its expiry is expirado', async () => {
    let agora = Date.now();
    const relogio = () => new Date(agora);
    const f = await startMercadoPagoFake({ vendedores: [LOJA_1], agora: relogio });
    try {
      const g = createMercadoPagoGateway({ ...LOJA_1, apiUrl: f.url, agora: relogio });
      const r = await g.criarPix(pix({ expiraEmSegundos: 1800 }));
      agora += 1801_000;
      expect((await g.consultar(r.paymentId!))?.estado).toBe('expirado');
      expect(estadoDeMercadoPago('cancelled', 'expired')).toBe('expirado');
      expect(estadoDeMercadoPago('cancelled', 'by_collector')).toBe('negado');
      expect(estadoDeMercadoPago('charged_back', null)).toBe('estornado');
    } finally {
      await f.close();
    }
  });

  it('refunds the whole payment once, with one idempotency key per payment', async () => {
    const g = gateway();
    const r = await g.cobrarCartao(cobranca(await tokenNoNavegador('APRO')));
    const e = await g.estornar(r.paymentId!, 4590);
    expect(e.estado).toBe('estornado');
    const again = await g.estornar(r.paymentId!, 4590);
    expect(again.estado).toBe('estornado');
    const pago = fake.pagamentos().find((p) => String(p.id) === r.paymentId)!;
    expect(pago.refunds).toHaveLength(1);
    const refunds = fake.requisicoes.filter((x) => x.url === `/v1/payments/${r.paymentId}/refunds`);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.idempotencyKey).toBe(chaveDeEstorno(r.paymentId!));
  });

  it('a pending PIX is cancelled rather than refunded', async () => {
    const g = gateway();
    const r = await g.criarPix(pix());
    expect((await g.estornar(r.paymentId!, 3200)).estado).toBe('negado');
  });
});

describe('Mercado Pago: OAuth', () => {
  const redirectUri = OAUTH.redirectUris[0]!;
  const cliente = () => ({ apiUrl: fake.url, clientId: OAUTH.clientId, clientSecret: OAUTH.clientSecret });

  async function autorizarNoNavegador(url: string) {
    const r = await fetch(url, { redirect: 'manual' });
    expect(r.status).toBe(302);
    return new URL(r.headers.get('location')!);
  }

  it('connects with state and PKCE, and the token charges on the connected account', async () => {
    const c = iniciarConexao({ clientId: OAUTH.clientId, redirectUri, authUrl: fake.url });
    const u = new URL(c.url);
    expect(u.pathname).toBe('/authorization');
    expect(Object.fromEntries(u.searchParams)).toMatchObject({
      client_id: OAUTH.clientId,
      response_type: 'code',
      platform_id: 'mp',
      state: c.state,
      redirect_uri: redirectUri,
      code_challenge_method: 'S256',
    });
    expect(u.searchParams.get('code_challenge')).not.toBe(c.verifier);
    const volta = await autorizarNoNavegador(c.url);
    expect(conferirState(volta.searchParams.get('state'), c.state)).toBe(true);
    expect(conferirState('outro', c.state)).toBe(false);
    expect(conferirState(null, c.state)).toBe(false);
    const tokens = await trocarCodigo({
      ...cliente(),
      code: volta.searchParams.get('code')!,
      redirectUri,
      codeVerifier: c.verifier,
    });
    expect(tokens).toMatchObject({ userId: OAUTH.vendedorUserId, scope: 'offline_access read write' });
    expect(precisaRenovar(tokens, new Date())).toBe(false);
    expect(precisaRenovar(tokens, new Date(Date.parse(tokens.expiraEm) - 86_400_000))).toBe(true);
    const token = await tokenNoNavegador('APRO', VISA, tokens.publicKey);
    const g = gateway({ accessToken: tokens.accessToken, publicKey: tokens.publicKey });
    const r = await g.cobrarCartao(cobranca(token));
    expect(r.estado).toBe('pago');
    expect(fake.credencialDoPagamento(r.paymentId!)).toBe(tokens.accessToken);
  });

  it('refuses a reused code, a wrong verifier and a wrong redirect', async () => {
    const c = iniciarConexao({ clientId: OAUTH.clientId, redirectUri, authUrl: fake.url });
    const code = (await autorizarNoNavegador(c.url)).searchParams.get('code')!;
    await trocarCodigo({ ...cliente(), code, redirectUri, codeVerifier: c.verifier });
    const reuso = await trocarCodigo({ ...cliente(), code, redirectUri, codeVerifier: c.verifier }).catch(
      (e: unknown) => e,
    );
    expect(reuso).toBeInstanceOf(OAuthError);
    expect((reuso as OAuthError).codigo).toBe('invalid_grant');
    expect((reuso as OAuthError).message).toBe(
      'Autorização do Mercado Pago inválida ou já usada. Conecte novamente.',
    );

    const d = iniciarConexao({ clientId: OAUTH.clientId, redirectUri, authUrl: fake.url });
    const code2 = (await autorizarNoNavegador(d.url)).searchParams.get('code')!;
    await expect(
      trocarCodigo({ ...cliente(), code: code2, redirectUri, codeVerifier: c.verifier }),
    ).rejects.toBeInstanceOf(OAuthError);
    // Refused once, the code is spent even with the right verifier.
    await expect(
      trocarCodigo({ ...cliente(), code: code2, redirectUri, codeVerifier: d.verifier }),
    ).rejects.toBeInstanceOf(OAuthError);

    const e = iniciarConexao({ clientId: OAUTH.clientId, redirectUri, authUrl: fake.url });
    const code3 = (await autorizarNoNavegador(e.url)).searchParams.get('code')!;
    await expect(
      trocarCodigo({
        ...cliente(),
        code: code3,
        redirectUri: 'https://outro.example/retorno',
        codeVerifier: e.verifier,
      }),
    ).rejects.toBeInstanceOf(OAuthError);
    const segredoErrado = await trocarCodigo({
      ...cliente(),
      clientSecret: 'x',
      code: 'TG-1',
      redirectUri,
      codeVerifier: 'v',
    }).catch((x: unknown) => x);
    expect((segredoErrado as OAuthError).codigo).toBe('invalid_client');
  });

  it('refreshes: the new refresh token replaces the old, which is then refused', async () => {
    const c = iniciarConexao({ clientId: OAUTH.clientId, redirectUri, authUrl: fake.url });
    const code = (await autorizarNoNavegador(c.url)).searchParams.get('code')!;
    const t1 = await trocarCodigo({ ...cliente(), code, redirectUri, codeVerifier: c.verifier });
    const t2 = await renovarTokens({ ...cliente(), refreshToken: t1.refreshToken });
    expect(t2.accessToken).not.toBe(t1.accessToken);
    expect(t2.refreshToken).not.toBe(t1.refreshToken);
    expect(t2.publicKey).toBe(t1.publicKey);
    await expect(renovarTokens({ ...cliente(), refreshToken: t1.refreshToken })).rejects.toBeInstanceOf(
      OAuthError,
    );
    const r = await gateway({ accessToken: t2.accessToken }).criarPix(pix());
    expect(fake.credencialDoPagamento(r.paymentId!)).toBe(t2.accessToken);
  });
});

describe('Mercado Pago: webhooks', () => {
  it('matches the documented manifest', () => {
    expect(manifesto('123456', 'bb56a2f1-6aae-46ac-982e-9dcd3581d08e', '1742505638683')).toBe(
      'id:123456;request-id:bb56a2f1-6aae-46ac-982e-9dcd3581d08e;ts:1742505638683;',
    );
    expect(manifesto('ABC1', null, '1')).toBe('id:abc1;ts:1;');
  });

  it('accepts a signed notification from the fake, refuses a forged, a replayed and an old one', async () => {
    const recebidos: {
      headers: Record<string, string | string[] | undefined>;
      query: unknown;
      body: unknown;
    }[] = [];
    const loja = Fastify({ logger: false });
    loja.post('/webhooks/mercadopago', async (req) => {
      recebidos.push({ headers: req.headers, query: req.query, body: req.body });
      return { ok: true };
    });
    const destino = `${await loja.listen({ port: 0, host: '127.0.0.1' })}/webhooks/mercadopago`;
    try {
      const g = gateway();
      const r = await g.criarPix(pix());
      fake.pagarPix(r.paymentId!);
      await fake.enviarWebhook(r.paymentId!, { url: destino, segredo: SEGREDO_WEBHOOK });
      const n = recebidos.at(-1)!;
      expect(n.query).toMatchObject({ 'data.id': r.paymentId, type: 'payment' });
      // The gateway's own reading (port): the id, to be re-read from the API.
      expect(g.lerNotificacao(n.body, n.headers)).toBe(r.paymentId);
      expect((await g.consultar(r.paymentId!))?.estado).toBe('pago');
      // The same notification again: a replay.
      expect(g.lerNotificacao(n.body, n.headers)).toBeNull();

      const v = createWebhookVerifier({ segredo: SEGREDO_WEBHOOK });
      expect(
        v.verificar({ headers: n.headers, query: n.query as Record<string, unknown>, body: n.body }),
      ).toEqual({
        ok: true,
        paymentId: r.paymentId,
      });
      // Another payment's id in the URL or body with the same signature: forged.
      expect(v.verificar({ headers: n.headers, query: { 'data.id': '999', type: 'payment' } })).toEqual({
        ok: false,
        motivo: 'assinatura-invalida',
      });
      // Signed with another secret.
      await fake.enviarWebhook(r.paymentId!, { url: destino, segredo: 'outro-segredo' });
      const forjado = recebidos.at(-1)!;
      expect(g.lerNotificacao(forjado.body, forjado.headers)).toBeNull();
      expect(
        verificarWebhook({ segredo: SEGREDO_WEBHOOK, headers: forjado.headers, body: forjado.body }),
      ).toMatchObject({
        ok: false,
        motivo: 'assinatura-invalida',
      });
      // An old one (ts 10 minutes ago, well signed).
      const velho = String(Math.floor(Date.now() / 1000) - 600);
      await fake.enviarWebhook(r.paymentId!, { url: destino, segredo: SEGREDO_WEBHOOK, ts: velho });
      const antigo = recebidos.at(-1)!;
      expect(g.lerNotificacao(antigo.body, antigo.headers)).toBeNull();
      expect(
        verificarWebhook({ segredo: SEGREDO_WEBHOOK, headers: antigo.headers, body: antigo.body }),
      ).toMatchObject({
        ok: false,
        motivo: 'expirada',
      });
      // No header at all.
      expect(g.lerNotificacao(n.body, {})).toBeNull();
    } finally {
      await loja.close();
    }
  });

  it('a verifier shared by the gateways of a process refuses a replay to a fresh gateway', () => {
    const ts = String(Math.floor(Date.now() / 1000));
    const headers = {
      'x-request-id': 'req-2',
      'x-signature': assinarWebhook({ segredo: SEGREDO_WEBHOOK, dataId: '77', requestId: 'req-2', ts }),
    };
    const body = { type: 'payment', data: { id: '77' } };
    const compartilhado = createWebhookVerifier({ segredo: SEGREDO_WEBHOOK });
    expect(gateway({ webhookVerifier: compartilhado }).lerNotificacao(body, headers)).toBe('77');
    expect(gateway({ webhookVerifier: compartilhado }).lerNotificacao(body, headers)).toBeNull();
    // Without sharing, only the time window protects (the payment is re-read anyway).
    expect(gateway().lerNotificacao(JSON.stringify(body), headers)).toBe('77');
    expect(gateway({ webhookSecret: undefined }).lerNotificacao(body, headers)).toBeNull();
    expect(paginaDesafio3ds({ url: 'https://acs.example/"x', creq: 'a<b' }, 'n0nce')).toContain(
      '<script nonce="n0nce">',
    );
    expect(paginaDesafio3ds({ url: 'https://acs.example/"x', creq: 'a<b' })).not.toContain('"x');
  });

  it('accepts ts in milliseconds and refuses a notification that is not about a payment', () => {
    const ts = String(Date.now());
    const headers = {
      'x-request-id': 'req-1',
      'x-signature': assinarWebhook({ segredo: 's', dataId: '42', requestId: 'req-1', ts }),
    };
    expect(verificarWebhook({ segredo: 's', headers, query: { 'data.id': '42', type: 'payment' } })).toEqual({
      ok: true,
      paymentId: '42',
    });
    expect(
      verificarWebhook({ segredo: 's', headers, query: { 'data.id': '42', type: 'merchant_order' } }),
    ).toMatchObject({
      ok: false,
      motivo: 'nao-e-pagamento',
    });
  });

  it('the fake posts a signed webhook on each change when configured', async () => {
    const recebidos: unknown[] = [];
    const loja = Fastify({ logger: false });
    const v = createWebhookVerifier({ segredo: SEGREDO_WEBHOOK });
    loja.post('/wh', async (req) => {
      recebidos.push(
        v.verificar({ headers: req.headers, query: req.query as Record<string, unknown>, body: req.body }),
      );
      return {};
    });
    const destino = `${await loja.listen({ port: 0, host: '127.0.0.1' })}/wh`;
    const f = await startMercadoPagoFake({
      vendedores: [LOJA_1],
      webhook: { url: destino, segredo: SEGREDO_WEBHOOK },
    });
    try {
      const g = createMercadoPagoGateway({ ...LOJA_1, apiUrl: f.url });
      const r = await g.criarPix(pix());
      f.pagarPix(r.paymentId!);
      await expect.poll(() => recebidos.length).toBeGreaterThanOrEqual(2);
      expect(recebidos).toContainEqual({ ok: true, paymentId: r.paymentId });
    } finally {
      await f.close();
      await loja.close();
    }
  });
});
