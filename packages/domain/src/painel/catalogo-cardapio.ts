// The menu's editors: categories, products, option groups, options (the back office's contract, catalogo.ts).
import { z } from 'zod/mini';
import {
  M,
  centavos,
  quantidade,
  simNao,
  precoPraticado,
  texto,
  textoOpcional,
  issue,
  MAX_CENTAVOS,
  idCatalogoSchema,
  disponibilidadeCatalogoSchema,
} from './catalogo-campos.ts';
// ---------------------------------------------------------------------------------------------
// Menu: categories, products, option groups, options

/** POST/PUT …/categorias/ */
export const categoriaInputSchema = z.object({ descricao: texto(80) });
export type CategoriaInput = z.infer<typeof categoriaInputSchema>;

/** PUT …/categorias/ordem/, …/categorias/{idgrupo}/produtos/ordem/, …/produtos/{id}/grupos/ordem/, …/grupos-opcao/{id}/opcoes/ordem/: every id once, in the new order. */
export const ordemInputSchema = z
  .object({ ids: z.array(idCatalogoSchema, M.valorInvalido).check(z.maxLength(5000, M.listaLonga)) })
  .check(
    z.superRefine((v, ctx) => {
      if (new Set(v.ids).size !== v.ids.length) issue(ctx, ['ids'], M.idsRepetidos);
    }),
  );
export type OrdemInput = z.infer<typeof ordemInputSchema>;

/**
 * A product's description ('detalhe'). The menu import checks the product's notes
 * ('observacoes', which no editor writes) with it too: the same limit for the same kind of text.
 */
export const detalheProdutoSchema = textoOpcional(1000);
/** A quantity of the editors (0–999); the import checks the menu's `quantidade` fields with it. */
export const quantidadeCatalogoSchema = quantidade;

/** POST/PUT …/produtos/: prices in cents. `grupoopcoes`, when sent, replaces the linked groups in that order. */
export const produtoInputSchema = z
  .object({
    idgrupo: idCatalogoSchema,
    descricao: texto(120),
    detalhe: z.optional(detalheProdutoSchema),
    preco: centavos,
    /** 0 = no offer; else below preco. */
    precooferta: z.optional(centavos),
    stindisponivel: z.optional(disponibilidadeCatalogoSchema),
    grupoopcoes: z.optional(z.array(idCatalogoSchema, M.valorInvalido).check(z.maxLength(50, M.listaLonga))),
  })
  .check(
    z.superRefine((v, ctx) => {
      if ((v.precooferta ?? 0) > 0 && (v.precooferta ?? 0) >= v.preco)
        issue(ctx, ['precooferta'], M.ofertaAcimaDoPreco);
      if (v.grupoopcoes && new Set(v.grupoopcoes).size !== v.grupoopcoes.length)
        issue(ctx, ['grupoopcoes'], M.idsRepetidos);
    }),
  );
export type ProdutoInput = z.infer<typeof produtoInputSchema>;

/** POST/PUT …/grupos-opcao/: a group, reusable in several products. */
export const grupoOpcaoInputSchema = z
  .object({
    descricao: texto(80),
    /** true: a quantity stepper per option; false: each option once at most. */
    multiplo: z.boolean(M.valorInvalido),
    /** Mode 0 only: this many of the cheapest chosen units are free. */
    qtdinclusa: quantidade,
    /** 0 = optional. */
    qtdmultiplomin: quantidade,
    /** 0 = no limit. */
    qtdmultiplomax: quantidade,
    stprecopraticado: precoPraticado,
    /** 1: a leave-out group ('Sem cebola'); its options cost nothing. */
    stnegagrupoopcao: simNao,
    stindisponivel: z.optional(disponibilidadeCatalogoSchema),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.qtdmultiplomax > 0 && v.qtdmultiplomin > v.qtdmultiplomax)
        issue(ctx, ['qtdmultiplomin'], M.minimoAcimaDoMaximo);
      if (v.qtdinclusa > 0 && v.stprecopraticado !== 0) issue(ctx, ['qtdinclusa'], M.inclusaSoNormal);
      else if (v.qtdmultiplomax > 0 && v.qtdinclusa > v.qtdmultiplomax)
        issue(ctx, ['qtdinclusa'], M.inclusaAcimaDoMaximo);
    }),
  );
export type GrupoOpcaoInput = z.infer<typeof grupoOpcaoInputSchema>;

/** A money adjustment (cents) or, with its flag, a percent with up to two decimals. */
function ajusteValido(valor: number, percentual: number): boolean {
  if (percentual !== 0)
    return valor >= -100 && valor <= 1000 && Math.abs(Math.round(valor * 100) - valor * 100) < 1e-6;
  return Number.isInteger(valor) && Math.abs(valor) <= MAX_CENTAVOS;
}

/** POST/PUT …/grupos-opcao/{idgrupoopcao}/opcoes/: prices and money adjustments in cents. */
export const opcaoInputSchema = z
  .object({
    descricao: texto(80),
    detalhe: z.optional(textoOpcional(500)),
    /** Units pre-applied when the drawer opens. */
    qtdpadrao: z.optional(quantidade),
    /** Most units of this option in one item; 0 = no own limit. */
    qtdmax: z.optional(quantidade),
    preco: centavos,
    /** 0 = no offer; else below preco. */
    precooferta: z.optional(centavos),
    stindisponivel: z.optional(disponibilidadeCatalogoSchema),
    /** Cents added to the item's unit price once (may be negative). */
    valorafetatudo: z.optional(
      z
        .int(M.ajusteInvalido)
        .check(z.minimum(-MAX_CENTAVOS, M.ajusteInvalido), z.maximum(MAX_CENTAVOS, M.ajusteInvalido)),
    ),
    /** Cents, or percent when stpercentualafetaopcao = 1: changes every other chosen option's unit price. */
    valorafetaopcao: z.optional(z.number(M.ajusteInvalido)),
    stpercentualafetaopcao: z.optional(simNao),
    /** Cents, or percent when stpercentualafetaproduto = 1: changes the product's base once. */
    valorafetaproduto: z.optional(z.number(M.ajusteInvalido)),
    stpercentualafetaproduto: z.optional(simNao),
  })
  .check(
    z.superRefine((v, ctx) => {
      if ((v.precooferta ?? 0) > 0 && (v.precooferta ?? 0) >= v.preco)
        issue(ctx, ['precooferta'], M.ofertaAcimaDoPreco);
      const max = v.qtdmax ?? 0;
      if (max > 0 && (v.qtdpadrao ?? 0) > max) issue(ctx, ['qtdpadrao'], M.padraoAcimaDoMaximo);
      const po = v.stpercentualafetaopcao ?? 0;
      if (!ajusteValido(v.valorafetaopcao ?? 0, po))
        issue(ctx, ['valorafetaopcao'], po ? M.percentualAjusteInvalido : M.ajusteInvalido);
      const pp = v.stpercentualafetaproduto ?? 0;
      if (!ajusteValido(v.valorafetaproduto ?? 0, pp))
        issue(ctx, ['valorafetaproduto'], pp ? M.percentualAjusteInvalido : M.ajusteInvalido);
    }),
  );
export type OpcaoInput = z.infer<typeof opcaoInputSchema>;

/** …/produtos/{idproduto}/grupos/: link a group at the end (or at `posicao`, 0-based). */
export const vincularGrupoInputSchema = z.object({
  idgrupoopcao: idCatalogoSchema,
  posicao: z.optional(z.int(M.valorInvalido).check(z.minimum(0, M.valorInvalido))),
});
export type VincularGrupoInput = z.infer<typeof vincularGrupoInputSchema>;

/** Read shapes (GET …/cardapio/ and each write's answer). Money in cents. */
export const opcaoPainelSchema = z.object({
  idopcao: idCatalogoSchema,
  idgrupoopcao: idCatalogoSchema,
  descricao: z.string(),
  detalhe: z.nullable(z.string()),
  qtdpadrao: z.int(),
  qtdmax: z.int(),
  preco: z.int(),
  precooferta: z.int(),
  stindisponivel: z.int(),
  valorafetatudo: z.int(),
  valorafetaopcao: z.number(),
  stpercentualafetaopcao: z.int(),
  valorafetaproduto: z.number(),
  stpercentualafetaproduto: z.int(),
  ordem: z.int(),
});
export type OpcaoPainel = z.infer<typeof opcaoPainelSchema>;

export const grupoOpcaoPainelSchema = z.object({
  idgrupoopcao: idCatalogoSchema,
  descricao: z.string(),
  multiplo: z.boolean(),
  qtdinclusa: z.int(),
  qtdmultiplomin: z.int(),
  qtdmultiplomax: z.int(),
  stprecopraticado: z.int(),
  stnegagrupoopcao: z.int(),
  stindisponivel: z.int(),
  opcoes: z.array(opcaoPainelSchema),
  /** The products that use this group (its reuse). */
  produtos: z.array(idCatalogoSchema),
});
export type GrupoOpcaoPainel = z.infer<typeof grupoOpcaoPainelSchema>;

export const produtoPainelSchema = z.object({
  idproduto: idCatalogoSchema,
  idgrupo: idCatalogoSchema,
  descricao: z.string(),
  detalhe: z.nullable(z.string()),
  imagem: z.nullable(z.string()),
  preco: z.int(),
  precooferta: z.int(),
  stindisponivel: z.int(),
  ordem: z.int(),
  /** Linked option groups, in the order the customer sees them. */
  grupoopcoes: z.array(idCatalogoSchema),
});
export type ProdutoPainel = z.infer<typeof produtoPainelSchema>;

export const categoriaPainelSchema = z.object({
  idgrupo: idCatalogoSchema,
  descricao: z.string(),
  ordem: z.int(),
});
export type CategoriaPainel = z.infer<typeof categoriaPainelSchema>;

/** GET …/cardapio/: everything the menu editors need in one read. */
export const cardapioPainelSchema = z.object({
  menu_versao: z.int(),
  categorias: z.array(z.object({ ...categoriaPainelSchema.shape, produtos: z.array(produtoPainelSchema) })),
  gruposopcao: z.array(grupoOpcaoPainelSchema),
});
export type CardapioPainel = z.infer<typeof cardapioPainelSchema>;

/**
 * A group's problems that need its options (the server checks them on every write that could
 * cause one, the editor shows them): a Kit without an available option; a minimum above what
 * the available options allow; an option's default or maximum above 1 in a group without
 * quantities.
 */
export function problemasGrupo(
  g: Pick<GrupoOpcaoInput, 'multiplo' | 'qtdmultiplomin' | 'stprecopraticado'>,
  opcoes: readonly {
    stindisponivel?: number | undefined;
    qtdpadrao?: number | undefined;
    qtdmax?: number | undefined;
  }[],
): { campo: string; msg: string }[] {
  const out: { campo: string; msg: string }[] = [];
  const disponiveis = opcoes.filter((o) => (o.stindisponivel ?? 0) === 0);
  if (g.stprecopraticado === 10 && disponiveis.length === 0)
    out.push({ campo: 'stprecopraticado', msg: M.kitSemOpcoes });
  if (g.qtdmultiplomin > 0 && (opcoes.length === 0 || (!g.multiplo && g.qtdmultiplomin > opcoes.length)))
    out.push({ campo: 'qtdmultiplomin', msg: M.minimoInalcancavel });
  if (!g.multiplo && opcoes.some((o) => (o.qtdpadrao ?? 0) > 1))
    out.push({ campo: 'qtdpadrao', msg: M.padraoNaoMultiplo });
  if (!g.multiplo && opcoes.some((o) => (o.qtdmax ?? 0) > 1))
    out.push({ campo: 'qtdmax', msg: M.maximoNaoMultiplo });
  return out;
}
