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

/**
 * Every row below carries the UTC date of its orders (`dutc`, 'YYYY-MM-DD') and whether they were
 * placed before 03:00 UTC (`madrugada`: still the previous day in São Paulo, UTC−3): the caller
 * turns the pair into the São Paulo day without any date arithmetic in SQL.
 */
export interface ChaveDia {
  dutc: string;
  madrugada: boolean;
}

/** One group of orders: by status, type, payment method and hour (São Paulo). */
export interface GrupoPedidos extends ChaveDia {
  status: number;
  tipo: 'DELIVERY' | 'TOGO';
  formapgto: string | null;
  hora: number;
  /** 0030: the orders' channel ('rango', 'ifood', 'opendelivery'). */
  canal: string;
  pedidos: number;
  valor: number;
}

/** Units and cents of one product (by id) or one option (by name) among the sales. */
export interface ItemRow extends ChaveDia {
  id: number;
  descricao: string;
  quantidade: number;
  receita: number;
}

export interface EstornoRow extends ChaveDia {
  estado: string;
  pagamentos: number;
  valor: number;
}

export interface DiaGuardado {
  dia: string;
  dados: string;
}

const dutc = sql<string>`substr(dthrpedido, 1, 10)`;
const madrugada = sql<number>`case when substr(dthrpedido, 12, 2) < '03' then 1 else 0 end`;
/**
 * The hour of day in São Paulo of an ISO-8601 UTC instant stored as text: its 'HH' minus 3
 * (UTC−3 all year since 2019, as domain/store-hours.ts). The same SQL on both dialects.
 */
const horaSaoPaulo = sql<number>`(cast(substr(dthrpedido, 12, 2) as integer) + 21) % 24`;

/** PostgreSQL answers count/sum as bigint strings; SQLite as numbers. */
const n = (v: unknown): number => Number(v ?? 0);
const chave = (r: { dutc: string; madrugada: unknown }): ChaveDia => ({
  dutc: r.dutc,
  madrugada: n(r.madrugada) === 1,
});

/**
 * The report's SQL: every figure aggregated by the database per day of a period, over index
 * ranges (migrations 0011, 0012); the days already computed are read from relatorio_dia (0013).
 */
export const reportsRepository = {
  async gruposPedidos(db: Db, p: Periodo): Promise<GrupoPedidos[]> {
    const { rows } = await sql<Omit<GrupoPedidos, 'madrugada'> & { madrugada: unknown }>`
      select ${dutc} as dutc, ${madrugada} as madrugada, status, tipo, formapgto, ${horaSaoPaulo} as hora,
        canal, count(*) as pedidos, sum(total) as valor
      from pedido
      where idestabelecimento = ${p.idestabelecimento} and dthrpedido >= ${p.inicio} and dthrpedido < ${p.fim}
      group by ${dutc}, ${madrugada}, status, tipo, formapgto, ${horaSaoPaulo}, canal`.execute(db);
    return rows.map((r) => ({
      ...chave(r),
      status: n(r.status),
      tipo: r.tipo,
      formapgto: r.formapgto,
      hora: n(r.hora),
      canal: r.canal,
      pedidos: n(r.pedidos),
      valor: n(r.valor),
    }));
  },

  /**
   * Products (by id) or options (by name: menus repeat 'Bacon' in a group of each product, one id
   * per copy, and the owner sells one 'Bacon') with their units and cents among the period's
   * sales, per day. Orders out of the sales (cancelled, awaiting payment) are left out by their
   * ids (few, from an index).
   */
  async itens(db: Db, p: Periodo, qual: 'produto' | 'opcao'): Promise<ItemRow[]> {
    const fora = sql.join(STATUS_FORA_DAS_VENDAS.map((s) => sql.lit(s)));
    const [tabela, id, descricao, agrupar] =
      qual === 'produto'
        ? [sql.table('pedido_item'), sql`idproduto`, sql`max(descricao)`, sql`idproduto`]
        : [sql.table('pedido_item_opcao'), sql`min(idopcao)`, sql`descricao`, sql`descricao`];
    const { rows } = await sql<Omit<ItemRow, 'madrugada'> & { madrugada: unknown }>`
      select ${dutc} as dutc, ${madrugada} as madrugada, ${id} as id, ${descricao} as descricao,
        sum(quantidade) as quantidade, sum(valor) as receita
      from ${tabela}
      where idestabelecimento = ${p.idestabelecimento} and dthrpedido >= ${p.inicio} and dthrpedido < ${p.fim}
        and idpedido not in (
          select id from pedido
          where idestabelecimento = ${p.idestabelecimento} and status in (${fora})
            and dthrpedido >= ${p.inicio} and dthrpedido < ${p.fim})
      group by ${dutc}, ${madrugada}, ${agrupar}`.execute(db);
    return rows.map((r) => ({
      ...chave(r),
      id: n(r.id),
      descricao: r.descricao,
      quantidade: n(r.quantidade),
      receita: n(r.receita),
    }));
  },

  /** Refunded and refund-pending online payments of the period's orders, per day. */
  async estornos(db: Db, p: Periodo): Promise<EstornoRow[]> {
    const { rows } = await sql<Omit<EstornoRow, 'madrugada'> & { madrugada: unknown }>`
      select ${dutc} as dutc, ${madrugada} as madrugada, pg.estado as estado, count(*) as pagamentos,
        sum(pg.valor) as valor
      from pagamento pg join pedido p on p.id = pg.idpedido
      where pg.estado in ('estornado', 'estorno_pendente') and p.idestabelecimento = ${p.idestabelecimento}
        and p.dthrpedido >= ${p.inicio} and p.dthrpedido < ${p.fim}
      group by ${dutc}, ${madrugada}, pg.estado`.execute(db);
    return rows.map((r) => ({
      ...chave(r),
      estado: r.estado,
      pagamentos: n(r.pagamentos),
      valor: n(r.valor),
    }));
  },

  /**
   * Online payments paid (not refunded) of the period's orders, per provider: how many, their
   * gross and the platform's fee they carried (0032). Read directly over the period (the
   * payments of an order's day are few; no day cache: a refund changes them any time).
   */
  async pagamentosOnline(
    db: Db,
    p: Periodo,
  ): Promise<{ provedor: string; pagamentos: number; bruto: number; taxa: number }[]> {
    const { rows } = await sql<{ provedor: string; pagamentos: unknown; bruto: unknown; taxa: unknown }>`
      select pg.gateway as provedor, count(*) as pagamentos, sum(pg.valor) as bruto,
        sum(pg.taxa_plataforma) as taxa
      from pagamento pg join pedido p on p.id = pg.idpedido
      where pg.estado = 'pago' and p.idestabelecimento = ${p.idestabelecimento}
        and p.dthrpedido >= ${p.inicio} and p.dthrpedido < ${p.fim}
      group by pg.gateway`.execute(db);
    return rows.map((r) => ({
      provedor: r.provedor,
      pagamentos: n(r.pagamentos),
      bruto: n(r.bruto),
      taxa: n(r.taxa),
    }));
  },

  diasGuardados(db: Db, idestabelecimento: number, de: string, ate: string): Promise<DiaGuardado[]> {
    return db
      .selectFrom('relatorio_dia')
      .select(['dia', 'dados'])
      .where('idestabelecimento', '=', idestabelecimento)
      .where('dia', '>=', de)
      .where('dia', '<=', ate)
      .execute();
  },

  async guardarDias(
    db: Db,
    idestabelecimento: number,
    dias: { dia: string; inicio: string; fim: string; dados: string }[],
  ): Promise<void> {
    const agora = new Date().toISOString();
    for (let i = 0; i < dias.length; i += 200) {
      await db
        .insertInto('relatorio_dia')
        .values(dias.slice(i, i + 200).map((d) => ({ idestabelecimento, ...d, criado_em: agora })))
        .onConflict((oc) => oc.columns(['idestabelecimento', 'dia']).doNothing())
        .execute();
    }
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
