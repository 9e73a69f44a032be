import { randomUUID } from 'node:crypto';
import { MSG, MSG_CARTAO, cartaoSalvoSchema, cartoesSalvosSchema, luhnValido } from '@rango/domain';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccessTokens } from '../../http/auth.ts';
import { registerErrorHandler } from '../../http/error-handler.ts';
import { createRateLimiter } from '../../http/rate-limit.ts';
import { DIALECTS, openTestDb } from '../../test/db.ts';
import type { TestDb } from '../../test/db.ts';
import { gatewayUnico } from '../payments/contas.ts';
import { GatewayValidacaoError } from '../payments/port.ts';
import type { CartaoTokenizado, PaymentGateway } from '../payments/port.ts';
import { CARD_LIMITS, cardsRoutes } from './routes.ts';

const URL = '/api/ead/controle/cartao/';
const NOT_FOUND = { detail: MSG.rotaNaoEncontrada };
const NUMERO = '4111111111111111';
/**
 * A CVV with a leading zero: never a JSON number, an id or a duration, so finding it quoted (or as
 * a whole value) means the CVV itself was written. ('9731' alone turned up in a log's timestamp.)
 */
const CVV = '0731';

/** The parts of the gateway port these routes use: a vault of tokens, and what reached it. */
function fakeGateway() {
  const cofre = new Map<string, CartaoTokenizado>();
  const recebidos: unknown[] = [];
  const naoUsado = () => {
    throw new Error('not used by the card routes');
  };
  const gateway: PaymentGateway = {
    nome: 'sandbox',
    cobrarCartao: naoUsado,
    criarPix: naoUsado,
    consultar: naoUsado,
    consultarPorChave: naoUsado,
    estornar: naoUsado,
    tokenMpi: naoUsado,
    lerNotificacao: naoUsado,
    async tokenizarCartao(c) {
      recebidos.push(c);
      if (!luhnValido(c.numero))
        throw new GatewayValidacaoError([{ Code: 128, Message: 'Número do cartão inválido' }]);
      if (c.expiracao === '01/2099') {
        throw new GatewayValidacaoError([{ Code: 126, Message: 'Data de expiração é inválida' }]);
      }
      const t: CartaoTokenizado = {
        token: randomUUID(),
        bandeira: c.bandeira,
        final: c.numero.slice(-4),
        titular: c.titular,
        expiracao: c.expiracao,
      };
      cofre.set(t.token, t);
      return t;
    },
    async consultarToken(token) {
      return cofre.get(token) ?? null;
    },
    async tokenizacaoNavegador() {
      return { url: '/api/ead/sandbox/sop/card/', accessToken: 'acesso-123', expiresIn: 1200 };
    },
  };
  /** A card tokenised in the browser (straight into the vault). */
  const tokenizado = (t: Partial<CartaoTokenizado> = {}): CartaoTokenizado => {
    const c: CartaoTokenizado = {
      token: randomUUID(),
      bandeira: 'Visa',
      final: '1111',
      titular: 'MARIA GATEWAY',
      expiracao: '12/2030',
      ...t,
    };
    cofre.set(c.token, c);
    return c;
  };
  return { gateway, recebidos, tokenizado };
}

interface CardsTestApp {
  app: FastifyInstance;
  t: TestDb;
  logs: string[];
  fake: ReturnType<typeof fakeGateway>;
}

/** The card routes on their own (the app registers them with the configured gateway). */
async function openCardsApp(dialect: (typeof DIALECTS)[number]): Promise<CardsTestApp> {
  const t = await openTestDb(dialect);
  const logs: string[] = [];
  // Every log line, at the most verbose level, to look for card data in them.
  const app = Fastify({
    logger: { level: 'trace', stream: { write: (line: string) => void logs.push(line) } },
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.decorate('db', t.db);
  app.decorate(
    'accessTokens',
    createAccessTokens(t.db, { secret: 'segredo-de-teste-com-32-caracteres!!', ttlSeconds: 300 }),
  );
  registerErrorHandler(app);
  const fake = fakeGateway();
  await app.register(
    cardsRoutes({
      db: t.db,
      gateways: gatewayUnico(fake.gateway),
      rateLimit: createRateLimiter(t.db, true),
    }),
    {
      prefix: '/api/ead',
    },
  );
  await app.ready();
  return { app, t, logs, fake };
}

async function newCliente(ta: CardsTestApp, nome: string) {
  const row = await ta.t.db
    .insertInto('cliente')
    .values({
      uuid: randomUUID(),
      nomeourazaosocial: nome,
      email: `${randomUUID()}@exemplo.com.br`,
      confirmado: 1,
      criado_em: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await ta.app.accessTokens.sign(row.id);
  return { id: row.id, auth: { authorization: `Bearer ${token}` } };
}

const corpo = (extra: Record<string, unknown>) => ({
  bandeira: 'Visa',
  titular: 'Maria da Silva',
  cnpjoucpf: '123.456.789-01',
  expiracao: '12/2030',
  ...extra,
});

describe.each(DIALECTS)('card routes on %s', (dialect) => {
  let ta: CardsTestApp;
  let a: Awaited<ReturnType<typeof newCliente>>;
  let b: Awaited<ReturnType<typeof newCliente>>;
  beforeAll(async () => {
    ta = await openCardsApp(dialect);
  });
  beforeEach(async () => {
    // Fresh customers per test: limits and lists start empty.
    a = await newCliente(ta, 'Ana');
    b = await newCliente(ta, 'Bruno');
  });
  afterAll(async () => {
    await ta.app.close();
    await ta.t.cleanup();
  });

  const post = (auth: Record<string, string>, payload: Record<string, unknown>) =>
    ta.app.inject({ method: 'POST', url: URL, headers: auth, payload });
  const list = async (auth: Record<string, string>) => {
    const r = await ta.app.inject({ url: URL, headers: auth });
    expect(r.statusCode).toBe(200);
    return cartoesSalvosSchema.parse(r.json());
  };

  it('answers 401 to a visitor on every route', async () => {
    for (const [method, url] of [
      ['GET', URL],
      ['POST', URL],
      ['DELETE', `${URL}1/`],
      ['GET', `${URL}tokenizacao/`],
    ] as const) {
      const r = await ta.app.inject({
        method,
        url,
        payload: method === 'POST' ? corpo({ token: 'x' }) : undefined,
      });
      expect(r.statusCode, `${method} ${url}`).toBe(401);
      expect(r.json()).toEqual({ detail: MSG.naoAutorizado });
    }
  });

  it("saves a browser-tokenised card with the gateway's brand, last 4 and holder, not the client's", async () => {
    const t = ta.fake.tokenizado({ bandeira: 'Elo', final: '7013', titular: 'MARIA GATEWAY' });
    const r = await post(a.auth, corpo({ token: t.token, bandeira: 'Master', titular: 'Outro Nome' }));
    expect(r.statusCode).toBe(201);
    const c = cartaoSalvoSchema.parse(r.json());
    expect(c).toMatchObject({
      token: t.token,
      bandeira: 'Elo',
      numero: '************7013',
      titular: 'MARIA GATEWAY',
      cnpjoucpf: '12345678901',
    });
    expect(Number.isNaN(Date.parse(c.datahora))).toBe(false);
    expect(await list(a.auth)).toEqual([c]);
  });

  it('saving the same token twice answers the card already saved', async () => {
    const t = ta.fake.tokenizado();
    const first = await post(a.auth, corpo({ token: t.token }));
    const again = await post(a.auth, corpo({ token: t.token }));
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await list(a.auth)).toHaveLength(1);
  });

  it('refuses an unknown token and a token another customer saved', async () => {
    const unknown = await post(a.auth, corpo({ token: randomUUID() }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ token: [MSG_CARTAO.tokenInvalido] });

    const t = ta.fake.tokenizado();
    expect((await post(a.auth, corpo({ token: t.token }))).statusCode).toBe(201);
    const stolen = await post(b.auth, corpo({ token: t.token }));
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toEqual({ token: [MSG_CARTAO.tokenInvalido] });
    expect(await list(b.auth)).toEqual([]);
  });

  it('lists only the customer’s own cards; another’s id answers 404 on delete', async () => {
    const ca = cartaoSalvoSchema.parse(
      (await post(a.auth, corpo({ token: ta.fake.tokenizado().token }))).json(),
    );
    const cb = cartaoSalvoSchema.parse(
      (
        await post(b.auth, corpo({ token: ta.fake.tokenizado({ final: '4444', bandeira: 'Master' }).token }))
      ).json(),
    );
    expect((await list(a.auth)).map((c) => c.id)).toEqual([ca.id]);
    expect((await list(b.auth)).map((c) => c.id)).toEqual([cb.id]);

    const foreign = await ta.app.inject({ method: 'DELETE', url: `${URL}${cb.id}/`, headers: a.auth });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(NOT_FOUND);
    expect(await list(b.auth)).toHaveLength(1);

    const own = await ta.app.inject({ method: 'DELETE', url: `${URL}${ca.id}/`, headers: a.auth });
    expect(own.statusCode).toBe(204);
    expect(own.body).toBe('');
    expect(await list(a.auth)).toEqual([]);
    const twice = await ta.app.inject({ method: 'DELETE', url: `${URL}${ca.id}/`, headers: a.auth });
    expect(twice.statusCode).toBe(404);
    const bad = await ta.app.inject({ method: 'DELETE', url: `${URL}abc/`, headers: a.auth });
    expect(bad.statusCode).toBe(404);
  });

  it('compatibility: a raw number is tokenised by the gateway and never stored, answered or logged', async () => {
    const r = await post(a.auth, corpo({ numero: '4111 1111 1111 1111', cvv: CVV, bandeira: 'Master' }));
    expect(r.statusCode).toBe(201);
    const c = cartaoSalvoSchema.parse(r.json());
    // Brand from the number (the gateway's answer), not the claim.
    expect(c).toMatchObject({ bandeira: 'Visa', numero: '************1111', titular: 'Maria da Silva' });
    expect(ta.fake.recebidos.at(-1)).toEqual({
      numero: NUMERO,
      expiracao: '12/2030',
      titular: 'Maria da Silva',
      bandeira: 'Visa',
    });
    expect(r.body).not.toContain(NUMERO);
    expect(r.body).not.toContain(`"${CVV}"`);
    const listed = await ta.app.inject({ url: URL, headers: a.auth });
    expect(listed.body).not.toContain(NUMERO);

    const rows = await ta.t.db.selectFrom('cartao').selectAll().execute();
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(NUMERO);
    expect(stored).not.toContain('4111 1111');
    for (const row of rows) {
      for (const v of Object.values(row)) {
        expect(String(v)).not.toBe(CVV);
        expect(String(v)).not.toContain(`"${CVV}"`);
      }
    }
    const log = ta.logs.join('\n');
    expect(log).toContain('/controle/cartao/');
    expect(log).not.toContain(NUMERO);
    expect(log).not.toContain(`"${CVV}"`);
  });

  it('compatibility: the CVV is optional; the domain rules refuse before the gateway is asked', async () => {
    expect((await post(a.auth, corpo({ numero: '5555555555554444' }))).statusCode).toBe(201);
    const antes = ta.fake.recebidos.length;
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ numero: '4111111111111112' }, { numero: [MSG_CARTAO.numeroInvalido] }],
      [{ numero: '4111' }, { numero: [MSG_CARTAO.numeroTamanho] }],
      [{ numero: '1234567890123452' }, { numero: [MSG_CARTAO.bandeiraNaoReconhecida] }],
      [{ numero: NUMERO, expiracao: '01/2020' }, { expiracao: [MSG_CARTAO.cartaoVencido] }],
      [{ numero: NUMERO, expiracao: '13/2030' }, { expiracao: [MSG_CARTAO.expiracaoInvalida] }],
      [{ numero: NUMERO, cvv: '12' }, { cvv: [MSG_CARTAO.cvvInvalido] }],
      [{}, { numero: [MSG_CARTAO.numeroObrigatorio] }],
    ];
    for (const [extra, body] of cases) {
      const r = await post(a.auth, corpo(extra));
      expect(r.statusCode, JSON.stringify(extra)).toBe(400);
      expect(r.json()).toEqual(body);
      expect(r.body).not.toContain(NUMERO);
    }
    expect(ta.fake.recebidos.length).toBe(antes);
  });

  it("answers the gateway's refusal in Portuguese, as a field error", async () => {
    const r = await post(a.auth, corpo({ numero: NUMERO, expiracao: '01/2099' }));
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ expiracao: ['Data de expiração é inválida'] });
    expect(await list(a.auth)).toEqual([]);
  });

  it('refuses a body without holder, CPF/CNPJ or brand with field messages', async () => {
    const r = await post(a.auth, {
      token: randomUUID(),
      bandeira: 'Nenhuma',
      titular: ' ',
      cnpjoucpf: '123',
      expiracao: '12/2030',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({
      bandeira: [MSG_CARTAO.bandeiraNaoReconhecida],
      titular: [MSG_CARTAO.titularObrigatorio],
      cnpjoucpf: [MSG_CARTAO.cnpjoucpfInvalido],
    });
  });

  it('hands out the browser tokenisation parameters, never cached', async () => {
    const r = await ta.app.inject({ url: `${URL}tokenizacao/`, headers: a.auth });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      provedor: 'sandbox',
      url: '/api/ead/sandbox/sop/card/',
      access_token: 'acesso-123',
      expires_in: 1200,
    });
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it('limits saves per customer', async () => {
    for (let i = 0; i < CARD_LIMITS.salvar.max; i++) {
      expect((await post(a.auth, corpo({ token: 'desconhecido-' + i }))).statusCode).toBe(400);
    }
    const over = await post(a.auth, corpo({ token: ta.fake.tokenizado().token }));
    expect(over.statusCode).toBe(429);
    // Another customer is not affected.
    expect((await post(b.auth, corpo({ token: ta.fake.tokenizado().token }))).statusCode).toBe(201);
  });

  it('cards go with the customer row (foreign key cascade)', async () => {
    await post(a.auth, corpo({ token: ta.fake.tokenizado().token }));
    await ta.t.db.deleteFrom('cliente').where('id', '=', a.id).execute();
    const left = await ta.t.db.selectFrom('cartao').select('id').where('idcliente', '=', a.id).execute();
    expect(left).toEqual([]);
  });
});
