import type { ColumnType, Generated } from 'kysely';

/**
 * The store: the establishment, its phones, hours, exceptions, delivery areas and fees, payment methods.
 * Written only by modules/establishments (scripts/check-table-owners.mjs); `Database` (db/types.ts) is
 * composed of each owner's tables.
 */
export interface EstabelecimentoTables {
  estabelecimento: EstabelecimentoTable;
  fone: FoneTable;
  horariofuncionamento: HorarioFuncionamentoTable;
  horarioexcecao: HorarioExcecaoTable;
  areaentrega: AreaEntregaTable;
  taxaentrega: TaxaEntregaTable;
  abonotaxaentrega: AbonoTaxaEntregaTable;
  formapgto: FormaPgtoTable;
  /** 0026: the establishment's own host names (modules/establishments/dominio.ts). */
  dominio: DominioTable;
}

/** The delivery establishment (the detalhe's `id`, used in every route) and its company. */
export interface EstabelecimentoTable {
  id: Generated<number>;
  /** The detalhe's inner `estabelecimento.id` (the company record). */
  idpessoa: number;
  apelidooufantasia: string;
  nomeourazaosocial: string;
  /** The detalhe's own `logo`. */
  logo: string | null;
  /** The inner `estabelecimento.logo`. */
  logopessoa: string | null;
  imgpessoa: string | null;
  rua: string;
  numero: string;
  bairro: string;
  complemento: string | null;
  cep: string;
  cidade: string;
  uf_descricao: string;
  uf_sigla: string;
  lojaaberta: number;
  previsaoentregamin: number;
  previsaoentregamax: number;
  /** Cents. */
  pedidominimo: number;
  /** Bumped by every write to the menu tables; the menu cache keys on it. */
  menu_versao: Generated<number>;
  /** 0008: closed from the panel until this ISO instant, then open again by itself; null = no reopening set. */
  reabrir_em: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0008: the panel's settings (JSON of the domain's PainelConfig); null = defaults. */
  painel_config: ColumnType<string | null, string | null | undefined, string | null>;
  /** The store's point (panel: CEP lookup and geocoding), null until placed. */
  lat: ColumnType<number | null, number | null | undefined, number | null>;
  lng: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * 0020: 1 = public (its menu, detail and orders); 0 = a restaurant signed up in the panel while
   * APROVACAO_ESTABELECIMENTOS is on, waiting for the platform operator's `estabelecimento-aprovar`.
   * Written as 1 when omitted.
   */
  aprovado: ColumnType<number, number | undefined, number>;
  /** 0034: contact data of the Open Delivery merchant document; null until the owner gives them. */
  cnpj: ColumnType<string | null, string | null | undefined, string | null>;
  email_contato: ColumnType<string | null, string | null | undefined, string | null>;
  whatsapp: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface FoneTable {
  id: Generated<number>;
  idestabelecimento: number;
  numero: string;
  ordem: number;
}

export interface HorarioFuncionamentoTable {
  id: Generated<number>;
  idestabelecimento: number;
  /** 0 Sunday … 6 Saturday. */
  diadasemana: number;
  /** 'HH:MM:SS'. */
  abertura: string;
  /** 'HH:MM:SS'; at or before abertura runs past midnight (equal: 24 hours). */
  fechamento: string;
}

/** A date's own hours (holidays): they replace its weekday's; null abertura = closed all day. */
export interface HorarioExcecaoTable {
  id: Generated<number>;
  idestabelecimento: number;
  /** 'YYYY-MM-DD' on the store's wall clock. */
  data: string;
  /** 'HH:MM:SS' or null (closed). */
  abertura: string | null;
  fechamento: string | null;
}

export interface AreaEntregaTable {
  idareaentrega: Generated<number>;
  idestabelecimento: number;
  center_lat: number;
  center_lng: number;
  /** Metres. */
  raio: number;
  /** Cents; null = not delivered to. */
  taxaentrega: number | null;
  /** Cents; null = no waiver. */
  valorminimo: number | null;
}

export interface TaxaEntregaTable {
  id: Generated<number>;
  idestabelecimento: number;
  bairro: string;
  cidade: string;
  uf: string;
  /** Cents. */
  valor: number;
}

export interface AbonoTaxaEntregaTable {
  id: Generated<number>;
  idtaxaentrega: number;
  /** Cents. */
  valorminimo: number;
}

export interface FormaPgtoTable {
  idformapgto: Generated<number>;
  idestabelecimento: number;
  descricao: string;
  sttipopgto: number;
  /** 0015: 1 = offered under 'Pagar na entrega'. */
  na_entrega: Generated<number>;
  /** 0015: 1 = offered under 'Pagar online' (never for cash, sttipopgto 0). */
  online: Generated<number>;
}

/** 0026: a host name of the establishment (`pedidos.saboradavila.com.br`), stored normalised. */
export interface DominioTable {
  id: Generated<number>;
  idestabelecimento: number;
  /** Lowercase, punycode, no port, no trailing dot: unique across the install. */
  host: string;
  /** ISO instant. */
  criado_em: string;
}
