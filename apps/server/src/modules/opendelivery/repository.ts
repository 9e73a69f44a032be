import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { OpendeliveryCredencialTable, OpendeliveryEventoTable } from '../../db/types.ts';
import type { Chave } from '../events/leitura.ts';

export type CredencialRow = Selectable<OpendeliveryCredencialTable>;
export type EventoOdRow = Selectable<OpendeliveryEventoTable>;

/** The only SQL on opendelivery_credencial, _token, _evento and _cursor (modules/opendelivery). */
export const opendeliveryRepository = {
  credenciais(db: Db, idestabelecimento: number): Promise<CredencialRow[]> {
    return db
      .selectFrom('opendelivery_credencial')
      .selectAll()
      .where('idestabelecimento', '=', idestabelecimento)
      .orderBy('id', 'desc')
      .execute();
  },

  async ativas(db: Db, idestabelecimento: number): Promise<number> {
    const r = await db
      .selectFrom('opendelivery_credencial')
      .select((s) => s.fn.countAll().as('n'))
      .where('idestabelecimento', '=', idestabelecimento)
      .where('revogado_em', 'is', null)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  },

  async criar(db: Db, v: Insertable<OpendeliveryCredencialTable>): Promise<CredencialRow> {
    return db.insertInto('opendelivery_credencial').values(v).returningAll().executeTakeFirstOrThrow();
  },

  porClientId(db: Db, clientId: string): Promise<CredencialRow | undefined> {
    return db
      .selectFrom('opendelivery_credencial')
      .selectAll()
      .where('client_id', '=', clientId)
      .executeTakeFirst();
  },

  async revogar(db: Db, idestabelecimento: number, id: number, agora: string): Promise<boolean> {
    const r = await db
      .updateTable('opendelivery_credencial')
      .set({ revogado_em: agora })
      .where('idestabelecimento', '=', idestabelecimento)
      .where('id', '=', id)
      .where('revogado_em', 'is', null)
      .executeTakeFirst();
    await db.deleteFrom('opendelivery_token').where('idcredencial', '=', id).execute();
    return Number(r.numUpdatedRows) > 0;
  },

  async guardarToken(
    db: Db,
    v: { token_hash: string; idcredencial: number; idestabelecimento: number; expira_em: string },
    agora: string,
  ) {
    await db.deleteFrom('opendelivery_token').where('expira_em', '<', agora).execute();
    await db.insertInto('opendelivery_token').values(v).execute();
  },

  /** The token's credential, when the token exists, has not expired and its credential is not revoked. */
  token(db: Db, hash: string, agora: string) {
    return db
      .selectFrom('opendelivery_token')
      .innerJoin('opendelivery_credencial as c', 'c.id', 'opendelivery_token.idcredencial')
      .select(['c.id as idcredencial', 'c.idestabelecimento'])
      .where('opendelivery_token.token_hash', '=', hash)
      .where('opendelivery_token.expira_em', '>', agora)
      .where('c.revogado_em', 'is', null)
      .executeTakeFirst();
  },

  /** Records a poll unless the previous one was after `limite` (one winner across instances). */
  async marcarPolling(db: Db, idcredencial: number, agora: string, limite: string): Promise<boolean> {
    const r = await db
      .updateTable('opendelivery_credencial')
      .set({ ultimo_polling_em: agora })
      .where('id', '=', idcredencial)
      .where((eb) => eb.or([eb('ultimo_polling_em', 'is', null), eb('ultimo_polling_em', '<=', limite)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  async ultimoPolling(db: Db, idcredencial: number): Promise<string | null> {
    const r = await db
      .selectFrom('opendelivery_credencial')
      .select('ultimo_polling_em')
      .where('id', '=', idcredencial)
      .executeTakeFirst();
    return r?.ultimo_polling_em ?? null;
  },

  async cursor(db: Db, idestabelecimento: number): Promise<Chave | undefined> {
    const r = await db
      .selectFrom('opendelivery_cursor')
      .select(['txid', 'idevento'])
      .where('idestabelecimento', '=', idestabelecimento)
      .executeTakeFirst();
    return r ? { txid: Number(r.txid), id: Number(r.idevento) } : undefined;
  },

  /** Moves the cursor forward only (two instances fanning out at once: the further one stays). */
  async avancarCursor(db: Db, idestabelecimento: number, c: Chave, inicial = false): Promise<void> {
    const atual = await this.cursor(db, idestabelecimento);
    if (!atual) {
      await db
        .insertInto('opendelivery_cursor')
        .values({ idestabelecimento, txid: c.txid, idevento: c.id })
        .onConflict((oc) => oc.column('idestabelecimento').doNothing())
        .execute();
      return;
    }
    if (inicial) return;
    await db
      .updateTable('opendelivery_cursor')
      .set({ txid: c.txid, idevento: c.id })
      .where('idestabelecimento', '=', idestabelecimento)
      .where((eb) =>
        eb.or([eb('txid', '<', c.txid), eb.and([eb('txid', '=', c.txid), eb('idevento', '<', c.id)])]),
      )
      .execute();
  },

  async inserirEventos(db: Db, eventos: Insertable<OpendeliveryEventoTable>[]): Promise<void> {
    if (eventos.length === 0) return;
    await db
      .insertInto('opendelivery_evento')
      .values(eventos)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  },

  pendentes(db: Db, idestabelecimento: number, limite: number): Promise<EventoOdRow[]> {
    return db
      .selectFrom('opendelivery_evento')
      .selectAll()
      .where('idestabelecimento', '=', idestabelecimento)
      .where('ack_em', 'is', null)
      .orderBy('criado_em')
      .orderBy('posicao')
      .limit(limite)
      .execute();
  },

  async contarPendentes(db: Db, idestabelecimento: number): Promise<number> {
    const r = await db
      .selectFrom('opendelivery_evento')
      .select((s) => s.fn.countAll().as('n'))
      .where('idestabelecimento', '=', idestabelecimento)
      .where('ack_em', 'is', null)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  },

  /** The ids among `ids` that are this establishment's events. */
  async conhecidos(db: Db, idestabelecimento: number, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .selectFrom('opendelivery_evento')
      .select('id')
      .where('idestabelecimento', '=', idestabelecimento)
      .where('id', 'in', ids)
      .execute();
    return new Set(rows.map((r) => r.id));
  },

  async reconhecer(
    db: Db,
    idestabelecimento: number,
    idcredencial: number,
    ids: readonly string[],
    agora: string,
  ) {
    if (ids.length === 0) return;
    const r = await db
      .updateTable('opendelivery_evento')
      .set({ ack_em: agora })
      .where('idestabelecimento', '=', idestabelecimento)
      .where('id', 'in', ids)
      .where('ack_em', 'is', null)
      .executeTakeFirst();
    await db
      .updateTable('opendelivery_credencial')
      .set((eb) => ({ ultimo_ack_em: agora, acks: eb('acks', '+', Number(r.numUpdatedRows)) }))
      .where('id', '=', idcredencial)
      .execute();
  },
};
