import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { WebhookEntregaTable, WebhookTable } from '../../db/types.ts';

export type WebhookRow = Selectable<WebhookTable>;
export type EntregaRow = Selectable<WebhookEntregaTable>;

/** pg answers bigint as a string. */
const entrega = (r: EntregaRow): EntregaRow => ({ ...r, id: Number(r.id) });

/** The only SQL on webhook, webhook_entrega and webhook_cursor (modules/webhooks). */
export const webhooksRepository = {
  list(db: Db, idestabelecimento: number): Promise<WebhookRow[]> {
    return db
      .selectFrom('webhook')
      .selectAll()
      .where('idestabelecimento', '=', idestabelecimento)
      .orderBy('id')
      .execute();
  },

  find(db: Db, idestabelecimento: number, id: number): Promise<WebhookRow | undefined> {
    return db
      .selectFrom('webhook')
      .selectAll()
      .where('idestabelecimento', '=', idestabelecimento)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  async count(db: Db, idestabelecimento: number): Promise<number> {
    const r = await db
      .selectFrom('webhook')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('idestabelecimento', '=', idestabelecimento)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  async insert(db: Db, row: Insertable<WebhookTable>): Promise<number> {
    const r = await db.insertInto('webhook').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(r.id);
  },

  async update(db: Db, idestabelecimento: number, id: number, set: Updateable<WebhookTable>): Promise<void> {
    await db
      .updateTable('webhook')
      .set(set)
      .where('idestabelecimento', '=', idestabelecimento)
      .where('id', '=', id)
      .execute();
  },

  async remove(db: Db, idestabelecimento: number, id: number): Promise<boolean> {
    const r = await db
      .deleteFrom('webhook')
      .where('idestabelecimento', '=', idestabelecimento)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },

  /** The switched-on endpoints of these establishments (the fan-out). */
  ativos(db: Db, ids: number[]): Promise<WebhookRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('webhook')
      .selectAll()
      .where('idestabelecimento', 'in', ids)
      .where('ativo', '=', 1)
      .execute();
  },

  /** Whether any establishment has a switched-on endpoint (else the fan-out only moves its cursor). */
  async algumAtivo(db: Db): Promise<boolean> {
    const r = await db.selectFrom('webhook').select('id').where('ativo', '=', 1).limit(1).executeTakeFirst();
    return r !== undefined;
  },

  /** A failed attempt: the run of failures starts now unless it already had. */
  async marcarFalha(db: Db, id: number, agora: string): Promise<WebhookRow | undefined> {
    await db
      .updateTable('webhook')
      .set({ falhando_desde: agora })
      .where('id', '=', id)
      .where('falhando_desde', 'is', null)
      .execute();
    return db.selectFrom('webhook').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async marcarSucesso(db: Db, id: number): Promise<void> {
    await db
      .updateTable('webhook')
      .set({ falhando_desde: null })
      .where('id', '=', id)
      .where('falhando_desde', 'is not', null)
      .execute();
  },

  /** Switches a failing endpoint off; true for the one caller that did it (its owner gets one e-mail). */
  async desativar(db: Db, id: number, agora: string): Promise<boolean> {
    const r = await db
      .updateTable('webhook')
      .set({ ativo: 0, desativado_em: agora, atualizado_em: agora })
      .where('id', '=', id)
      .where('ativo', '=', 1)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  // ---- deliveries ----

  /** Creates the delivery unless this endpoint already has one for the key (another instance). */
  async inserirEntregas(db: Db, rows: Insertable<WebhookEntregaTable>[]): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insertInto('webhook_entrega')
      .values(rows)
      .onConflict((oc) => oc.columns(['idwebhook', 'chave']).doNothing())
      .execute();
  },

  async entregaPorChave(db: Db, idwebhook: number, chave: string): Promise<EntregaRow | undefined> {
    const r = await db
      .selectFrom('webhook_entrega')
      .selectAll()
      .where('idwebhook', '=', idwebhook)
      .where('chave', '=', chave)
      .executeTakeFirst();
    return r && entrega(r);
  },

  async entrega(db: Db, idwebhook: number, id: number): Promise<EntregaRow | undefined> {
    const r = await db
      .selectFrom('webhook_entrega')
      .selectAll()
      .where('idwebhook', '=', idwebhook)
      .where('id', '=', id)
      .executeTakeFirst();
    return r && entrega(r);
  },

  async entregas(
    db: Db,
    idwebhook: number,
    filtro: { status?: string | undefined; desde?: string | undefined },
    limite: number,
    offset: number,
  ): Promise<{ rows: EntregaRow[]; total: number }> {
    const base = db
      .selectFrom('webhook_entrega')
      .where('idwebhook', '=', idwebhook)
      .$if(filtro.status !== undefined, (q) => q.where('status', '=', filtro.status!))
      .$if(filtro.desde !== undefined, (q) => q.where('criado_em', '>=', filtro.desde!));
    const [rows, n] = await Promise.all([
      base
        .selectAll()
        .orderBy('criado_em', 'desc')
        .orderBy('id', 'desc')
        .limit(limite)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(entrega), total: Number(n.n) };
  },

  /** Due attempts of switched-on endpoints, oldest first (candidates: each is then claimed). */
  async devidas(db: Db, agora: string, limite: number): Promise<number[]> {
    const rows = await db
      .selectFrom('webhook_entrega')
      .innerJoin('webhook', 'webhook.id', 'webhook_entrega.idwebhook')
      .select('webhook_entrega.id')
      .where('webhook_entrega.status', '=', 'pendente')
      .where('webhook_entrega.proxima_em', '<=', agora)
      .where((eb) =>
        eb.or([
          eb('webhook_entrega.tentando_ate', 'is', null),
          eb('webhook_entrega.tentando_ate', '<=', agora),
        ]),
      )
      .where('webhook.ativo', '=', 1)
      .orderBy('webhook_entrega.proxima_em')
      .limit(limite)
      .execute();
    return rows.map((r) => Number(r.id));
  },

  /**
   * Claims one due attempt for this instance until `ate`: a conditional write, so of two
   * instances (or two runs) only one gets it — on PostgreSQL the second UPDATE waits for the
   * first and re-reads the row, which no longer matches. Answers the row when claimed.
   */
  async reservar(db: Db, id: number, agora: string, ate: string): Promise<EntregaRow | undefined> {
    const r = await db
      .updateTable('webhook_entrega')
      .set({ tentando_ate: ate })
      .where('id', '=', id)
      .where('status', '=', 'pendente')
      .where('proxima_em', '<=', agora)
      .where((eb) => eb.or([eb('tentando_ate', 'is', null), eb('tentando_ate', '<=', agora)]))
      .returningAll()
      .executeTakeFirst();
    return r && entrega(r);
  },

  /** The attempt's outcome, written only while this instance's claim (`ate`) still holds it. */
  async registrarTentativa(
    db: Db,
    id: number,
    ate: string,
    set: Updateable<WebhookEntregaTable>,
  ): Promise<boolean> {
    const r = await db
      .updateTable('webhook_entrega')
      .set({ ...set, tentando_ate: null })
      .where('id', '=', id)
      .where('tentando_ate', '=', ate)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /** A replay: pending again now, with a new retry window. */
  async reenviar(
    db: Db,
    idwebhook: number,
    filtro: { id?: number; desde?: string },
    agora: string,
    prazo: string,
  ): Promise<number> {
    const r = await db
      .updateTable('webhook_entrega')
      .set({ status: 'pendente', tentativas: 0, proxima_em: agora, prazo_ate: prazo, tentando_ate: null })
      .where('idwebhook', '=', idwebhook)
      .$if(filtro.id !== undefined, (q) => q.where('id', '=', filtro.id!))
      .$if(filtro.desde !== undefined, (q) => q.where('criado_em', '>=', filtro.desde!))
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },

  async apagarEntregasAntes(db: Db, antes: string): Promise<number> {
    const r = await db.deleteFrom('webhook_entrega').where('criado_em', '<', antes).executeTakeFirst();
    return Number(r.numDeletedRows);
  },

  // ---- the fan-out's cursor ----

  async cursor(db: Db): Promise<{ txid: number; id: number }> {
    const r = await db
      .selectFrom('webhook_cursor')
      .select(['txid', 'idevento'])
      .where('id', '=', 1)
      .executeTakeFirst();
    return r ? { txid: Number(r.txid), id: Number(r.idevento) } : { txid: 0, id: 0 };
  },

  /** Moves the cursor from `de` to `para`; false when another run moved it meanwhile. */
  async moverCursor(
    db: Db,
    de: { txid: number; id: number },
    para: { txid: number; id: number },
  ): Promise<boolean> {
    await db
      .insertInto('webhook_cursor')
      .values({ id: 1, txid: 0, idevento: 0 })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const r = await db
      .updateTable('webhook_cursor')
      .set({ txid: para.txid, idevento: para.id })
      .where('id', '=', 1)
      .where('txid', '=', de.txid)
      .where('idevento', '=', de.id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },
};
