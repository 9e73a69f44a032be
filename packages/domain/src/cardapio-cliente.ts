/**
 * The menu as the back office keeps it (the tables' rows, the panel's editors and drafts: money in
 * cents, flags as numbers) turned into the customer's menu shape (the spec's GET …/menu/: product
 * money in reais, option money in cents, `multiplo` a boolean). The one conversion: the server's
 * menu read and export and the panel's live preview all use it, so the preview shows what the
 * customer's menu will serve.
 *
 * Availability and price-mode numbers pass as they are: the server checks what it serves against
 * `menuSchema`, and a caller that wants them narrowed first does so itself.
 */
import { centsToReais } from './money.ts';
import type { GrupoOpcao, Opcao, Produto } from './schemas.ts';

/**
 * An option of the back office (a row of `opcao`, the panel's OpcaoPainel): the contract's
 * fields, money in cents, its availability a plain number; `quantidade` absent in the panel's.
 */
export type OpcaoCadastrada = Omit<Opcao, 'quantidade' | 'stindisponivel'> & {
  quantidade?: number;
  stindisponivel: number;
};

/** An option group of the back office (a row of `grupoopcao`, the panel's GrupoOpcaoPainel). */
export type GrupoOpcaoCadastrado = Omit<
  GrupoOpcao,
  'multiplo' | 'stprecopraticado' | 'stindisponivel' | 'opcoes'
> & {
  /** The table's 0/1 or the panel's boolean. */
  multiplo: number | boolean;
  stprecopraticado: number;
  stindisponivel: number;
};

/**
 * A product of the back office (a row of `produto`, the panel's ProdutoPainel): prices in cents;
 * `quantidade` and `observacoes` absent in the panel's (0 and null).
 */
export type ProdutoCadastrado = Omit<
  Produto,
  'stindisponivel' | 'quantidade' | 'observacoes' | 'grupoopcoes'
> & {
  stindisponivel: number;
  quantidade?: number;
  observacoes?: string | null;
};

/** An option as the customer's menu serves it (its money stays in cents). */
export function toOpcao(o: OpcaoCadastrada): Opcao {
  return {
    idopcao: o.idopcao,
    descricao: o.descricao,
    detalhe: o.detalhe,
    quantidade: o.quantidade ?? 0,
    qtdpadrao: o.qtdpadrao,
    qtdmax: o.qtdmax,
    preco: o.preco,
    precooferta: o.precooferta,
    stindisponivel: o.stindisponivel as Opcao['stindisponivel'],
    valorafetatudo: o.valorafetatudo,
    valorafetaopcao: o.valorafetaopcao,
    valorafetaproduto: o.valorafetaproduto,
    stpercentualafetaopcao: o.stpercentualafetaopcao,
    stpercentualafetaproduto: o.stpercentualafetaproduto,
  };
}

/** An option group as the customer's menu serves it, with its options already converted (toOpcao). */
export function toGrupoOpcao(g: GrupoOpcaoCadastrado, opcoes: Opcao[]): GrupoOpcao {
  return {
    idgrupoopcao: g.idgrupoopcao,
    descricao: g.descricao,
    multiplo: typeof g.multiplo === 'boolean' ? g.multiplo : g.multiplo !== 0,
    qtdinclusa: g.qtdinclusa,
    qtdmultiplomin: g.qtdmultiplomin,
    qtdmultiplomax: g.qtdmultiplomax,
    stprecopraticado: g.stprecopraticado as GrupoOpcao['stprecopraticado'],
    stnegagrupoopcao: g.stnegagrupoopcao,
    stindisponivel: g.stindisponivel as GrupoOpcao['stindisponivel'],
    opcoes,
  };
}

/**
 * A product as the customer's menu serves it (its prices in reais), with its option groups
 * already converted (toGrupoOpcao), in the order the customer sees them.
 */
export function toProduto(p: ProdutoCadastrado, grupoopcoes: GrupoOpcao[]): Produto {
  return {
    idproduto: p.idproduto,
    descricao: p.descricao,
    detalhe: p.detalhe,
    imagem: p.imagem,
    preco: centsToReais(p.preco),
    precooferta: centsToReais(p.precooferta),
    stindisponivel: p.stindisponivel as Produto['stindisponivel'],
    quantidade: p.quantidade ?? 0,
    observacoes: p.observacoes ?? null,
    grupoopcoes,
  };
}
