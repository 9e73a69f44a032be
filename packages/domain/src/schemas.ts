/**
 * Zod schemas of every payload of the spec's section 7 that this slice serves.
 * The server validates its answers with them; the app types its calls with them.
 * Field names are the spec's Portuguese wire names.
 *
 * Units on the wire (PRICING.md "Units"): product `preco`/`precooferta` and establishment
 * money (`pedidominimo`, fees, `valorminimo`) are reais with two decimals; option `preco`,
 * `precooferta` and money `valorafeta*` are integer cents.
 */
import { z } from 'zod/mini';

/** Any schema of ours: what the server validates with and the app parses with. */
export type Schema<T> = z.ZodMiniType<T>;

/** 0 available, 1 unavailable (tag), 2 hidden. */
export const disponibilidadeSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type Disponibilidade = z.infer<typeof disponibilidadeSchema>;

/** stprecopraticado: 0 Normal, 1 MenorOpcao, 2 MediaOpcao, 3 MaiorOpcao, 4 DesprezaOpcao, 10 Kit. */
export const PRECO_PRATICADO = {
  Normal: 0,
  MenorOpcao: 1,
  MediaOpcao: 2,
  MaiorOpcao: 3,
  DesprezaOpcao: 4,
  Kit: 10,
} as const;
export const stprecopraticadoSchema = z.union([
  z.literal(0),
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(10),
]);
export type StPrecoPraticado = z.infer<typeof stprecopraticadoSchema>;

const reais = z.number().check(z.nonnegative());
const cents = z.int();

export const opcaoSchema = z.object({
  idopcao: z.int().check(z.positive()),
  descricao: z.string(),
  detalhe: z.nullable(z.string()),
  quantidade: z.int().check(z.nonnegative()),
  /** Pre-applied quantity when the product drawer opens. */
  qtdpadrao: z.int().check(z.nonnegative()),
  /** Most units of this option in one item; 0 = no own limit. */
  qtdmax: z.int().check(z.nonnegative()),
  /** Cents. */
  preco: z.int().check(z.nonnegative()),
  /** Cents; an offer when 0 < precooferta < preco. */
  precooferta: z.int().check(z.nonnegative()),
  stindisponivel: disponibilidadeSchema,
  /** Cents added to the item's unit price once. */
  valorafetatudo: cents,
  /** Cents, or percent when stpercentualafetaopcao ≠ 0, applied to every other chosen option. */
  valorafetaopcao: z.number(),
  /** Cents, or percent when stpercentualafetaproduto ≠ 0, applied to the product base once. */
  valorafetaproduto: z.number(),
  stpercentualafetaopcao: z.int(),
  stpercentualafetaproduto: z.int(),
});
export type Opcao = z.infer<typeof opcaoSchema>;

export const grupoOpcaoSchema = z.object({
  idgrupoopcao: z.int().check(z.positive()),
  descricao: z.string(),
  /** true: each option has a quantity stepper; false: each option is chosen once at most. */
  multiplo: z.boolean(),
  /** Mode 0 only: how many of the cheapest chosen units are free. */
  qtdinclusa: z.int().check(z.nonnegative()),
  /** Least units chosen in the group; 0 = optional. */
  qtdmultiplomin: z.int().check(z.nonnegative()),
  /** Most units chosen in the group; 0 = no limit. */
  qtdmultiplomax: z.int().check(z.nonnegative()),
  stprecopraticado: stprecopraticadoSchema,
  /** ≠ 0: a leave-out group ('Sem cebola'); its options cost nothing. */
  stnegagrupoopcao: z.int(),
  stindisponivel: disponibilidadeSchema,
  opcoes: z.array(opcaoSchema),
});
export type GrupoOpcao = z.infer<typeof grupoOpcaoSchema>;

export const produtoSchema = z.object({
  idproduto: z.int().check(z.positive()),
  descricao: z.string(),
  detalhe: z.nullable(z.string()),
  /** Path on the API host, e.g. /api/ead/media/produtos/pizza-calabresa.svg, or null. */
  imagem: z.nullable(z.string()),
  /** Reais, two decimals. */
  preco: reais,
  /** Reais, two decimals; an offer when 0 < precooferta < preco. */
  precooferta: reais,
  stindisponivel: disponibilidadeSchema,
  quantidade: z.int().check(z.nonnegative()),
  observacoes: z.nullable(z.string()),
  grupoopcoes: z.array(grupoOpcaoSchema),
});
export type Produto = z.infer<typeof produtoSchema>;

export const grupoMenuSchema = z.object({
  idgrupo: z.int().check(z.positive()),
  descricao: z.string(),
  produtos: z.array(produtoSchema),
});
export type GrupoMenu = z.infer<typeof grupoMenuSchema>;

/** GET /api/estabelecimento/{id}/menu/ */
export const menuSchema = z.object({ grupos: z.array(grupoMenuSchema) });
export type Menu = z.infer<typeof menuSchema>;

const hhmmss = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/));

/** diadasemana: 0 Sunday … 6 Saturday. A fechamento at or before abertura ends the next day. */
export const horarioFuncionamentoSchema = z.object({
  diadasemana: z.int().check(z.minimum(0), z.maximum(6)),
  abertura: hhmmss,
  fechamento: hhmmss,
});
export type HorarioFuncionamento = z.infer<typeof horarioFuncionamentoSchema>;

/**
 * Ours, not the spec's: a date's own hours (holidays). On `data` ('YYYY-MM-DD', the store's wall
 * clock) its rows replace the weekday's; a row with null abertura is closed all day.
 */
export const horarioExcecaoSchema = z.object({
  data: z.string(),
  abertura: z.nullable(hhmmss),
  fechamento: z.nullable(hhmmss),
});
export type HorarioExcecao = z.infer<typeof horarioExcecaoSchema>;

export const enderecoEstabelecimentoSchema = z.object({
  rua: z.string(),
  numero: z.string(),
  bairro: z.string(),
  complemento: z.nullable(z.string()),
  cep: z.string(),
  cidade: z.object({
    descricao: z.string(),
    uf: z.object({ descricao: z.string(), sigla: z.string().check(z.length(2)) }),
  }),
});
export type EnderecoEstabelecimento = z.infer<typeof enderecoEstabelecimentoSchema>;

export const abonoTaxaEntregaSchema = z.object({ valorminimo: reais });

/** A fee by neighbourhood (used when the establishment has no delivery areas). */
export const taxaEntregaSchema = z.object({
  bairro: z.string(),
  cidade: z.string(),
  uf: z.string().check(z.length(2)),
  /** Reais. */
  valor: reais,
  abonotaxaentrega_set: z.array(abonoTaxaEntregaSchema),
});
export type TaxaEntrega = z.infer<typeof taxaEntregaSchema>;

export const estabelecimentoSchema = z.object({
  id: z.int().check(z.positive()),
  apelidooufantasia: z.string(),
  nomeourazaosocial: z.string(),
  logo: z.nullable(z.string()),
  imgpessoa: z.nullable(z.string()),
  endereco: enderecoEstabelecimentoSchema,
  fone_set: z.array(z.object({ numero: z.string() })),
});
export type Estabelecimento = z.infer<typeof estabelecimentoSchema>;

/** GET /controle/estabelecimento/{id}/ */
export const estabelecimentoDetalheSchema = z.object({
  id: z.int().check(z.positive()),
  estabelecimento: estabelecimentoSchema,
  horariofuncionamento_set: z.array(horarioFuncionamentoSchema),
  /** Ours: dates with their own hours (today on). */
  horarioexcecao_set: z.optional(z.array(horarioExcecaoSchema)),
  /** The operator's switch; the store is open when this is true and now is within today's hours. */
  lojaaberta: z.boolean(),
  /** Minutes. */
  previsaoentregamin: z.int().check(z.nonnegative()),
  previsaoentregamax: z.int().check(z.nonnegative()),
  logo: z.nullable(z.string()),
  /** Reais; 0 = no minimum. */
  pedidominimo: reais,
  taxaentrega_set: z.array(taxaEntregaSchema),
  /** Ours (issue 22): the last 90 days' average rating (one decimal) and count, from 5 ratings on. */
  avaliacao: z.optional(z.object({ media: z.number(), quantidade: z.int() })),
});
export type EstabelecimentoDetalhe = z.infer<typeof estabelecimentoDetalheSchema>;

/** sttipopgto: 0 cash, 60 credit, 61 debit, 200 PIX. */
export const TIPO_PGTO = { Dinheiro: 0, Credito: 60, Debito: 61, Pix: 200 } as const;
export const formaPgtoSchema = z.object({
  idformapgto: z.int().check(z.positive()),
  descricao: z.string(),
  sttipopgto: z.union([z.literal(0), z.literal(60), z.literal(61), z.literal(200)]),
  /** Offered under 'Pagar na entrega' (issue 12); absent from an older server: yes. */
  na_entrega: z.optional(z.boolean()),
  /** Offered under 'Pagar online' (issue 12); absent from an older server: credit, debit and PIX. */
  online: z.optional(z.boolean()),
});
export type FormaPgto = z.infer<typeof formaPgtoSchema>;

/**
 * Where a payment method is offered: its flags, or where one is left out the behaviour before
 * issue 12 (every method on delivery; credit, debit and PIX also online). Cash is never online.
 */
export function ladosDaForma(f: {
  sttipopgto: number;
  na_entrega?: boolean | undefined;
  online?: boolean | undefined;
}): { naEntrega: boolean; online: boolean } {
  return {
    naEntrega: f.na_entrega ?? true,
    online: f.sttipopgto !== TIPO_PGTO.Dinheiro && (f.online ?? true),
  };
}
/** GET /api/estabelecimento/{id}/formapgto/ */
export const formasPgtoSchema = z.array(formaPgtoSchema);

export const areaEntregaSchema = z.object({
  idareaentrega: z.int().check(z.positive()),
  idestabelecimento: z.int().check(z.positive()),
  geo_data: z.object({
    center: z.object({ lat: z.number(), lng: z.number() }),
    /** Metres. */
    radius: z.number().check(z.positive()),
  }),
  /** Reais; null = this area is not delivered to. */
  taxaentrega: z.nullable(reais),
  /** Reais; free delivery from this subtotal, null = no waiver. */
  valorminimo: z.nullable(reais),
});
export type AreaEntrega = z.infer<typeof areaEntregaSchema>;
/** GET /api/estabelecimento/{id}/areas_entrega/ */
export const areasEntregaSchema = z.array(areaEntregaSchema);

/** Error bodies read by the app's error-text rules (spec section 8). */
export const apiErrorBodySchema = z.looseObject({
  codigo: z.optional(z.int()),
  msg: z.optional(z.string()),
  detail: z.optional(z.string()),
  error_message: z.optional(z.string()),
  erro: z.optional(z.string()),
  error: z.optional(z.string()),
  non_field_errors: z.optional(
    z.array(z.union([z.string(), z.object({ codigo: z.int(), msg: z.string() })])),
  ),
  extra: z.optional(z.record(z.string(), z.unknown())),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
