import { z } from 'zod/mini';
import { grupoOpcaoPainelSchema, produtoPainelSchema } from './catalogo-cardapio.ts';
import type { GrupoOpcaoInput, OpcaoInput, ProdutoInput } from './catalogo-cardapio.ts';

/**
 * POST …/produtos/salvar/: a product with its option groups and their options, saved as one unit
 * (one transaction, one menu version move, one event, one audit row). Each part is checked with
 * its own editor's schema (produtoInputSchema, grupoOpcaoInputSchema, opcaoInputSchema); a
 * refusal answers each field under its path in this body ('produto.preco',
 * 'grupos.0.descricao', 'grupos.0.opcoes.2.preco') with the separate editors' own texts.
 */
export interface SalvarProdutoInput {
  /** null: a new product. */
  idproduto: number | null;
  /** The product's fields; its linked groups are `grupos`, in that order. */
  produto: Omit<ProdutoInput, 'grupoopcoes'>;
  grupos: SalvarGrupoInput[];
}

/** A group as the product's editor holds it: a negative id is a new group. */
export type SalvarGrupoInput = GrupoOpcaoInput & { idgrupoopcao: number; opcoes: SalvarOpcaoInput[] };

/** An option in its group's order: a negative id is a new option; one left out is removed. */
export type SalvarOpcaoInput = OpcaoInput & { idopcao: number };

/** The answer: the product and its groups as saved (server ids), in the body's order. */
export const salvarProdutoResultadoSchema = z.object({
  produto: produtoPainelSchema,
  gruposopcao: z.array(grupoOpcaoPainelSchema),
});
export type SalvarProdutoResultado = z.infer<typeof salvarProdutoResultadoSchema>;
