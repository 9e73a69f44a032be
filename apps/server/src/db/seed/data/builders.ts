import { GRUPO_OPCAO_PADRAO, OPCAO_PADRAO, type GrupoOpcao, type Opcao, type Produto } from '@rango/domain';

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
  return { ...OPCAO_PADRAO, descricao, preco, ...extra };
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
    ...GRUPO_OPCAO_PADRAO,
    idgrupoopcao,
    descricao,
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
