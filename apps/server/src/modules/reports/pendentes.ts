import type { Statement } from 'better-sqlite3';
import { sql } from 'kysely';
import { dialectOf, sqliteHandleOf } from '../../db/index.ts';
import type { Db } from '../../db/index.ts';

/**
 * The orders placed since the last fold (relatorio_fila, migration 0016: an order insert queues
 * its id and nothing else, so the order's transaction stays short) are folded into what the
 * reports read, in batches after commit: their items and options (pedido_item,
 * pedido_item_opcao, from the order's JSON as 0011's trigger did), their payment method's name
 * (pedido.formapgto, on SQLite; PostgreSQL sets it on insert) and the removal of their days kept
 * in relatorio_dia. A periodic job keeps the queue short; every report read folds it first, so a
 * report counts every order committed before it.
 */

/** Orders per SQLite transaction: a few ms of the one thread, then the requests waiting get their turn. */
const LOTE_SQLITE = 100;
/** How often the job folds what was queued (the reports fold anyway before reading). */
export const INCORPORAR_MS = 2000;

const IDS = '(select value from json_each(@ids))';
const FONTE_SQLITE = `(select id, idestabelecimento, dthrpedido, pedido_json from pedido where id in ${IDS}) p`;
const FOLD_SQLITE = [
  `insert into pedido_item (idpedido, idestabelecimento, dthrpedido, idproduto, descricao, quantidade, valor)
  select p.id, p.idestabelecimento, p.dthrpedido, json_extract(i.value, '$.produto_id'),
    json_extract(i.value, '$.descricao'), json_extract(i.value, '$.quantidade'),
    json_extract(i.value, '$.preco_total')
  from ${FONTE_SQLITE}, json_each(p.pedido_json, '$.itens') i`,
  `insert into pedido_item_opcao (idpedido, idestabelecimento, dthrpedido, idopcao, descricao, quantidade, valor)
  select p.id, p.idestabelecimento, p.dthrpedido, json_extract(o.value, '$.opcao_id'),
    json_extract(o.value, '$.descricao'),
    json_extract(o.value, '$.quantidade') * json_extract(i.value, '$.quantidade'),
    json_extract(o.value, '$.preco_total') * json_extract(i.value, '$.quantidade')
  from ${FONTE_SQLITE}, json_each(p.pedido_json, '$.itens') i, json_each(i.value, '$.subitens') s,
    json_each(s.value, '$.sub_subitens') o`,
  `update pedido set formapgto = json_extract(pedido_json, '$.pagamentos[0].descricaoFormaPgto')
  where id in ${IDS} and formapgto is null
    and json_extract(pedido_json, '$.pagamentos[0].descricaoFormaPgto') is not null`,
  // The day holding each order: the latest start not after its instant, if it ends after it.
  `delete from relatorio_dia where (idestabelecimento, dia) in (
    select r.idestabelecimento, r.dia from ${FONTE_SQLITE}
    join relatorio_dia r on r.idestabelecimento = p.idestabelecimento and r.fim > p.dthrpedido
      and r.inicio = (select max(r2.inicio) from relatorio_dia r2
        where r2.idestabelecimento = p.idestabelecimento and r2.inicio <= p.dthrpedido))`,
  `delete from relatorio_fila where idpedido in ${IDS}`,
];

/**
 * PostgreSQL: one statement takes the whole queue (a row another fold holds is waited for, then
 * skipped as gone: after it, every order committed before it has been folded by one of them).
 */
const FOLD_POSTGRES = sql<{ n: number }>`
  with f as (delete from relatorio_fila returning idpedido),
  p as materialized (
    select p.id, p.idestabelecimento, p.dthrpedido, p.pedido_json::jsonb as j
    from pedido p where p.id in (select idpedido from f)),
  itens as (
    insert into pedido_item (idpedido, idestabelecimento, dthrpedido, idproduto, descricao, quantidade, valor)
    select p.id, p.idestabelecimento, p.dthrpedido, (i->>'produto_id')::int, i->>'descricao',
      (i->>'quantidade')::int, (i->>'preco_total')::int
    from p, jsonb_array_elements(p.j->'itens') i),
  opcoes as (
    insert into pedido_item_opcao (idpedido, idestabelecimento, dthrpedido, idopcao, descricao, quantidade, valor)
    select p.id, p.idestabelecimento, p.dthrpedido, (o->>'opcao_id')::int, o->>'descricao',
      (o->>'quantidade')::int * (i->>'quantidade')::int, (o->>'preco_total')::int * (i->>'quantidade')::int
    from p, jsonb_array_elements(p.j->'itens') i, jsonb_array_elements(i->'subitens') s,
      jsonb_array_elements(s->'sub_subitens') o),
  dias as (
    delete from relatorio_dia r using p
    where r.idestabelecimento = p.idestabelecimento and r.fim > p.dthrpedido
      and r.inicio = (select max(r2.inicio) from relatorio_dia r2
        where r2.idestabelecimento = p.idestabelecimento and r2.inicio <= p.dthrpedido))
  select count(*)::int as n from f`;

interface FoldSqlite {
  lote: Statement<[], number>;
  passos: Statement<[{ ids: string }]>[];
}
const preparados = new WeakMap<Db, FoldSqlite>();

/**
 * Folds every queued order; answers how many. On SQLite in synchronous batches of LOTE_SQLITE
 * (each its own transaction; `ceder` between batches lets requests run); through Kysely instead
 * while a Kysely transaction holds the one connection.
 */
export async function incorporarPendentes(db: Db, ceder?: () => Promise<void>): Promise<number> {
  if (dialectOf(db) === 'postgres') {
    // Nothing queued (a report right after the job's run): one cheap read.
    const { rows: fila } = await sql`select 1 from relatorio_fila limit 1`.execute(db);
    if (fila.length === 0) return 0;
    return db.transaction().execute(async (trx) => {
      // The planner's guess for three nested jsonb_array_elements (100 rows each) would have the
      // statement JIT-compiled: seconds on a loaded machine for a few dozen rows.
      await sql`set local jit = off`.execute(trx);
      const { rows } = await FOLD_POSTGRES.execute(trx);
      return rows[0]?.n ?? 0;
    });
  }
  let total = 0;
  for (;;) {
    const raw = sqliteHandleOf(db);
    let n: number;
    if (raw && !raw.inTransaction) {
      let f = preparados.get(db);
      if (!f) {
        f = {
          lote: raw
            .prepare<[], number>(`select idpedido from relatorio_fila order by idpedido limit ${LOTE_SQLITE}`)
            .pluck(),
          passos: FOLD_SQLITE.map((q) => raw.prepare<[{ ids: string }]>(q)),
        };
        preparados.set(db, f);
      }
      const { lote, passos } = f;
      n = raw.transaction(() => {
        const ids = lote.all();
        if (ids.length > 0) for (const p of passos) p.run({ ids: JSON.stringify(ids) });
        return ids.length;
      })();
    } else {
      n = await db.transaction().execute(async (trx) => {
        const ids = (
          await sql<{
            idpedido: number;
          }>`select idpedido from relatorio_fila order by idpedido limit ${sql.lit(LOTE_SQLITE)}`.execute(trx)
        ).rows.map((r) => r.idpedido);
        if (ids.length > 0) {
          const lista = JSON.stringify(ids);
          for (const q of FOLD_SQLITE) await sql.raw(q.replaceAll('@ids', `'${lista}'`)).execute(trx);
        }
        return ids.length;
      });
    }
    total += n;
    if (n < LOTE_SQLITE) return total;
    if (ceder) await ceder();
  }
}
