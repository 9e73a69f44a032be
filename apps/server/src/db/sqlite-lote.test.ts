import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { gravarEmLote } from './sqlite-lote.ts';

describe('gravarEmLote (group commit on SQLite)', () => {
  let raw: SQLite.Database;
  /** The statements the connection ran (transaction control included). */
  let sqls: string[] = [];
  afterEach(() => raw?.close());
  const abrir = () => {
    sqls = [];
    raw = new SQLite(':memory:', { verbose: (s) => sqls.push(String(s)) });
    raw.exec('create table t (id integer primary key, chave text not null unique)');
    return raw.prepare<[string]>('insert into t (chave) values (?)');
  };

  it('writes of one turn share one commit; each gets its own result, a refused one alone is rolled back', async () => {
    const inserir = abrir();
    const resultados = await Promise.allSettled(
      ['a', 'b', 'a', 'c'].map((chave, i) =>
        gravarEmLote(raw, () => {
          const id = Number(inserir.run(chave).lastInsertRowid);
          if (i === 3) inserir.run(`${chave}-2`);
          return id;
        }),
      ),
    );
    expect(resultados.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((resultados[2] as PromiseRejectedResult).reason).toMatchObject({
      code: 'SQLITE_CONSTRAINT_UNIQUE',
    });
    expect(resultados.filter((r) => r.status === 'fulfilled').map((r) => r.value)).toEqual([1, 2, 3]);
    expect(raw.prepare('select chave from t order by id').pluck().all()).toEqual(['a', 'b', 'c', 'c-2']);
    expect(raw.inTransaction).toBe(false);
    // One transaction for the four writes.
    expect(sqls.filter((s) => /^commit/i.test(s))).toHaveLength(1);
  });

  it('answers only after the commit, and waits while another transaction holds the connection', async () => {
    const inserir = abrir();
    raw.exec('begin');
    raw.prepare("insert into t (chave) values ('outra')").run();
    let pronto = false;
    const p = gravarEmLote(raw, () => Number(inserir.run('x').lastInsertRowid)).then((id) => {
      pronto = true;
      return id;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(pronto).toBe(false);
    raw.exec('commit');
    await expect(p).resolves.toBe(2);
    expect(raw.inTransaction).toBe(false);
  });

  it('an error thrown by a write (a refused coupon) rolls back only its rows', async () => {
    const inserir = abrir();
    const recusa = new Error('cupom esgotado');
    const [a, b] = await Promise.allSettled([
      gravarEmLote(raw, () => {
        inserir.run('pedido-1');
        throw recusa;
      }),
      gravarEmLote(raw, () => Number(inserir.run('pedido-2').lastInsertRowid)),
    ]);
    expect(a).toEqual({ status: 'rejected', reason: recusa });
    expect(b.status).toBe('fulfilled');
    expect(raw.prepare('select chave from t').pluck().all()).toEqual(['pedido-2']);
  });
});
