import { sql } from 'kysely';
import { dialectOf } from '../../db/index.ts';
import type { Db } from '../../db/index.ts';

/**
 * A position in the event log. SQLite: one writer at a time, so the id order is the commit order
 * and `txid` is always 0. PostgreSQL: ids come from a sequence and transactions commit in any
 * order, so events are ordered by (writing transaction id, id); a transaction below the oldest
 * one still running (the snapshot's xmin) has finished, so nothing can appear behind such a key.
 */
export interface Chave {
  txid: number;
  id: number;
}

export const CHAVE_ZERO: Chave = { txid: 0, id: 0 };

export const compararChaves = (a: Chave, b: Chave): number => a.txid - b.txid || a.id - b.id;

export interface EventoRow extends Chave {
  idestabelecimento: number;
  idcliente: number | null;
  idpedido: number | null;
  tipo: string;
  /** JSON. */
  dados: string;
  criado_em: string;
}

/** A tail row and whether its transaction is below the snapshot's xmin (always true on SQLite). */
export interface EventoTail extends EventoRow {
  pronto: boolean;
}

export type Audiencia = { idestabelecimento: number } | { idcliente: number };

// pg answers bigint as a string; every key is a JS number (a txid stays far below 2^53).
const linha = (r: {
  id: number | string;
  txid: number | string | null;
  idestabelecimento: number;
  idcliente: number | null;
  idpedido: number | null;
  tipo: string;
  dados: string;
  criado_em: string;
}): EventoRow => ({
  id: Number(r.id),
  txid: r.txid === null ? 0 : Number(r.txid),
  idestabelecimento: r.idestabelecimento,
  idcliente: r.idcliente,
  idpedido: r.idpedido,
  tipo: r.tipo,
  dados: r.dados,
  criado_em: r.criado_em,
});

const COLUNAS = [
  'id',
  'txid',
  'idestabelecimento',
  'idcliente',
  'idpedido',
  'tipo',
  'dados',
  'criado_em',
] as const;

/** The transaction id below which every transaction has finished (PostgreSQL). */
const XMIN = sql<number>`pg_snapshot_xmin(pg_current_snapshot())::text::bigint`;

/** The live events' SQL (the outbox `evento`, migration 0008). */
export const eventsRepository = {
  /**
   * Where the tail starts: the newest event every reader can already see (PostgreSQL: of a
   * finished transaction), or zero for an empty log.
   */
  async fim(db: Db, audiencia?: Audiencia): Promise<Chave> {
    const postgres = dialectOf(db) === 'postgres';
    const row = await db
      .selectFrom('evento')
      .select(['id', 'txid'])
      .$if(audiencia !== undefined && 'idestabelecimento' in audiencia, (q) =>
        q.where('idestabelecimento', '=', (audiencia as { idestabelecimento: number }).idestabelecimento),
      )
      .$if(audiencia !== undefined && 'idcliente' in audiencia, (q) =>
        q.where('idcliente', '=', (audiencia as { idcliente: number }).idcliente),
      )
      .$if(postgres, (q) => q.where(sql<boolean>`txid < ${XMIN}`).orderBy('txid', 'desc'))
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? { id: Number(row.id), txid: row.txid === null ? 0 : Number(row.txid) } : CHAVE_ZERO;
  },

  /**
   * Up to `limite` events after `depois`, in delivery order. On PostgreSQL each says whether its
   * transaction is below xmin: the caller delivers up to the first that is not (an earlier
   * transaction still running may yet commit an event that sorts before it).
   */
  async depois(db: Db, depois: Chave, limite: number): Promise<EventoTail[]> {
    if (dialectOf(db) === 'postgres') {
      const rows = await db
        .selectFrom('evento')
        .select([...COLUNAS, sql<boolean>`txid < ${XMIN}`.as('pronto')])
        .where(sql<boolean>`(txid, id) > (${depois.txid}, ${depois.id})`)
        .orderBy('txid')
        .orderBy('id')
        .limit(limite)
        .execute();
      return rows.map((r) => ({ ...linha(r), pronto: r.pronto }));
    }
    const rows = await db
      .selectFrom('evento')
      .select(COLUNAS)
      .where('id', '>', depois.id)
      .orderBy('id')
      .limit(limite)
      .execute();
    return rows.map((r) => ({ ...linha(r), pronto: true }));
  },

  /** One audience's events in (de, ate], in delivery order, at most `limite`. */
  async intervalo(db: Db, audiencia: Audiencia, de: Chave, ate: Chave, limite: number): Promise<EventoRow[]> {
    const postgres = dialectOf(db) === 'postgres';
    const rows = await db
      .selectFrom('evento')
      .select(COLUNAS)
      .$if('idestabelecimento' in audiencia, (q) =>
        q.where('idestabelecimento', '=', (audiencia as { idestabelecimento: number }).idestabelecimento),
      )
      .$if('idcliente' in audiencia, (q) =>
        q.where('idcliente', '=', (audiencia as { idcliente: number }).idcliente),
      )
      .$if(postgres, (q) =>
        q
          .where(sql<boolean>`(txid, id) > (${de.txid}, ${de.id})`)
          .where(sql<boolean>`(txid, id) <= (${ate.txid}, ${ate.id})`)
          .orderBy('txid'),
      )
      .$if(!postgres, (q) => q.where('id', '>', de.id).where('id', '<=', ate.id))
      .orderBy('id')
      .limit(limite)
      .execute();
    return rows.map(linha);
  },

  /** An event's key and age (a client's Last-Event-ID), undefined when it is not kept. */
  async chaveDe(db: Db, id: number): Promise<(Chave & { criado_em: string }) | undefined> {
    const row = await db
      .selectFrom('evento')
      .select(['id', 'txid', 'criado_em'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row
      ? { id: Number(row.id), txid: row.txid === null ? 0 : Number(row.txid), criado_em: row.criado_em }
      : undefined;
  },

  /**
   * Drops events older than the retention window (a client behind it gets a reset), except the
   * newest: on SQLite an emptied table hands out ids from 1 again, and a reader whose position is
   * an id (a live stream, the webhooks' cursor) would skip the new events as already seen.
   */
  async apagarAntes(db: Db, antes: string): Promise<number> {
    const r = await db
      .deleteFrom('evento')
      .where('criado_em', '<', antes)
      .where('id', '<', (eb) =>
        eb.selectFrom('evento as ultimo').select((u) => u.fn.max('ultimo.id').as('m')),
      )
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  },

  /**
   * Inside a payment's transaction: `pedido.pagamento` for the attempt's order, its establishment
   * and customer read from the order in the same statement (no event when the attempt has no
   * order any more).
   */
  async registrarDoPagamento(trx: Db, idpagamento: number, tipo: string, dados: string, agora: string) {
    await trx
      .insertInto('evento')
      .columns(['idestabelecimento', 'idcliente', 'idpedido', 'tipo', 'dados', 'criado_em'])
      .expression((eb) =>
        eb
          .selectFrom('pagamento')
          .innerJoin('pedido', 'pedido.id', 'pagamento.idpedido')
          .select((s) => [
            'pedido.idestabelecimento',
            'pedido.idcliente',
            'pedido.id',
            s.val(tipo).as('tipo'),
            s.val(dados).as('dados'),
            s.val(agora).as('criado_em'),
          ])
          .where('pagamento.id', '=', idpagamento),
      )
      .execute();
  },

  /** Wakes every instance listening on `canal` (PostgreSQL; sent after the commit, never inside it). */
  /** `origem`: who sends it (an instance ignores its own: it has read already). */
  async notificar(db: Db, canal: string, origem = ''): Promise<void> {
    await sql`select pg_notify(${canal}, ${origem})`.execute(db);
  },
};
