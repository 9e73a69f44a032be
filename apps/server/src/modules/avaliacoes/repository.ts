import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';

const COLUNAS = [
  'id',
  'idpedido',
  'idcliente',
  'idestabelecimento',
  'nota',
  'comentario',
  'resposta',
  'respondido_em',
  'criado_em',
  'atualizado_em',
] as const;

export interface FiltroAvaliacoes {
  nota?: number | undefined;
  /** Only ratings first made at or after this ISO instant. */
  desde?: string | undefined;
}

/** The only SQL of the ratings (table `avaliacao`). */
export const avaliacoesRepository = {
  doPedido(db: Db, idpedido: number) {
    return db.selectFrom('avaliacao').select(COLUNAS).where('idpedido', '=', idpedido).executeTakeFirst();
  },

  inserir(
    db: Db,
    v: {
      idpedido: number;
      idcliente: number;
      idestabelecimento: number;
      nota: number;
      comentario: string | null;
      agora: string;
      /** A row already there (a submit at the same time) is replaced only if first made after this. */
      desde: string;
    },
  ) {
    return (
      db
        .insertInto('avaliacao')
        .values({
          idpedido: v.idpedido,
          idcliente: v.idcliente,
          idestabelecimento: v.idestabelecimento,
          nota: v.nota,
          comentario: v.comentario,
          criado_em: v.agora,
          atualizado_em: v.agora,
        })
        // Two first submits at once: the second replaces the first, as a later one does (within
        // the editing window; else nothing is written and the caller answers the window's end).
        .onConflict((oc) =>
          oc
            .column('idpedido')
            .doUpdateSet((eb) => ({
              nota: eb.ref('excluded.nota'),
              comentario: eb.ref('excluded.comentario'),
              atualizado_em: eb.ref('excluded.atualizado_em'),
            }))
            .where('avaliacao.criado_em', '>', v.desde),
        )
        .returning(COLUNAS)
        .executeTakeFirst()
    );
  },

  /** Replaces the rating's nota and comment while its editing window is open (else undefined). */
  substituir(
    db: Db,
    id: number,
    v: { nota: number; comentario: string | null; agora: string; desde: string },
  ) {
    return db
      .updateTable('avaliacao')
      .set({ nota: v.nota, comentario: v.comentario, atualizado_em: v.agora })
      .where('id', '=', id)
      .where('criado_em', '>', v.desde)
      .returning(COLUNAS)
      .executeTakeFirst();
  },

  /**
   * The average (one decimal) and count of an establishment's ratings first made since `desde`,
   * in SQL. PostgreSQL answers numeric and bigint as text: both become numbers here.
   */
  async media(
    db: Db,
    idestabelecimento: number,
    desde: string,
  ): Promise<{ media: number | null; quantidade: number }> {
    const r = await db
      .selectFrom('avaliacao')
      .select([
        sql<number | string | null>`round(avg(nota * 1.0), 1)`.as('media'),
        (eb) => eb.fn.countAll<number | string>().as('quantidade'),
      ])
      .where('idestabelecimento', '=', idestabelecimento)
      .where('criado_em', '>=', desde)
      .executeTakeFirstOrThrow();
    return { media: r.media === null ? null : Number(r.media), quantidade: Number(r.quantidade) };
  },

  async contar(db: Db, idestabelecimento: number, f: FiltroAvaliacoes): Promise<number> {
    let q = db
      .selectFrom('avaliacao')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('idestabelecimento', '=', idestabelecimento);
    if (f.nota !== undefined) q = q.where('nota', '=', f.nota);
    if (f.desde !== undefined) q = q.where('criado_em', '>=', f.desde);
    return Number((await q.executeTakeFirstOrThrow()).n);
  },

  /** One page of an establishment's ratings, newest first. */
  listar(db: Db, idestabelecimento: number, f: FiltroAvaliacoes, limit: number, offset: number) {
    let q = db.selectFrom('avaliacao').select(COLUNAS).where('idestabelecimento', '=', idestabelecimento);
    if (f.nota !== undefined) q = q.where('nota', '=', f.nota);
    if (f.desde !== undefined) q = q.where('criado_em', '>=', f.desde);
    return q.orderBy('criado_em', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
  },

  /** The private reply, on this establishment's rating only (else undefined). */
  responder(db: Db, idestabelecimento: number, id: number, resposta: string, agora: string) {
    return db
      .updateTable('avaliacao')
      .set({ resposta, respondido_em: agora })
      .where('id', '=', id)
      .where('idestabelecimento', '=', idestabelecimento)
      .returning(COLUNAS)
      .executeTakeFirst();
  },

  doCliente(db: Db, idcliente: number) {
    return db
      .selectFrom('avaliacao')
      .select(COLUNAS)
      .where('idcliente', '=', idcliente)
      .orderBy('id')
      .execute();
  },

  async apagarDoCliente(db: Db, idcliente: number): Promise<void> {
    await db.deleteFrom('avaliacao').where('idcliente', '=', idcliente).execute();
  },
};

export type AvaliacaoRow = NonNullable<Awaited<ReturnType<typeof avaliacoesRepository.doPedido>>>;
