/**
 * Reports' cached past days.
 * Written only by modules/reports (scripts/check-table-owners.mjs); `Database` (db/types.ts) is
 * composed of each owner's tables.
 */
export interface RelatorioTables {
  relatorio_dia: RelatorioDiaTable;
}

/** 0013: a past day's report aggregates (modules/reports), removed by triggers when they change. */
export interface RelatorioDiaTable {
  idestabelecimento: number;
  /** 'YYYY-MM-DD' in São Paulo. */
  dia: string;
  /** The day's instants [inicio, fim) as dthrpedido stores them. */
  inicio: string;
  fim: string;
  dados: string;
  criado_em: string;
}
