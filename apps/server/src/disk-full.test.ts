import { MSG } from '@rango/domain';
import type { Produto } from '@rango/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteHandleOf } from './db/index.ts';
import type { Db } from './db/index.ts';
import { isDatabaseUnavailable, isDiskFull } from './http/error-handler.ts';
import { criarCupom } from './modules/coupons/service.ts';
import {
  API,
  contagens,
  definirHorarios,
  montarPedido,
  novoCliente,
  pedidoUrl,
  produtosDoMenu,
} from './modules/orders/testing.ts';
import type { ClienteTeste } from './modules/orders/testing.ts';
import { openTestApp } from './test/app.ts';
import type { TestApp } from './test/app.ts';
import { DIALECTS } from './test/db.ts';

/**
 * Issue 13, bad input: the disk fills up. SQLite (the default) for real: the file may not grow
 * past `PRAGMA max_page_count`, the same SQLITE_FULL a full file system gives, and a filler
 * table takes every free page first. PostgreSQL: its disk_full (53100), which an insert into a
 * full table space raises, thrown by a trigger on the order's second row (the order itself was
 * written in the same statement). Either way: 503 with the spec's Portuguese text, one clear log
 * line, nothing of the order kept, reads still served, orders placed again once space returns.
 */
const REFRI = { produto: 311, quantidade: 5 };

async function eventos(db: Db): Promise<number> {
  const r = await db
    .selectFrom('evento')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

describe.each(DIALECTS)('a full disk on %s', (dialect) => {
  let h: TestApp;
  let produtos: Map<number, Produto>;
  let maria: ClienteTeste;
  const logs: string[] = [];

  const post = (payload: unknown) =>
    h.app.inject({ method: 'POST', url: pedidoUrl(1), payload: payload as object, headers: maria.headers });
  const pedido = () => montarPedido(produtos, { itens: [REFRI] });

  /** Fills the disk: after this, the next write that needs space fails. */
  async function encher(): Promise<void> {
    const raw = sqliteHandleOf(h.t.db);
    if (raw) {
      raw.exec('create table enchimento (b blob)');
      raw.pragma(`max_page_count = ${Number(raw.pragma('page_count', { simple: true })) + 4}`);
      // Every free page and the few left under the limit, a page at a time.
      for (;;) {
        try {
          raw.prepare('insert into enchimento values (randomblob(3000))').run();
        } catch (e) {
          expect((e as { code?: string }).code).toBe('SQLITE_FULL');
          break;
        }
      }
      return;
    }
    await sql`create function encher() returns trigger language plpgsql as $$
      begin raise exception 'could not extend file: No space left on device' using errcode = 'disk_full'; end $$`.execute(
      h.t.db,
    );
    await sql`create trigger encher before insert on pedido_historico for each row execute function encher()`.execute(
      h.t.db,
    );
  }

  /** Space comes back (an operator freed the disk). */
  async function liberar(): Promise<void> {
    const raw = sqliteHandleOf(h.t.db);
    if (raw) {
      raw.pragma('max_page_count = 1073741823');
      return;
    }
    await sql`drop trigger encher on pedido_historico`.execute(h.t.db);
  }

  beforeAll(async () => {
    h = await openTestApp(
      dialect,
      { rateLimit: false, logLevel: 'info' },
      { logStream: { write: (l: string) => void logs.push(l) } },
    );
    await h.app.ready();
    await definirHorarios(h.t.db, 1);
    produtos = await produtosDoMenu(h.app, 1);
    maria = await novoCliente(h.app, h.t.db);
    await criarCupom(h.t.db, {
      idestabelecimento: 1,
      codigo: 'BEMVINDO10',
      ehpercentual: true,
      desconto: 10,
      limitedesconto: 1500,
    });
  });
  afterAll(async () => {
    await h.close();
  });

  it('placing an order: 503 with the Portuguese text and one clear log line, nothing half-saved; reads go on; orders again once space returns', async () => {
    const antes = await post(pedido());
    expect(antes.statusCode, antes.body).toBe(201);

    await encher();
    // The first order that needs space is refused (SQLite: rows fit in a page's leftover space
    // until one does not; a handful at most).
    let recusa: Awaited<ReturnType<typeof post>> | undefined;
    let recusado: ReturnType<typeof pedido> | undefined;
    for (let n = 0; n < 20 && !recusa; n++) {
      const p = pedido();
      const c = await contagens(h.t.db);
      const e = await eventos(h.t.db);
      const logsAntes = logs.length;
      const res = await post(p);
      if (res.statusCode === 201) continue;
      recusa = res;
      recusado = p;
      // Nothing of it: no order, history entry, coupon use or live event.
      expect(await contagens(h.t.db)).toEqual(c);
      expect(await eventos(h.t.db)).toBe(e);
      const linhas = logs.slice(logsAntes).map((l) => JSON.parse(l) as Record<string, unknown>);
      const aviso = linhas.filter((l) => l.msg === 'disco cheio: gravação recusada (database disk full)');
      expect(aviso, JSON.stringify(linhas)).toHaveLength(1);
      expect(aviso[0]).toMatchObject({ level: 40, code: dialect === 'sqlite' ? 'SQLITE_FULL' : '53100' });
      // No stack, no SQL, no 500.
      expect(linhas.some((l) => l.msg === 'unhandled error')).toBe(false);
    }
    expect(recusa?.statusCode, recusa?.body).toBe(503);
    expect(recusa!.headers['retry-after']).toBe('60');
    expect(recusa!.json()).toEqual({ detail: MSG.probleminha });
    const guardado = await h.t.db
      .selectFrom('pedido')
      .select('id')
      .where('pedido_id', '=', recusado!.pedido_id)
      .execute();
    expect(guardado).toEqual([]);

    // The general path (a coupon: one transaction with its use row) is refused whole too.
    const comCupom = montarPedido(produtos, {
      itens: [REFRI],
      cupom: { codigo: 'BEMVINDO10', ehpercentual: true, desconto: 10, limitedesconto: 15 },
    });
    const c0 = await contagens(h.t.db);
    const e0 = await eventos(h.t.db);
    const rc = await post(comCupom);
    expect(rc.statusCode, rc.body).toBe(503);
    expect(await contagens(h.t.db)).toEqual(c0);
    expect(await eventos(h.t.db)).toBe(e0);

    // Reads are served: the menu, the establishment, the customer's orders; the instance is ready.
    expect((await h.app.inject({ url: `${API}/api/estabelecimento/1/menu/` })).statusCode).toBe(200);
    expect((await h.app.inject({ url: `${API}/controle/estabelecimento/1/` })).statusCode).toBe(200);
    const lista = await h.app.inject({
      url: `${API}/controle/pedido/?pendentes=true`,
      headers: maria.headers,
    });
    expect(lista.statusCode, lista.body).toBe(200);
    expect((await h.app.inject({ url: '/readyz' })).statusCode).toBe(200);

    // Space back: the same order (the app resends its pedido_id) is placed, once.
    await liberar();
    const c = await contagens(h.t.db);
    const depois = await post(recusado);
    expect(depois.statusCode, depois.body).toBe(201);
    expect(await contagens(h.t.db)).toEqual({ ...c, pedido: c.pedido + 1, historico: c.historico + 1 });
    expect((await post(pedido())).statusCode).toBe(201);
    const cupomDepois = await post(comCupom);
    expect(cupomDepois.statusCode, cupomDepois.body).toBe(201);
    expect((await contagens(h.t.db)).cupomUso).toBe(c0.cupomUso + 1);
  });
});

describe('isDiskFull', () => {
  it('a full disk on either database (and the file system), and an outage for the answer', () => {
    const e = (code: string) => Object.assign(new Error('x'), { code });
    for (const code of ['SQLITE_FULL', '53100', 'ENOSPC']) {
      expect(isDiskFull(e(code)), code).toBe(true);
      expect(isDatabaseUnavailable(e(code)), code).toBe(true);
    }
    for (const x of [e('SQLITE_BUSY'), e('53300'), e('23505'), new Error('boom'), null]) {
      expect(isDiskFull(x)).toBe(false);
    }
  });
});
