import type { GrupoOpcao, Opcao, Produto } from '@rango/domain';

/**
 * Small builders that fill the wire shapes' many zero fields, so the menu files read like a menu.
 * Ids: a product's option groups are numbered `idproduto * 10 + n` by hand in the menu files, and
 * a group's options get `idgrupoopcao * 100 + position` here, so every id is stable (the app's
 * stored cart keeps them) and unique across the seed by construction; data.test.ts checks it.
 */

export const MEDIA_PRODUTOS = '/api/ead/media/produtos';
export const MEDIA_LOGOS = '/api/ead/media/logos';

export type OpcaoSemId = Omit<Opcao, 'idopcao'>;

/** An option priced in CENTS (option money on the wire is cents). */
export function op(descricao: string, preco = 0, extra: Partial<OpcaoSemId> = {}): OpcaoSemId {
  return {
    descricao,
    detalhe: null,
    quantidade: 0,
    qtdpadrao: 0,
    qtdmax: 0,
    preco,
    precooferta: 0,
    stindisponivel: 0,
    valorafetatudo: 0,
    valorafetaopcao: 0,
    valorafetaproduto: 0,
    stpercentualafetaopcao: 0,
    stpercentualafetaproduto: 0,
    ...extra,
  };
}

export type GrupoConfig = Partial<Omit<GrupoOpcao, 'idgrupoopcao' | 'descricao' | 'opcoes'>>;

export function grupo(
  idgrupoopcao: number,
  descricao: string,
  config: GrupoConfig,
  opcoes: readonly OpcaoSemId[],
): GrupoOpcao {
  if (opcoes.length > 99) throw new Error(`grupo ${idgrupoopcao}: at most 99 options fit its id range`);
  return {
    idgrupoopcao,
    descricao,
    multiplo: false,
    qtdinclusa: 0,
    qtdmultiplomin: 0,
    qtdmultiplomax: 0,
    stprecopraticado: 0,
    stnegagrupoopcao: 0,
    stindisponivel: 0,
    ...config,
    opcoes: opcoes.map((o, i) => ({ idopcao: idgrupoopcao * 100 + i + 1, ...o })),
  };
}

export interface ProdutoExtra {
  /** Reais. */
  precooferta?: number;
  stindisponivel?: Produto['stindisponivel'];
  grupoopcoes?: GrupoOpcao[];
}

/**
 * A product priced in REAIS; `imagem` is the file name (without .svg) under media/produtos,
 * drawn by generate-images.ts, or null for a product without a picture.
 */
export function produto(
  idproduto: number,
  descricao: string,
  detalhe: string | null,
  imagem: string | null,
  preco: number,
  extra: ProdutoExtra = {},
): Produto {
  return {
    idproduto,
    descricao,
    detalhe,
    imagem: imagem === null ? null : `${MEDIA_PRODUTOS}/${imagem}.svg`,
    preco,
    precooferta: extra.precooferta ?? 0,
    stindisponivel: extra.stindisponivel ?? 0,
    quantidade: 0,
    observacoes: null,
    grupoopcoes: extra.grupoopcoes ?? [],
  };
}
