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
  pedidos: Statement<[{ ids: string }], PedidoFonte>;
  item: Statement<[Linha]>;
  opcao: Statement<[Linha]>;
}

interface PedidoFonte {
  id: number;
  idestabelecimento: number;
  dthrpedido: string;
  pedido_json: string;
}
/** One row of pedido_item (`ref` = idproduto) or pedido_item_opcao (`ref` = idopcao). */
type Linha = [number, number, string, number, string, number, number];

const FONTE_JS = `select id, idestabelecimento, dthrpedido, pedido_json from pedido where id in ${IDS} order by id`;
const INSERIR_ITEM =
  'insert into pedido_item (idpedido, idestabelecimento, dthrpedido, idproduto, descricao, quantidade, valor) values (?, ?, ?, ?, ?, ?, ?)';
const INSERIR_OPCAO =
  'insert into pedido_item_opcao (idpedido, idestabelecimento, dthrpedido, idopcao, descricao, quantidade, valor) values (?, ?, ?, ?, ?, ?, ?)';

const objeto = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
/** An array member of `o` (absent: none, as json_each finds no rows at a missing path). */
const lista = (o: Record<string, unknown>, chave: string): unknown[] | null => {
  const v = o[chave];
  if (v === undefined) return [];
  return Array.isArray(v) ? v : null;
};
const inteiro = (v: unknown): v is number => Number.isSafeInteger(v);

/**
 * The rows FOLD_SQLITE's first two statements insert for these orders, read from their JSON
 * parsed once here (V8's JSON.parse) instead of by SQLite's json_each and json_extract for every
 * item and option (~0.4 ms per order of the one thread under the orders benchmark: most of
 * the fold). Same rows in the same order; null when any order's JSON holds anything but what
 * the order placement writes (integers, strings, arrays where expected), and then the
 * statements run instead, with SQLite's own conversions.
 */
function linhasDosPedidos(pedidos: PedidoFonte[]): { itens: Linha[]; opcoes: Linha[] } | null {
  const itens: Linha[] = [];
  const opcoes: Linha[] = [];
  for (const p of pedidos) {
    const j: unknown = JSON.parse(p.pedido_json);
    if (!objeto(j)) return null;
    const is = lista(j, 'itens');
    if (is === null) return null;
    for (const i of is) {
      if (!objeto(i)) return null;
      const { produto_id, descricao, quantidade, preco_total } = i;
      if (!inteiro(produto_id) || typeof descricao !== 'string' || !inteiro(quantidade)) return null;
      if (!inteiro(preco_total)) return null;
      itens.push([p.id, p.idestabelecimento, p.dthrpedido, produto_id, descricao, quantidade, preco_total]);
      const ss = lista(i, 'subitens');
      if (ss === null) return null;
      for (const s of ss) {
        if (!objeto(s)) return null;
        const os = lista(s, 'sub_subitens');
        if (os === null) return null;
        for (const o of os) {
          if (!objeto(o)) return null;
          const q = o.quantidade;
          const v = o.preco_total;
          if (!inteiro(o.opcao_id) || typeof o.descricao !== 'string' || !inteiro(q) || !inteiro(v))
            return null;
          if (!inteiro(q * quantidade) || !inteiro(v * quantidade)) return null;
          opcoes.push([
            p.id,
            p.idestabelecimento,
            p.dthrpedido,
            o.opcao_id,
            o.descricao,
            q * quantidade,
            v * quantidade,
          ]);
        }
      }
    }
  }
  return { itens, opcoes };
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
          pedidos: raw.prepare<[{ ids: string }], PedidoFonte>(FONTE_JS),
          item: raw.prepare<[Linha]>(INSERIR_ITEM),
          opcao: raw.prepare<[Linha]>(INSERIR_OPCAO),
        };
        preparados.set(db, f);
      }
      const { lote, passos, pedidos, item, opcao } = f;
      n = raw.transaction(() => {
        const ids = lote.all();
        if (ids.length === 0) return 0;
        const param = { ids: JSON.stringify(ids) };
        let linhas: ReturnType<typeof linhasDosPedidos> = null;
        try {
          linhas = linhasDosPedidos(pedidos.all(param));
        } catch {
          // Malformed JSON: the statements below fail on it as they always did.
        }
        if (linhas) {
          for (const l of linhas.itens) item.run(l);
          for (const l of linhas.opcoes) opcao.run(l);
        }
        for (const p of linhas ? passos.slice(2) : passos) p.run(param);
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
