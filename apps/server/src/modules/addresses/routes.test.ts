import { randomUUID } from 'node:crypto';
import { MSG, MSG_CONTA, enderecoSchema, enderecosSchema } from '@rango/domain';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS } from '../../test/db.ts';
import { LIMITE_ENDERECOS, MAX_ENDERECOS } from './service.ts';

const URL = '/api/ead/controle/endereco/';
const NOT_FOUND = { detail: MSG.rotaNaoEncontrada };

const HADDOCK = {
  cep: '01414001',
  rua: 'Rua Haddock Lobo',
  numero: '595',
  bairro: 'Cerqueira César',
  cidade: 'São Paulo',
  uf: 'São Paulo',
  complemento: 'Apto 12',
  detalhe: 'Perto da Alameda Santos',
  idtipoendereco: 1,
};
const MONTE_ALEGRE = {
  cep: '05014-000',
  rua: 'Rua Monte Alegre',
  numero: '1024',
  bairro: 'Perdizes',
  cidade: 'São Paulo',
  uf: 'SP',
};

async function newCliente(
  ta: TestApp,
  nome: string,
): Promise<{ id: number; auth: { authorization: string } }> {
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

describe.each(DIALECTS)('address routes on %s', (dialect) => {
  let ta: TestApp;
  let a: Awaited<ReturnType<typeof newCliente>>;
  let b: Awaited<ReturnType<typeof newCliente>>;
  beforeAll(async () => {
    ta = await openTestApp(dialect);
    await ta.app.ready();
    a = await newCliente(ta, 'Ana');
    b = await newCliente(ta, 'Bruno');
  });
  afterAll(async () => {
    await ta.close();
  });

  const post = (auth: Record<string, string>, payload: Record<string, unknown>) =>
    ta.app.inject({ method: 'POST', url: URL, headers: auth, payload });

  it('creates, lists, updates and deletes an address, geocoded with the configured geocoder', async () => {
    const created = await post(a.auth, HADDOCK);
    expect(created.statusCode).toBe(201);
    const e = enderecoSchema.parse(created.json());
    expect(e).toMatchObject({
      idtipoendereco: 1,
      cep: '01414-001',
      rua: 'Rua Haddock Lobo',
      numero: '595',
      bairro: 'Cerqueira César',
      cidade: { descricao: 'São Paulo', uf: { sigla: 'SP' } },
      uf: 'SP',
      complemento: 'Apto 12',
      detalhe: 'Perto da Alameda Santos',
      latitude: -23.5627,
      longitude: -46.6656,
    });
    const stored = await ta.t.db
      .selectFrom('endereco')
      .selectAll()
      .where('id', '=', e.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      idcliente: a.id,
      cep: '01414-001',
      uf: 'SP',
      lat: -23.5627,
      lng: -46.6656,
    });

    const second = enderecoSchema.parse((await post(a.auth, MONTE_ALEGRE)).json());
    expect(second.complemento).toBeNull();
    expect(second.detalhe).toBeNull();

    let list = await ta.app.inject({ url: URL, headers: a.auth });
    expect(list.statusCode).toBe(200);
    expect(enderecosSchema.parse(list.json()).map((x) => x.id)).toEqual([e.id, second.id]);

    const put = await ta.app.inject({
      method: 'PUT',
      url: `${URL}${e.id}/`,
      headers: a.auth,
      payload: { ...MONTE_ALEGRE, numero: '984', complemento: '' },
    });
    expect(put.statusCode).toBe(200);
    expect(enderecoSchema.parse(put.json())).toMatchObject({
      id: e.id,
      rua: 'Rua Monte Alegre',
      numero: '984',
      complemento: null,
      latitude: -23.5367,
      longitude: -46.6716,
    });

    const del = await ta.app.inject({ method: 'DELETE', url: `${URL}${second.id}/`, headers: a.auth });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    list = await ta.app.inject({ url: URL, headers: a.auth });
    expect(enderecosSchema.parse(list.json()).map((x) => x.id)).toEqual([e.id]);

    // A deleted id is gone for PUT and DELETE alike.
    expect(
      (await ta.app.inject({ method: 'DELETE', url: `${URL}${second.id}/`, headers: a.auth })).json(),
    ).toEqual(NOT_FOUND);
    const gone = await ta.app.inject({
      method: 'PUT',
      url: `${URL}${second.id}/`,
      headers: a.auth,
      payload: HADDOCK,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('places a street or bairro the table knows even with another CEP’s number', async () => {
    const res = await post(a.auth, { ...MONTE_ALEGRE, cep: '05014-999', rua: 'Rua Qualquer', numero: '7' });
    expect(res.statusCode).toBe(201);
    const e = enderecoSchema.parse(res.json());
    expect(e.latitude).not.toBeNull();
    await ta.app.inject({ method: 'DELETE', url: `${URL}${e.id}/`, headers: a.auth });
  });

  it('refuses an address the geocoder cannot place with the spec’s text, storing nothing', async () => {
    const before = await ta.t.db.selectFrom('endereco').select('id').execute();
    const res = await post(a.auth, {
      ...HADDOCK,
      cep: '80020-310',
      rua: 'Rua XV de Novembro',
      bairro: 'Centro',
      cidade: 'Curitiba',
      uf: 'Paraná',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [MSG_CONTA.naoFoiPossivelCadastrarEndereco] });
    expect(await ta.t.db.selectFrom('endereco').select('id').execute()).toEqual(before);
  });

  it('refuses each missing field with “Campo obrigatório.”, and the uf rule', async () => {
    let res = await post(a.auth, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      cep: [MSG_CONTA.campoObrigatorio],
      numero: [MSG_CONTA.campoObrigatorio],
      rua: [MSG_CONTA.campoObrigatorio],
      bairro: [MSG_CONTA.campoObrigatorio],
      cidade: [MSG_CONTA.campoObrigatorio],
      uf: [MSG_CONTA.campoObrigatorio],
    });
    for (const field of ['cep', 'numero', 'rua', 'bairro', 'cidade', 'uf'] as const) {
      res = await post(a.auth, { ...HADDOCK, [field]: '   ' });
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toEqual({ [field]: [MSG_CONTA.campoObrigatorio] });
    }
    res = await post(a.auth, { ...HADDOCK, uf: 'Xyz' });
    expect(res.json()).toEqual({ uf: [MSG_CONTA.ufDuasLetras] });
    res = await post(a.auth, { ...HADDOCK, cep: '1234' });
    expect(res.json()).toEqual({ cep: [MSG_CONTA.campoObrigatorio] });
    res = await post(a.auth, { ...HADDOCK, idtipoendereco: 2 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['idtipoendereco']);
  });

  it('answers 400, never 500, for oversized fields, wrong types and bodies that are not objects', async () => {
    const bad: unknown[] = [
      { ...HADDOCK, rua: 'x'.repeat(10_000) },
      { ...HADDOCK, complemento: 'x'.repeat(121) },
      { ...HADDOCK, numero: 595 },
      { ...HADDOCK, cep: ['01414001'] },
      { ...HADDOCK, detalhe: { $gt: '' } },
      [HADDOCK],
      'texto',
      null,
    ];
    for (const payload of bad) {
      const res = await ta.app.inject({
        method: 'POST',
        url: URL,
        headers: { ...a.auth, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
    }
    const res = await ta.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...a.auth, 'content-type': 'application/json' },
      payload: '{"cep": ',
    });
    expect(res.statusCode).toBe(400);
    const list = enderecosSchema.parse((await ta.app.inject({ url: URL, headers: a.auth })).json());
    expect(list.every((e) => e.rua.length <= 120)).toBe(true);
  });

  it('refuses control characters (NUL on PostgreSQL would be a 500) with 400 on the field', async () => {
    for (const campo of ['rua', 'bairro', 'cidade', 'numero', 'complemento', 'detalhe'] as const) {
      const res = await post(a.auth, { ...HADDOCK, [campo]: `X\u0000Y` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ [campo]: [MSG_CONTA.textoInvalido] });
    }
  });

  it('stores SQL and script text verbatim', async () => {
    const evil = {
      ...HADDOCK,
      complemento: "'); DROP TABLE endereco; --",
      detalhe: '<script>alert("x")</script>',
    };
    const res = await post(a.auth, evil);
    expect(res.statusCode).toBe(201);
    const e = enderecoSchema.parse(res.json());
    expect(e.complemento).toBe(evil.complemento);
    expect(e.detalhe).toBe(evil.detalhe);
    const row = await ta.t.db
      .selectFrom('endereco')
      .selectAll()
      .where('id', '=', e.id)
      .executeTakeFirstOrThrow();
    expect(row.complemento).toBe(evil.complemento);
    await ta.app.inject({ method: 'DELETE', url: `${URL}${e.id}/`, headers: a.auth });
  });

  it('keeps each customer to their own addresses: another’s id answers 404', async () => {
    const mine = enderecoSchema.parse((await post(b.auth, MONTE_ALEGRE)).json());
    const theirs = enderecosSchema.parse((await ta.app.inject({ url: URL, headers: a.auth })).json());
    expect(theirs.map((e) => e.id)).not.toContain(mine.id);
    const target = theirs[0];
    expect(target).toBeDefined();
    const id = target?.id ?? 0;

    const put = await ta.app.inject({
      method: 'PUT',
      url: `${URL}${id}/`,
      headers: b.auth,
      payload: MONTE_ALEGRE,
    });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual(NOT_FOUND);
    const del = await ta.app.inject({ method: 'DELETE', url: `${URL}${id}/`, headers: b.auth });
    expect(del.statusCode).toBe(404);
    expect(del.json()).toEqual(NOT_FOUND);
    // A's address is untouched.
    const after = enderecosSchema.parse((await ta.app.inject({ url: URL, headers: a.auth })).json());
    expect(after.find((e) => e.id === id)).toEqual(target);
    const bList = enderecosSchema.parse((await ta.app.inject({ url: URL, headers: b.auth })).json());
    expect(bList.map((e) => e.id)).toEqual([mine.id]);
  });

  it('answers 404 for malformed ids', async () => {
    for (const id of ['abc', '0', '-1', '01', '1.5', '99999999999', '2147483648', '999999']) {
      const res = await ta.app.inject({ method: 'DELETE', url: `${URL}${id}/`, headers: a.auth });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
      const put = await ta.app.inject({
        method: 'PUT',
        url: `${URL}${id}/`,
        headers: a.auth,
        payload: HADDOCK,
      });
      expect(put.statusCode, id).toBe(404);
    }
  });

  it('answers 401 without a token, with a forged one and with a deleted account’s', async () => {
    const forged = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(a.id))
      .setIssuer('rango')
      .setAudience('rango-api')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('outro-segredo-com-muitos-caracteres!!'));
    const headers = [
      {},
      { authorization: `Bearer ${forged}` },
      { authorization: 'Bearer abc.def.ghi' },
      { authorization: 'Basic x' },
    ];
    for (const h of headers) {
      for (const [method, url] of [
        ['GET', URL],
        ['POST', URL],
        ['PUT', `${URL}1/`],
        ['DELETE', `${URL}1/`],
      ] as const) {
        const res = await ta.app.inject({
          method,
          url,
          headers: h,
          payload: method === 'POST' || method === 'PUT' ? HADDOCK : undefined,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ detail: MSG.naoAutorizado });
      }
    }
    const gone = await newCliente(ta, 'Carla');
    await ta.t.db
      .updateTable('cliente')
      .set({ excluido_em: new Date().toISOString() })
      .where('id', '=', gone.id)
      .execute();
    expect((await ta.app.inject({ url: URL, headers: gone.auth })).statusCode).toBe(401);
  });

  it(`allows at most ${MAX_ENDERECOS} addresses per customer`, async () => {
    const c = await newCliente(ta, 'Davi');
    for (let i = 0; i < MAX_ENDERECOS; i++) {
      expect((await post(c.auth, { ...HADDOCK, numero: String(i + 1) })).statusCode).toBe(201);
    }
    const res = await post(c.auth, HADDOCK);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [LIMITE_ENDERECOS] });
    // Another customer is not affected.
    expect((await post(b.auth, HADDOCK)).statusCode).toBe(201);
  });
});

describe.each(DIALECTS)('address saves when the geocoder is down on %s', (dialect) => {
  let ta: TestApp;
  beforeAll(async () => {
    ta = await openTestApp(dialect, { geocoder: 'nominatim', geocoderUrl: 'http://127.0.0.1:9' });
    await ta.app.ready();
  });
  afterAll(async () => {
    await ta.close();
  });

  it('saves the address without coordinates (the fee check treats it as unplaced)', async () => {
    const a = await newCliente(ta, 'Eva');
    const res = await ta.app.inject({ method: 'POST', url: URL, headers: a.auth, payload: HADDOCK });
    expect(res.statusCode).toBe(201);
    expect(enderecoSchema.parse(res.json())).toMatchObject({
      latitude: null,
      longitude: null,
      cep: '01414-001',
    });
  });
});
