import { z } from 'zod/mini';
import type { $ZodCheck, $ZodType } from 'zod/v4/core';
import { MSG } from '../messages.ts';
import {
  grupoOpcaoInputSchema,
  grupoOpcaoPainelSchema,
  opcaoInputSchema,
  produtoInputSchema,
  produtoPainelSchema,
} from './catalogo-cardapio.ts';
import type { GrupoOpcaoInput, OpcaoInput, ProdutoInput } from './catalogo-cardapio.ts';
import { M } from './catalogo-campos.ts';

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

const objeto = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);
/** The editor's id of a group or an option: a server id, or a negative one for a new row. */
export const idDoEditor = (x: unknown): x is number =>
  typeof x === 'number' && Number.isSafeInteger(x) && x !== 0;
const idEditorSchema = z.number(M.valorInvalido).check(z.refine(idDoEditor, M.valorInvalido));

/** A part's own rules (its schema's checks: an offer above the price, a minimum above the maximum…). */
const regras = (schema: $ZodType) => (schema._zod.def.checks ?? []) as $ZodCheck<unknown>[];

/** The editors' ids found in a list (the ones that are ids), for the repeats. */
function repetidos(lista: unknown, chave: string): boolean {
  if (!Array.isArray(lista)) return false;
  const ids = lista.flatMap((x) => (objeto(x) && idDoEditor(x[chave]) ? [x[chave]] : []));
  return new Set(ids).size !== ids.length;
}
// Repeated ids are refused even beside other refusals (all of them go back at once).
const sempre = { when: () => true };

/** Most groups on one product: the product editor's limit of linked groups. */
export const MAX_GRUPOS_PRODUTO = 50;

/**
 * The whole body of the save, for the route's validar() and its OpenAPI contract: each part is
 * its editor's schema (fields, texts and rules) with its id; a part that is not an object, or
 * 'opcoes' that is not a list, is M.valorInvalido under its path; a repeated group id is refused
 * on 'produto.grupoopcoes' (where the product editor refuses repeated links), a repeated option
 * id on its group's 'opcoes'. A body without a product object and a groups list is malformed as a
 * whole (salvarProdutoEnvelopeSchema, checked first).
 */
export const salvarOpcaoInputSchema = z
  .object({ ...opcaoInputSchema.shape, idopcao: idEditorSchema }, M.valorInvalido)
  .check(...regras(opcaoInputSchema));
export const salvarGrupoInputSchema = z
  .object(
    {
      ...grupoOpcaoInputSchema.shape,
      idgrupoopcao: idEditorSchema,
      opcoes: z
        .array(salvarOpcaoInputSchema, M.valorInvalido)
        .check(z.refine((l) => !repetidos(l, 'idopcao'), { error: M.idsRepetidos, ...sempre })),
    },
    M.valorInvalido,
  )
  .check(...regras(grupoOpcaoInputSchema));
const { grupoopcoes: _links, ...camposProduto } = produtoInputSchema.shape;
export const salvarProdutoInputSchema = z
  .object({
    /** Absent or null: a new product. */
    idproduto: z.optional(z.nullable(z.int().check(z.positive()))),
    produto: z.object(camposProduto, M.valorInvalido).check(...regras(produtoInputSchema)),
    grupos: z.array(salvarGrupoInputSchema, M.valorInvalido),
  })
  .check(
    z.refine((v) => !repetidos(v.grupos, 'idgrupoopcao'), {
      error: M.idsRepetidos,
      path: ['produto', 'grupoopcoes'],
      ...sempre,
    }),
    z.refine((v) => !Array.isArray(v.grupos) || v.grupos.length <= MAX_GRUPOS_PRODUTO, {
      error: M.listaLonga,
      path: ['produto', 'grupoopcoes'],
      ...sempre,
    }),
  );

/** What the save needs before its schema: an object with a product object and a groups list. */
export const salvarProdutoEnvelopeSchema = z.custom<{ idproduto?: unknown }>(
  (v: unknown) => objeto(v) && objeto(v.produto) && Array.isArray(v.grupos),
  MSG.requisicaoMalFormada,
);

/** The answer: the product and its groups as saved (server ids), in the body's order. */
export const salvarProdutoResultadoSchema = z.object({
  produto: produtoPainelSchema,
  gruposopcao: z.array(grupoOpcaoPainelSchema),
});
export type SalvarProdutoResultado = z.infer<typeof salvarProdutoResultadoSchema>;
