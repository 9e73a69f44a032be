import { STATUS_FINALIZADOS } from '@rango/domain';
import type { Db } from '../../db/index.ts';

/** An order's columns as the panel shows it. */
const PEDIDO_COLUMNS = [
  'id',
  'idestabelecimento',
  'referencia',
  'tipo',
  'status',
  'total',
  'entregue_as',
  'previsao_em',
  'pedido_json',
  'dthrpedido',
] as const;

export interface PedidoPainelRow {
  id: number;
  idestabelecimento: number;
  referencia: string;
  tipo: 'DELIVERY' | 'TOGO';
  status: number;
  total: number;
  entregue_as: string | null;
  previsao_em: string | null;
  pedido_json: string;
  dthrpedido: string;
}

/** The panel's SQL: one establishment's orders, its store pause, availability and settings. */
export const panelRepository = {
  /** Every open order, and those finished (Concluído, cancelled) since `desde`, newest first. */
  listPedidos(db: Db, idestabelecimento: number, desde: string): Promise<PedidoPainelRow[]> {
    return db
      .selectFrom('pedido')
      .select(PEDIDO_COLUMNS)
      .where('idestabelecimento', '=', idestabelecimento)
      .where((eb) => eb.or([eb('status', 'not in', STATUS_FINALIZADOS), eb('atualizado_em', '>=', desde)]))
      .orderBy('id', 'desc')
      .execute();
  },

  /** One order of this establishment (another's is not found). */
  getPedido(db: Db, idestabelecimento: number, id: number): Promise<PedidoPainelRow | undefined> {
    return db
      .selectFrom('pedido')
      .select(PEDIDO_COLUMNS)
      .where('id', '=', id)
      .where('idestabelecimento', '=', idestabelecimento)
      .executeTakeFirst();
  },

  /** The histories of these orders, each in time order. */
  historicos(db: Db, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('pedido_historico')
      .select(['idpedido', 'status', 'datahora', 'motivo'])
      .where('idpedido', 'in', ids)
      .orderBy('idpedido')
      .orderBy('datahora')
      .orderBy('id')
      .execute();
  },

  async setPrevisao(db: Db, id: number, previsaoEm: string | null): Promise<void> {
    await db.updateTable('pedido').set({ previsao_em: previsaoEm }).where('id', '=', id).execute();
  },

  loja(db: Db, id: number) {
    return db
      .selectFrom('estabelecimento')
      .select(['id', 'lojaaberta', 'reabrir_em'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  horarios(db: Db, id: number) {
    return db
      .selectFrom('horariofuncionamento')
      .select(['diadasemana', 'abertura', 'fechamento'])
      .where('idestabelecimento', '=', id)
      .execute();
  },

  async setLoja(db: Db, id: number, lojaaberta: boolean, reabrirEm: string | null): Promise<void> {
    await db
      .updateTable('estabelecimento')
      .set({ lojaaberta: lojaaberta ? 1 : 0, reabrir_em: reabrirEm })
      .where('id', '=', id)
      .execute();
  },

  /** Products that are not hidden (2), with their menu group, in menu order. */
  produtos(db: Db, idestabelecimento: number) {
    return db
      .selectFrom('produto')
      .innerJoin('grupomenu', 'grupomenu.idgrupo', 'produto.idgrupo')
      .select([
        'produto.idproduto',
        'produto.descricao',
        'grupomenu.descricao as grupo',
        'produto.stindisponivel',
      ])
      .where('produto.idestabelecimento', '=', idestabelecimento)
      .where('produto.stindisponivel', 'in', [0, 1])
      .orderBy('grupomenu.ordem')
      .orderBy('grupomenu.idgrupo')
      .orderBy('produto.ordem')
      .orderBy('produto.idproduto')
      .execute();
  },

  /**
   * The options of the establishment's products (not hidden), once each: a group may be shared
   * by several products, and its options are one row each whatever the number of products.
   */
  async opcoes(db: Db, idestabelecimento: number) {
    const rows = await db
      .selectFrom('opcao')
      .innerJoin('grupoopcao', 'grupoopcao.idgrupoopcao', 'opcao.idgrupoopcao')
      .select(['opcao.idopcao', 'opcao.descricao', 'grupoopcao.descricao as grupo', 'opcao.stindisponivel'])
      .where('opcao.stindisponivel', 'in', [0, 1])
      .where('opcao.idgrupoopcao', 'in', (eb) =>
        eb
          .selectFrom('produto_grupoopcao')
          .innerJoin('produto', 'produto.idproduto', 'produto_grupoopcao.idproduto')
          .select('produto_grupoopcao.idgrupoopcao')
          .where('produto.idestabelecimento', '=', idestabelecimento),
      )
      .orderBy('grupoopcao.descricao')
      .orderBy('opcao.ordem')
      .orderBy('opcao.idopcao')
      .execute();
    return rows;
  },

  /** Sets a product's availability; false when it is not this establishment's (or hidden). */
  async setProdutoDisponibilidade(
    db: Db,
    idestabelecimento: number,
    idproduto: number,
    stindisponivel: 0 | 1,
  ): Promise<boolean> {
    const r = await db
      .updateTable('produto')
      .set({ stindisponivel })
      .where('idproduto', '=', idproduto)
      .where('idestabelecimento', '=', idestabelecimento)
      .where('stindisponivel', 'in', [0, 1])
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /**
   * The establishments whose products use this option's group (an option group may be shared);
   * empty when the option is unknown or hidden.
   */
  async estabelecimentosDaOpcao(db: Db, idopcao: number): Promise<number[]> {
    const rows = await db
      .selectFrom('opcao')
      .innerJoin('produto_grupoopcao', 'produto_grupoopcao.idgrupoopcao', 'opcao.idgrupoopcao')
      .innerJoin('produto', 'produto.idproduto', 'produto_grupoopcao.idproduto')
      .select('produto.idestabelecimento')
      .distinct()
      .where('opcao.idopcao', '=', idopcao)
      .where('opcao.stindisponivel', 'in', [0, 1])
      .execute();
    return rows.map((r) => r.idestabelecimento);
  },

  async setOpcaoDisponibilidade(db: Db, idopcao: number, stindisponivel: 0 | 1): Promise<void> {
    await db.updateTable('opcao').set({ stindisponivel }).where('idopcao', '=', idopcao).execute();
  },

  async config(db: Db, id: number): Promise<string | null | undefined> {
    const r = await db
      .selectFrom('estabelecimento')
      .select('painel_config')
      .where('id', '=', id)
      .executeTakeFirst();
    return r?.painel_config;
  },

  async setConfig(db: Db, id: number, json: string): Promise<void> {
    await db.updateTable('estabelecimento').set({ painel_config: json }).where('id', '=', id).execute();
  },
};
