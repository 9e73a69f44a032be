import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { IfoodAcaoTable, IfoodLojaTable } from '../../db/types.ts';

export type LojaRow = Selectable<IfoodLojaTable>;
export type AcaoRow = Selectable<IfoodAcaoTable>;

/** The only SQL on ifood_loja, ifood_acao and ifood_cursor (modules/ifood). */
export const ifoodRepository = {
  loja(db: Db, idestabelecimento: number): Promise<LojaRow | undefined> {
    return db
      .selectFrom('ifood_loja')
      .selectAll()
      .where('idestabelecimento', '=', idestabelecimento)
      .executeTakeFirst();
  },

  porMerchant(db: Db, merchantId: string): Promise<LojaRow | undefined> {
    return db.selectFrom('ifood_loja').selectAll().where('merchant_id', '=', merchantId).executeTakeFirst();
  },

  ativas(db: Db): Promise<LojaRow[]> {
    return db
      .selectFrom('ifood_loja')
      .selectAll()
      .where('ativo', '=', 1)
      .orderBy('idestabelecimento')
      .execute();
  },

  async salvarLoja(db: Db, row: Insertable<IfoodLojaTable>): Promise<void> {
    await db
      .insertInto('ifood_loja')
      .values(row)
      .onConflict((oc) =>
        oc.column('idestabelecimento').doUpdateSet({
          merchant_id: row.merchant_id,
          ativo: row.ativo,
          ultimo_erro: null,
          atualizado_em: row.atualizado_em,
        }),
      )
      .execute();
  },

  async excluirLoja(db: Db, idestabelecimento: number): Promise<void> {
    await db.deleteFrom('ifood_loja').where('idestabelecimento', '=', idestabelecimento).execute();
  },

  async consultada(db: Db, idestabelecimento: number, quando: string, erro: string | null): Promise<void> {
    await db
      .updateTable('ifood_loja')
      .set({ ultima_consulta_em: quando, ultimo_erro: erro })
      .where('idestabelecimento', '=', idestabelecimento)
      .execute();
  },

  /** Owed actions; a key already owed is not owed twice. */
  async inserirAcoes(db: Db, acoes: Insertable<IfoodAcaoTable>[]): Promise<void> {
    for (const a of acoes) {
      await db
        .insertInto('ifood_acao')
        .values(a)
        .onConflict((oc) => oc.column('chave').doNothing())
        .execute();
    }
  },

  /** Actions due now (pending, or claimed by an instance whose claim ran out), oldest first. */
  devidas(db: Db, agora: string, limite: number): Promise<AcaoRow[]> {
    return db
      .selectFrom('ifood_acao')
      .selectAll()
      .where('estado', 'in', ['pendente', 'enviando'])
      .where('proxima_em', '<=', agora)
      .orderBy('id')
      .limit(limite)
      .execute();
  },

  /** Claims an action for this instance until `ate`; false when another instance claimed it first. */
  async reservar(db: Db, a: AcaoRow, ate: string, agora: string): Promise<boolean> {
    const r = await db
      .updateTable('ifood_acao')
      .set({ estado: 'enviando', proxima_em: ate, atualizado_em: agora })
      .where('id', '=', a.id)
      .where('estado', '=', a.estado)
      .where('proxima_em', '=', a.proxima_em)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  async concluir(
    db: Db,
    id: number,
    set: Pick<IfoodAcaoTable, 'estado' | 'tentativas' | 'proxima_em' | 'erro' | 'atualizado_em'>,
  ): Promise<void> {
    await db.updateTable('ifood_acao').set(set).where('id', '=', id).execute();
  },

  /** The last refusal of each order's actions that are not done (the attendant sees it). */
  async erros(db: Db, idspedido: readonly number[]): Promise<Map<number, string>> {
    const m = new Map<number, string>();
    if (idspedido.length === 0) return m;
    const rows = await db
      .selectFrom('ifood_acao')
      .select(['idpedido', 'erro'])
      .where('idpedido', 'in', idspedido)
      .where('estado', '!=', 'feito')
      .where('erro', 'is not', null)
      .orderBy('id')
      .execute();
    for (const r of rows) if (r.idpedido !== null && r.erro !== null) m.set(r.idpedido, r.erro);
    return m;
  },

  acoesDoPedido(db: Db, idpedido: number): Promise<AcaoRow[]> {
    return db.selectFrom('ifood_acao').selectAll().where('idpedido', '=', idpedido).orderBy('id').execute();
  },

  async cursor(db: Db): Promise<{ txid: number; id: number }> {
    const r = await db
      .selectFrom('ifood_cursor')
      .select(['txid', 'idevento'])
      .where('nome', '=', 'ifood')
      .executeTakeFirst();
    return r ? { txid: Number(r.txid), id: Number(r.idevento) } : { txid: 0, id: 0 };
  },

  async moverCursor(
    db: Db,
    de: { txid: number; id: number },
    para: { txid: number; id: number },
  ): Promise<boolean> {
    await db
      .insertInto('ifood_cursor')
      .values({ nome: 'ifood', txid: 0, idevento: 0 })
      .onConflict((oc) => oc.column('nome').doNothing())
      .execute();
    const r = await db
      .updateTable('ifood_cursor')
      .set({ txid: para.txid, idevento: para.id })
      .where('nome', '=', 'ifood')
      .where('txid', '=', de.txid)
      .where('idevento', '=', de.id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },
};
