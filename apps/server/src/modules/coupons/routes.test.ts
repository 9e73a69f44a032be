import { randomUUID } from 'node:crypto';
import { MSG, MSG_PEDIDO, cupomSchema } from '@rango/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESTABELECIMENTO_NAO_ENCONTRADO } from '../../http/errors.ts';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS } from '../../test/db.ts';
import { criarCupom } from './service.ts';

const URL = '/api/ead/api/cupom/validar/';
const DIA = 24 * 60 * 60 * 1000;

describe.each(DIALECTS)('POST /api/cupom/validar/ on %s', (dialect) => {
  let h: TestApp;
  let ip = 0;
  const novoCliente = async (): Promise<{ id: number; token: string }> => {
    const row = await h.t.db
      .insertInto('cliente')
      .values({
        uuid: randomUUID(),
        nomeourazaosocial: 'Maria',
        email: `${randomUUID()}@exemplo.com`,
        confirmado: 1,
        criado_em: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, token: await h.app.accessTokens.sign(row.id) };
  };
  /** Each call from its own IP unless one is given, so only the limit tests meet the IP limit. */
  const post = (
    payload: unknown,
    token?: string,
    remoteAddress = `10.0.${Math.floor(++ip / 250)}.${ip % 250}`,
  ) =>
    h.app.inject({
      method: 'POST',
      url: URL,
      payload: payload as object,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      remoteAddress,
    });
  let maria: { id: number; token: string };

  beforeAll(async () => {
    h = await openTestApp(dialect);
    await h.app.ready();
    maria = await novoCliente();
    const agora = Date.now();
    await criarCupom(h.t.db, {
      idestabelecimento: 1,
      codigo: 'bemvindo10',
      ehpercentual: true,
      desconto: 10,
      limitedesconto: 1500,
    });
    await criarCupom(h.t.db, {
      idestabelecimento: 2,
      codigo: 'PIZZA5',
      ehpercentual: false,
      desconto: 500,
      subtotalminimo: 4000,
    });
    await criarCupom(h.t.db, {
      idestabelecimento: 1,
      codigo: 'OFF',
      ehpercentual: true,
      desconto: 5,
      ativo: false,
    });
    await criarCupom(h.t.db, {
      idestabelecimento: 1,
      codigo: 'FUTURO',
      ehpercentual: true,
      desconto: 5,
      valido_de: new Date(agora + DIA).toISOString(),
    });
    await criarCupom(h.t.db, {
      idestabelecimento: 1,
      codigo: 'VELHO',
      ehpercentual: true,
      desconto: 5,
      valido_ate: new Date(agora - DIA).toISOString(),
    });
    await criarCupom(h.t.db, {
      idestabelecimento: 1,
      codigo: 'DOIS',
      ehpercentual: true,
      desconto: 5,
      limite_total: 2,
    });
    await criarCupom(h.t.db, {
      idestabelecimento: 1,
      codigo: 'UMPORCLIENTE',
      ehpercentual: true,
      desconto: 5,
      limite_por_cliente: 1,
    });
  });
  afterAll(async () => {
    await h.close();
  });

  it('answers a percent coupon, case-insensitive and trimmed', async () => {
    const res = await post({ cupom: '  BemVindo10 ', deliveryestabelecimento: 1 }, maria.token);
    expect(res.statusCode).toBe(200);
    expect(cupomSchema.parse(res.json())).toEqual({
      codigo: 'BEMVINDO10',
      ehpercentual: true,
      desconto: 10,
      limitedesconto: 15,
    });
  });

  it('answers a fixed coupon in reais; the minimum waits for the order', async () => {
    const res = await post({ cupom: 'pizza5', deliveryestabelecimento: 2 }, maria.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ codigo: 'PIZZA5', ehpercentual: false, desconto: 5, limitedesconto: 0 });
  });

  it.each([
    ['unknown code', { cupom: 'NAOEXISTE', deliveryestabelecimento: 1 }, MSG_PEDIDO.cupomNaoEncontrado],
    [
      "another establishment's code",
      { cupom: 'PIZZA5', deliveryestabelecimento: 1 },
      MSG_PEDIDO.cupomNaoEncontrado,
    ],
    ['inactive', { cupom: 'off', deliveryestabelecimento: 1 }, MSG_PEDIDO.cupomInativo],
    ['not yet valid', { cupom: 'FUTURO', deliveryestabelecimento: 1 }, MSG_PEDIDO.cupomNaoIniciado],
    ['expired', { cupom: 'VELHO', deliveryestabelecimento: 1 }, MSG_PEDIDO.cupomExpirado],
    ['blank code', { cupom: '   ', deliveryestabelecimento: 1 }, MSG_PEDIDO.insiraCodigo],
    ['missing code', { deliveryestabelecimento: 1 }, MSG_PEDIDO.insiraCodigo],
  ])('refuses %s with 400 {error}', async (_name, payload, error) => {
    const res = await post(payload, maria.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error });
  });

  it('counts the limits from cupom_uso', async () => {
    const joao = await novoCliente();
    const idOf = async (codigo: string) =>
      (await h.t.db.selectFrom('cupom').select('id').where('codigo', '=', codigo).executeTakeFirstOrThrow())
        .id;
    const dois = await idOf('DOIS');
    const um = await idOf('UMPORCLIENTE');
    const usar = (idcupom: number, idcliente: number | null) =>
      h.t.db
        .insertInto('cupom_uso')
        .values({ idcupom, idcliente, pedido_id: randomUUID(), criado_em: new Date().toISOString() })
        .execute();
    const validar = (cupom: string, token: string) => post({ cupom, deliveryestabelecimento: 1 }, token);

    await usar(dois, null);
    expect((await validar('DOIS', maria.token)).statusCode).toBe(200);
    await usar(dois, joao.id);
    const esgotado = await validar('DOIS', maria.token);
    expect([esgotado.statusCode, esgotado.json()]).toEqual([400, { error: MSG_PEDIDO.cupomEsgotado }]);

    await usar(um, joao.id);
    expect((await validar('UMPORCLIENTE', maria.token)).statusCode).toBe(200);
    const limite = await validar('UMPORCLIENTE', joao.token);
    expect([limite.statusCode, limite.json()]).toEqual([400, { error: MSG_PEDIDO.cupomLimiteCliente }]);
  });

  it('404 {detail} for an unknown establishment', async () => {
    const res = await post({ cupom: 'BEMVINDO10', deliveryestabelecimento: 999 }, maria.token);
    expect([res.statusCode, res.json()]).toEqual([404, { detail: ESTABELECIMENTO_NAO_ENCONTRADO }]);
  });

  it('401 without a valid token', async () => {
    for (const token of [undefined, 'nao-e-um-token']) {
      const res = await post({ cupom: 'BEMVINDO10', deliveryestabelecimento: 1 }, token);
      expect([res.statusCode, res.json()]).toEqual([401, { detail: MSG.naoAutorizado }]);
    }
  });

  it('400, never a 500, on bad input', async () => {
    const bad: unknown[] = [
      { cupom: 123, deliveryestabelecimento: 1 },
      { cupom: ['X'], deliveryestabelecimento: 1 },
      { cupom: 'A\u0000B', deliveryestabelecimento: 1 },
      { cupom: 'X'.repeat(100_000), deliveryestabelecimento: 1 },
      { cupom: 'BEMVINDO10', deliveryestabelecimento: '1' },
      { cupom: 'BEMVINDO10', deliveryestabelecimento: 2 ** 31 },
      { cupom: 'BEMVINDO10', deliveryestabelecimento: -1 },
      { cupom: 'BEMVINDO10' },
      [],
    ];
    for (const payload of bad) {
      const res = await post(payload, maria.token);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(
        typeof res.json<{ error?: unknown; detail?: unknown }>().error === 'string' || res.json().detail,
      ).toBeTruthy();
    }
    const json = await h.app.inject({
      method: 'POST',
      url: URL,
      headers: { authorization: `Bearer ${maria.token}`, 'content-type': 'application/json' },
      payload: '{"cupom": ',
    });
    expect(json.statusCode).toBe(400);
  });

  it('429 past 30 a minute per customer and per IP', async () => {
    const ana = await novoCliente();
    const body = { cupom: 'NAOEXISTE', deliveryestabelecimento: 1 };
    const porCliente = [];
    for (let i = 0; i < 31; i++) porCliente.push((await post(body, ana.token)).statusCode);
    expect(porCliente.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(porCliente[30]).toBe(429);

    const porIp = [];
    for (let i = 0; i < 31; i++) porIp.push((await post(body, undefined, '10.200.0.1')).statusCode);
    expect(porIp.slice(0, 30).every((s) => s === 401)).toBe(true);
    const last = await post(body, maria.token, '10.200.0.1');
    expect(porIp[30]).toBe(429);
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBeDefined();
  });
});
