import type { ColumnType, Generated } from 'kysely';

/**
 * The menu: groups, products, option groups, their links to products, options.
 * Written only by modules/menu (scripts/check-table-owners.mjs); `Database` (db/types.ts) is
 * composed of each owner's tables.
 */
export interface CardapioTables {
  grupomenu: GrupoMenuTable;
  produto: ProdutoTable;
  grupoopcao: GrupoOpcaoTable;
  produto_grupoopcao: ProdutoGrupoOpcaoTable;
  opcao: OpcaoTable;
}

export interface GrupoMenuTable {
  idgrupo: Generated<number>;
  idestabelecimento: number;
  descricao: string;
  ordem: number;
}

export interface ProdutoTable {
  idproduto: Generated<number>;
  idgrupo: number;
  idestabelecimento: number;
  descricao: string;
  detalhe: string | null;
  imagem: string | null;
  /** Cents. */
  preco: number;
  /** Cents; an offer when 0 < precooferta < preco. */
  precooferta: number;
  /** 0 available, 1 unavailable, 2 hidden. */
  stindisponivel: number;
  quantidade: number;
  observacoes: string | null;
  ordem: number;
}

/** An option group; products reach it through produto_grupoopcao (a group may be shared). */
export interface GrupoOpcaoTable {
  idgrupoopcao: Generated<number>;
  descricao: string;
  multiplo: number;
  qtdinclusa: number;
  qtdmultiplomin: number;
  qtdmultiplomax: number;
  stprecopraticado: number;
  stnegagrupoopcao: number;
  stindisponivel: number;
  /** 0009: the owner (a group may be linked to several products, or to none yet); null for rows seeded without it. */
  idestabelecimento: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ProdutoGrupoOpcaoTable {
  idproduto: number;
  idgrupoopcao: number;
  ordem: number;
}

export interface OpcaoTable {
  idopcao: Generated<number>;
  idgrupoopcao: number;
  descricao: string;
  detalhe: string | null;
  quantidade: number;
  qtdpadrao: number;
  qtdmax: number;
  /** Cents. */
  preco: number;
  /** Cents. */
  precooferta: number;
  stindisponivel: number;
  /** Cents. */
  valorafetatudo: number;
  /** Cents, or percent when stpercentualafetaopcao ≠ 0. */
  valorafetaopcao: number;
  /** Cents, or percent when stpercentualafetaproduto ≠ 0. */
  valorafetaproduto: number;
  stpercentualafetaopcao: number;
  stpercentualafetaproduto: number;
  ordem: number;
}
