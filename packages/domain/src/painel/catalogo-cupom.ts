// Coupons and the audit log (the back office's contract, catalogo.ts).
import { z } from 'zod/mini';
import { MAX_CUPOM_CODIGO } from '../cupom.ts';
import { M, MAX_ID, centavos, issue, MAX_CENTAVOS, idCatalogoSchema } from './catalogo-campos.ts';
// ---------------------------------------------------------------------------------------------
// Coupons

/**
 * POST/PUT …/cupons/. Percent: `desconto` is the percentage (0 < x ≤ 100, two decimals). Fixed:
 * `desconto` in cents. `limitedesconto` (cap) and `subtotalminimo` in cents, 0 = none. Dates ISO
 * with offset, null = open-ended. Limits null = unlimited.
 */
export const cupomInputSchema = z
  .object({
    codigo: z.pipe(
      z.string(M.codigoCupomInvalido).check(
        // Empty: the field's own 'fill me in', not the rule for what a code may hold.
        z.refine((v) => v.trim().length > 0, { error: M.obrigatorio, abort: true }),
        z.refine((v) => {
          const c = v.trim().toUpperCase();
          return c.length <= MAX_CUPOM_CODIGO && /^[A-Z0-9_-]+$/.test(c);
        }, M.codigoCupomInvalido),
      ),
      z.transform((v) => v.trim().toUpperCase()),
    ),
    ehpercentual: z.boolean(M.valorInvalido),
    desconto: z.number(M.valorInvalido),
    limitedesconto: z.optional(centavos),
    subtotalminimo: z.optional(centavos),
    valido_de: z.optional(z.nullable(z.iso.datetime({ offset: true, error: M.dataInvalida }))),
    valido_ate: z.optional(z.nullable(z.iso.datetime({ offset: true, error: M.dataInvalida }))),
    limite_total: z.optional(
      z.nullable(
        z
          .int(M.limiteUsosInvalido)
          .check(z.minimum(1, M.limiteUsosInvalido), z.maximum(MAX_ID, M.limiteUsosInvalido)),
      ),
    ),
    limite_por_cliente: z.optional(
      z.nullable(
        z
          .int(M.limiteUsosInvalido)
          .check(z.minimum(1, M.limiteUsosInvalido), z.maximum(MAX_ID, M.limiteUsosInvalido)),
      ),
    ),
    ativo: z.optional(z.boolean(M.valorInvalido)),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.ehpercentual) {
        const ok =
          v.desconto > 0 &&
          v.desconto <= 100 &&
          Math.abs(Math.round(v.desconto * 100) - v.desconto * 100) < 1e-6;
        if (!ok) issue(ctx, ['desconto'], M.descontoPercentualInvalido);
      } else if (!Number.isInteger(v.desconto) || v.desconto <= 0 || v.desconto > MAX_CENTAVOS) {
        issue(ctx, ['desconto'], M.descontoFixoInvalido);
      }
      if (v.valido_de && v.valido_ate && Date.parse(v.valido_ate) <= Date.parse(v.valido_de))
        issue(ctx, ['valido_ate'], M.validadeInvertida);
    }),
  );
export type CupomInput = z.infer<typeof cupomInputSchema>;

export const cupomPainelSchema = z.object({
  id: idCatalogoSchema,
  codigo: z.string(),
  ehpercentual: z.boolean(),
  desconto: z.number(),
  limitedesconto: z.int(),
  subtotalminimo: z.int(),
  valido_de: z.nullable(z.string()),
  valido_ate: z.nullable(z.string()),
  limite_total: z.nullable(z.int()),
  limite_por_cliente: z.nullable(z.int()),
  ativo: z.boolean(),
  criado_em: z.string(),
  /** Orders that used it. */
  usos: z.int(),
});
export type CupomPainel = z.infer<typeof cupomPainelSchema>;
export const cuponsPainelSchema = z.array(cupomPainelSchema);

// ---------------------------------------------------------------------------------------------
// Audit log

/** GET …/auditoria/?antes={id}: newest first, 50 per page. */
export const auditoriaSchema = z.object({
  itens: z.array(
    z.object({
      id: idCatalogoSchema,
      idfuncionario: z.nullable(z.int()),
      funcionario: z.nullable(z.string()),
      /** 'estabelecimento' | 'horarios' | 'area' | 'taxa_bairro' | 'formas_pgto' | 'categoria' | 'produto' | 'grupo_opcao' | 'opcao' | 'cupom' | 'cardapio' */
      entidade: z.string(),
      identidade: z.nullable(z.int()),
      /** 'criar' | 'alterar' | 'excluir' | 'ordenar' | 'duplicar' | 'vincular' | 'desvincular' | 'importar' | 'imagem' | 'desativar' (a used coupon) */
      acao: z.string(),
      dados: z.unknown(),
      criado_em: z.string(),
    }),
  ),
  /** Pass as ?antes= for the next page; null at the end. */
  proximo: z.nullable(z.int()),
});
export type Auditoria = z.infer<typeof auditoriaSchema>;
