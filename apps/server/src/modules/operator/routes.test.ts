import { STATUS, pedidoOperadorSchema } from '@rango/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS } from '../../test/db.ts';
import { criarChaveOperador, hashChave, revogarChaveOperador } from './service.ts';
import { inserirPedido } from './testing.ts';

const BASE = '/api/ead/operador/pedido/';
const { Realizado, Confirmado, Pronto, Entregue, Concluido, Cancelado } = STATUS;

describe.each(DIALECTS)('operator API on %s', (dialect) => {
  let h: TestApp;
  let chave1: string;
  let chave2: string;
  const auth = (chave: string) => ({ authorization: `Bearer ${chave}` });
  const get = (url: string, chave: string | undefined = chave1) =>
    h.app.inject({ method: 'GET', url, headers: chave ? auth(chave) : {} });
  const post = (id: number | string, payload: unknown, chave: string = chave1) =>
    h.app.inject({
      method: 'POST',
      url: `${BASE}${id}/status/`,
      headers: auth(chave),
      payload: payload as object,
    });

  beforeAll(async () => {
    h = await openTestApp(dialect);
    await h.app.ready();
    chave1 = (await criarChaveOperador(h.t.db, 1, 'Caixa')).chave;
    chave2 = (await criarChaveOperador(h.t.db, 2)).chave;
  });
  afterAll(async () => {
    await h.close();
  });

  describe('keys', () => {
    it("are 'rop_' + 43 base64url characters, stored only as their SHA-256", async () => {
      const c = await criarChaveOperador(h.t.db, 1, '  Cozinha  ');
      expect(c.chave).toMatch(/^rop_[A-Za-z0-9_-]{43}$/);
      expect(c.nome).toBe('Cozinha');
      const row = await h.t.db
        .selectFrom('operador_token')
        .selectAll()
        .where('id', '=', c.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ idestabelecimento: 1, nome: 'Cozinha', revogado_em: null });
      expect(row.token_hash).toBe(hashChave(c.chave));
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(c.chave.slice(4));
      expect((await criarChaveOperador(h.t.db, 1)).chave).not.toBe(c.chave);
    });

    it('refuses an unknown establishment or a bad name', async () => {
      await expect(criarChaveOperador(h.t.db, 999)).rejects.toThrow('Estabelecimento 999 não encontrado.');
      await expect(criarChaveOperador(h.t.db, 1, 'x'.repeat(101))).rejects.toThrow('Nome inválido');
      await expect(criarChaveOperador(h.t.db, 1, 'a\u0000b')).rejects.toThrow('Nome inválido');
    });

    it.each([
      ['no header', undefined],
      ['another scheme', 'Basic abc'],
      ['an unknown key', `Bearer rop_${'A'.repeat(43)}`],
      ['a malformed key', 'Bearer rop_short'],
      ['a customer token', 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.x'],
      ['an empty bearer', 'Bearer '],
    ])('%s: 401 Não autorizado', async (_, header) => {
      for (const [method, url] of [
        ['GET', BASE],
        ['GET', `${BASE}1/`],
        ['POST', `${BASE}1/status/`],
      ] as const) {
        const r = await h.app.inject({
          method,
          url,
          headers: header === undefined ? {} : { authorization: header },
          ...(method === 'POST' ? { payload: { status: Confirmado } } : {}),
        });
        expect(r.statusCode, `${method} ${url}`).toBe(401);
        expect(r.json()).toEqual({ detail: 'Não autorizado' });
      }
    });

    it('a revoked key answers 401 at once; the others keep working', async () => {
      const c = await criarChaveOperador(h.t.db, 1);
      expect((await get(BASE, c.chave)).statusCode).toBe(200);
      expect(await revogarChaveOperador(h.t.db, c.id)).toBe('revogada');
      expect(await revogarChaveOperador(h.t.db, c.id)).toBe('ja-revogada');
      await expect(revogarChaveOperador(h.t.db, 99999)).rejects.toThrow('Chave 99999 não encontrada.');
      const r = await get(BASE, c.chave);
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ detail: 'Não autorizado' });
      expect((await get(BASE, chave1)).statusCode).toBe(200);
    });
  });

  describe('reads', () => {
    let abertoA: number;
    let concluido: number;
    let abertoB: number;
    let outro: number;
    beforeAll(async () => {
      abertoA = await inserirPedido(h.t.db, { referencia: '4001' });
      concluido = await inserirPedido(h.t.db, { referencia: '4002', status: Concluido });
      abertoB = await inserirPedido(h.t.db, { referencia: '4003', tipo: 'TOGO', status: Pronto });
      outro = await inserirPedido(h.t.db, { idestabelecimento: 2, referencia: '4004' });
    });

    it('lists open orders newest first, in the contract, only this establishment', async () => {
      const r = await get(BASE);
      expect(r.statusCode).toBe(200);
      const lista = r.json() as unknown[];
      for (const p of lista) expect(pedidoOperadorSchema.safeParse(p).success).toBe(true);
      const ids = lista.map((p) => (p as { id: number }).id);
      expect(ids).toContain(abertoA);
      expect(ids).toContain(abertoB);
      expect(ids).not.toContain(concluido);
      expect(ids).not.toContain(outro);
      expect(ids.indexOf(abertoB)).toBeLessThan(ids.indexOf(abertoA));
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(lista.find((p) => (p as { id: number }).id === abertoB)).toMatchObject({
        referencia: '4003',
        status: Pronto,
        tipo: 'TOGO',
        total: 8780,
        entregue_as: null,
        cliente: 'Maria Teste',
        pedido: { tipo: 'TOGO', subtotal: 8780, itens: [{ descricao: 'Pizza Margherita' }, {}] },
        historico: [{ status: Pronto }],
      });
    });

    it('status=todos adds the finished ones; limit and offset page', async () => {
      const todos = (await get(`${BASE}?status=todos`)).json() as { id: number }[];
      expect(todos.map((p) => p.id)).toEqual(expect.arrayContaining([abertoA, concluido, abertoB]));
      expect(todos.map((p) => p.id)).not.toContain(outro);
      const p1 = (await get(`${BASE}?status=todos&limit=2`)).json() as { id: number }[];
      const p2 = (await get(`${BASE}?status=todos&limit=2&offset=2`)).json() as { id: number }[];
      expect(p1.map((p) => p.id)).toEqual(todos.slice(0, 2).map((p) => p.id));
      expect(p2.map((p) => p.id)).toEqual(todos.slice(2, 4).map((p) => p.id));
      const lista2 = (await get(BASE, chave2)).json() as { id: number }[];
      expect(lista2.map((p) => p.id)).toEqual([outro]);
    });

    it.each([
      ['status=fechados', 'status'],
      ['status=abertos&status=todos', 'status'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=-1', 'limit'],
      ['offset=-5', 'offset'],
      ['offset=1.5', 'offset'],
      ['offset=99999999999999999999', 'offset'],
    ])('bad query %s: 400 on %s', async (qs, campo) => {
      const r = await get(`${BASE}?${qs}`);
      expect(r.statusCode).toBe(400);
      expect(Object.keys(r.json() as object)).toEqual([campo]);
    });

    it('one order: its own; another establishment’s, unknown and malformed ids 404', async () => {
      const r = await get(`${BASE}${abertoA}/`);
      expect(r.statusCode).toBe(200);
      expect(pedidoOperadorSchema.parse(r.json())).toMatchObject({ id: abertoA, status: Realizado });
      for (const id of [outro, 99999, 0, -1, 'abc', '1e3', '99999999999']) {
        const n = await get(`${BASE}${id}/`);
        expect(n.statusCode, String(id)).toBe(404);
        expect(n.json()).toEqual({ detail: 'Pedido não encontrado.' });
      }
      expect((await get(`${BASE}${outro}/`, chave2)).statusCode).toBe(200);
    });
  });

  describe('status changes', () => {
    it('a delivery walks Confirmado → Pronto → Entregue → Concluído; each answer is the order', async () => {
      const id = await inserirPedido(h.t.db);
      for (const status of [Confirmado, Pronto, Entregue, Concluido]) {
        const r = await post(id, { status });
        expect(r.statusCode).toBe(200);
        const p = pedidoOperadorSchema.parse(r.json());
        expect(p.status).toBe(status);
        expect(p.historico.at(-1)).toEqual({ status, datahora: expect.any(String) });
      }
      const p = pedidoOperadorSchema.parse((await get(`${BASE}${id}/`)).json());
      expect(p.historico.map((x) => x.status)).toEqual([Realizado, Confirmado, Pronto, Entregue, Concluido]);
      const datas = p.historico.map((x) => x.datahora);
      expect(datas).toEqual([...datas].sort());
      expect(new Set(datas).size).toBe(datas.length);
    });

    it('a pickup walks Confirmado → Pronto → Concluído and is refused Entregue', async () => {
      const id = await inserirPedido(h.t.db, { tipo: 'TOGO' });
      expect((await post(id, { status: Confirmado })).statusCode).toBe(200);
      expect((await post(id, { status: Pronto })).statusCode).toBe(200);
      const r = await post(id, { status: Entregue });
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ detail: 'Transição de status não permitida: Pronto → Entregue.' });
      expect((await post(id, { status: Concluido })).statusCode).toBe(200);
    });

    it('illegal moves answer 409 and change nothing', async () => {
      const id = await inserirPedido(h.t.db);
      const r = await post(id, { status: Pronto });
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ detail: 'Transição de status não permitida: Realizado → Pronto.' });
      expect((await post(id, { status: Concluido })).statusCode).toBe(409);
      const fim = await inserirPedido(h.t.db, { status: Concluido });
      for (const status of [Confirmado, Pronto, Entregue, Concluido]) {
        expect((await post(fim, { status })).statusCode).toBe(409);
      }
      const c = await post(fim, { status: Cancelado, motivo: 'tarde demais' });
      expect(c.json()).toEqual({ detail: 'Transição de status não permitida: Concluido → Cancelado.' });
      const p = pedidoOperadorSchema.parse((await get(`${BASE}${id}/`)).json());
      expect(p.historico).toHaveLength(1);
    });

    it('cancelling needs a reason (400 on motivo), then stores it', async () => {
      const id = await inserirPedido(h.t.db);
      for (const body of [
        { status: Cancelado },
        { status: Cancelado, motivo: null },
        { status: Cancelado, motivo: ' ' },
      ]) {
        const r = await post(id, body);
        expect(r.statusCode).toBe(400);
        expect(r.json()).toEqual({ motivo: ['Informe o motivo do cancelamento.'] });
      }
      const r = await post(id, { status: Cancelado, motivo: 'Sem entregador' });
      expect(r.statusCode).toBe(200);
      expect(pedidoOperadorSchema.parse(r.json()).historico.at(-1)).toMatchObject({
        status: Cancelado,
        motivo: 'Sem entregador',
      });
    });

    it.each([
      [{}, 'status'],
      [{ status: Realizado }, 'status'],
      [{ status: 'Confirmado' }, 'status'],
      [{ status: 41.5 }, 'status'],
      [{ status: Cancelado, motivo: 'x'.repeat(201) }, 'motivo'],
      [{ status: Cancelado, motivo: 42 }, 'motivo'],
      [[1, 2], 'non_field_errors'],
    ])('bad body %j: 400 on %s', async (body, campo) => {
      const id = await inserirPedido(h.t.db);
      const r = await post(id, body);
      expect(r.statusCode).toBe(400);
      expect(Object.keys(r.json() as object)).toContain(campo);
    });

    it('a body that is not a JSON object is a 400, never a 500', async () => {
      const id = await inserirPedido(h.t.db);
      for (const [type, payload, code] of [
        ['application/json', '{', 400],
        ['application/json', '', 400],
        ['application/json', '"texto"', 400],
        ['application/json', 'null', 400],
        ['text/plain', 'status=21', 400],
      ] as const) {
        const r = await h.app.inject({
          method: 'POST',
          url: `${BASE}${id}/status/`,
          headers: { ...auth(chave1), 'content-type': type },
          payload,
        });
        expect(r.statusCode, `${type} ${payload}`).toBe(code);
      }
      const p = pedidoOperadorSchema.parse((await get(`${BASE}${id}/`)).json());
      expect(p.status).toBe(Realizado);
    });

    it("another establishment's order, unknown and malformed ids: 404", async () => {
      const outro = await inserirPedido(h.t.db, { idestabelecimento: 2 });
      for (const id of [outro, 99999, 'abc', 0]) {
        const r = await post(id, { status: Confirmado });
        expect(r.statusCode, String(id)).toBe(404);
        expect(r.json()).toEqual({ detail: 'Pedido não encontrado.' });
      }
      expect((await post(outro, { status: Confirmado }, chave2)).statusCode).toBe(200);
    });

    it('two concurrent Confirmado requests: one 200, one 409', async () => {
      const id = await inserirPedido(h.t.db);
      const rs = await Promise.all([post(id, { status: Confirmado }), post(id, { status: Confirmado })]);
      expect(rs.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const p = pedidoOperadorSchema.parse((await get(`${BASE}${id}/`)).json());
      expect(p.historico.map((x) => x.status)).toEqual([Realizado, Confirmado]);
    });
  });
});
