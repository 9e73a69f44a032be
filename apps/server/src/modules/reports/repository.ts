import { STATUS } from '@rango/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';

/** Statuses that are not sales: cancelled, or still awaiting the online payment. */
export const STATUS_CANCELADOS = [STATUS.Cancelado, STATUS.CancelamentoSincronizado] as const;
export const STATUS_FORA_DAS_VENDAS = [STATUS.PgtoPendente, ...STATUS_CANCELADOS] as const;

/** A period as stored instants: dthrpedido in [inicio, fim) (ISO-8601 UTC text, compared as text). */
export interface Periodo {
  idestabelecimento: number;
  inicio: string;
  fim: string;
}

/** One group of the period's orders: by status, type, payment method and hour (São Paulo). */
export interface GrupoPedidos {
  status: number;
  tipo: 'DELIVERY' | 'TOGO';
  formapgto: string | null;
  hora: number;
  pedidos: number;
  valor: number;
}

export interface LinhaItemRow {
  id: number;
  descricao: string;
  quantidade: number;
  receita: number;
  /** Rank by quantity, and by revenue (1 = first). */
  rq: number;
  rv: number;
}

export interface EstornoRow {
  estado: string;
  pagamentos: number;
  valor: number;
}

/**
 * The hour of day in São Paulo of an ISO-8601 UTC instant stored as text: its 'HH' minus 3
 * (UTC−3 all year since 2019, as domain/store-hours.ts). The same SQL on SQLite and PostgreSQL,
 * and no date parsing per row.
 */
const horaSaoPaulo = sql<number>`(cast(substr(dthrpedido, 12, 2) as integer) + 21) % 24`;

/** PostgreSQL answers count/sum as bigint strings; SQLite as numbers. */
const n = (v: unknown): number => Number(v ?? 0);

/**
 * The report's SQL: every figure aggregated by the database over one index range of the period
 * (pedido_relatorio_idx, pedido_item*_relatorio_idx; migration 0011). Nothing per order comes back.
 */
export const reportsRepository = {
  async gruposPedidos(db: Db, p: Periodo): Promise<GrupoPedidos[]> {
    const rows = await db
      .selectFrom('pedido')
      .select([
        'status',
        'tipo',
        'formapgto',
        horaSaoPaulo.as('hora'),
        (eb) => eb.fn.countAll().as('pedidos'),
        (eb) => eb.fn.sum('total').as('valor'),
      ])
      .where('idestabelecimento', '=', p.idestabelecimento)
      .where('dthrpedido', '>=', p.inicio)
      .where('dthrpedido', '<', p.fim)
      .groupBy(['status', 'tipo', 'formapgto', sql`(cast(substr(dthrpedido, 12, 2) as integer) + 21) % 24`])
      .execute();
    return rows.map((r) => ({
      status: r.status,
      tipo: r.tipo,
      formapgto: r.formapgto,
      hora: n(r.hora),
      pedidos: n(r.pedidos),
      valor: n(r.valor),
    }));
  },

  /**
   * The first `top` products (by id) or options (by name) by units and by revenue among the
   * period's sales: one aggregate, ranked twice. Orders out of the sales (cancelled, awaiting payment) are left out
   * by their ids (few, from the order index).
   */
  async topItens(db: Db, p: Periodo, qual: 'produto' | 'opcao', top: number): Promise<LinhaItemRow[]> {
    const fora = sql.join(STATUS_FORA_DAS_VENDAS.map((s) => sql.lit(s)));
    // A product by its id; an option by its name: menus repeat the same option ('Bacon') in a
    // group of each product, one id per copy, and the owner sells one 'Bacon'.
    const [tabela, id, descricao, chave] =
      qual === 'produto'
        ? [sql.table('pedido_item'), sql`idproduto`, sql`max(descricao)`, sql`idproduto`]
        : [sql.table('pedido_item_opcao'), sql`min(idopcao)`, sql`descricao`, sql`descricao`];
    const { rows } = await sql<LinhaItemRow>`
      with agg as (
        select ${id} as id, ${descricao} as descricao, sum(quantidade) as quantidade, sum(valor) as receita
        from ${tabela}
        where idestabelecimento = ${p.idestabelecimento} and dthrpedido >= ${p.inicio} and dthrpedido < ${p.fim}
          and idpedido not in (
            select id from pedido
            where idestabelecimento = ${p.idestabelecimento} and dthrpedido >= ${p.inicio}
              and dthrpedido < ${p.fim} and status in (${fora}))
        group by ${chave}
      ), ranked as (
        select id, descricao, quantidade, receita,
          row_number() over (order by quantidade desc, receita desc, id) as rq,
          row_number() over (order by receita desc, quantidade desc, id) as rv
        from agg
      )
      select id, descricao, quantidade, receita, rq, rv from ranked where rq <= ${top} or rv <= ${top}`.execute(
      db,
    );
    return rows.map((r) => ({
      id: n(r.id),
      descricao: r.descricao,
      quantidade: n(r.quantidade),
      receita: n(r.receita),
      rq: n(r.rq),
      rv: n(r.rv),
    }));
  },

  /** Refunded and refund-pending online payments of the period's orders. */
  async estornos(db: Db, p: Periodo): Promise<EstornoRow[]> {
    const rows = await db
      .selectFrom('pagamento as pg')
      .innerJoin('pedido as p', 'p.id', 'pg.idpedido')
      .select([
        'pg.estado',
        (eb) => eb.fn.countAll().as('pagamentos'),
        (eb) => eb.fn.sum('pg.valor').as('valor'),
      ])
      .where('pg.estado', 'in', ['estornado', 'estorno_pendente'])
      .where('p.idestabelecimento', '=', p.idestabelecimento)
      .where('p.dthrpedido', '>=', p.inicio)
      .where('p.dthrpedido', '<', p.fim)
      .groupBy('pg.estado')
      .execute();
    return rows.map((r) => ({ estado: r.estado, pagamentos: n(r.pagamentos), valor: n(r.valor) }));
  },

  async nomeEstabelecimento(db: Db, id: number): Promise<string> {
    const row = await db
      .selectFrom('estabelecimento')
      .select('apelidooufantasia')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.apelidooufantasia ?? '';
  },
};
