import type { Database as SqliteHandle } from 'better-sqlite3';

/**
 * Group commit on SQLite (issue 21): writes asked for during one turn of the event loop run in
 * one transaction, each in its own savepoint, committed once after the turn's I/O callbacks
 * (setImmediate). Each caller still gets its own result or its own error (its savepoint rolled
 * back, the others kept), and only after the commit: an answer never reports a write that is not
 * committed. A commit writes every page it changed to the WAL (two write calls per page); orders
 * placed together share most of theirs (the tables' and indexes' last leaves), so under load the
 * WAL gets a fraction of the pages and the write calls of one commit per order.
 *
 * Each write runs synchronously, on the raw connection, outside any Kysely transaction: while one
 * is open on the connection (its BEGIN came first), the batch waits for it to end, as a write
 * through Kysely would wait for the connection.
 */

interface Escrita {
  fn: () => unknown;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

const filas = new WeakMap<SqliteHandle, Escrita[]>();

/** While a Kysely transaction holds the connection, how long a batch waits before looking again. */
const ESPERA_MS = 1;

function gravarLote(raw: SqliteHandle): void {
  if (raw.open && raw.inTransaction) {
    setTimeout(() => gravarLote(raw), ESPERA_MS);
    return;
  }
  const lote = filas.get(raw) ?? [];
  filas.delete(raw);
  const resultados: ({ ok: true; valor: unknown } | { ok: false; erro: unknown })[] = [];
  try {
    raw.transaction(() => {
      for (const e of lote) {
        try {
          // Nested: a savepoint, rolled back alone when this write throws.
          resultados.push({ ok: true, valor: raw.transaction(e.fn)() });
        } catch (erro) {
          // An error that ended the whole transaction (SQLite rolls back on some, e.g. a full
          // disk): nothing of the batch is written; every write not refused on its own gets it.
          if (!raw.inTransaction) throw erro;
          resultados.push({ ok: false, erro });
        }
      }
    })();
  } catch (erro) {
    lote.forEach((e, i) => {
      const r = resultados[i];
      e.reject(r && !r.ok ? r.erro : erro);
    });
    return;
  }
  lote.forEach((e, i) => {
    const r = resultados[i]!;
    if (r.ok) e.resolve(r.valor);
    else e.reject(r.erro);
  });
}

/**
 * Runs `fn` (synchronous statements on `raw`) in this turn's batch; resolves with its result
 * once the batch is committed, or rejects with its own error (its writes rolled back) or the
 * commit's.
 */
export function gravarEmLote<T>(raw: SqliteHandle, fn: () => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let fila = filas.get(raw);
    if (fila === undefined) {
      fila = [];
      filas.set(raw, fila);
      setImmediate(() => gravarLote(raw));
    }
    fila.push({ fn, resolve: resolve as (v: unknown) => void, reject });
  });
}
