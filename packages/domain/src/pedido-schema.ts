/**
 * The order's wire schemas (spec sections 3 and 7): the order as sent to
 * POST /api/estabelecimento/{id}/pedido/ (money in cents), the order as stored and fetched,
 * the lists, the status answer, and the restaurant's operator calls (ours). One schema per
 * payload: the server validates with them, the app types its calls with them.
 */
import { z } from 'zod/mini';
import { cupomSchema } from './cupom-schema.ts';
import { MAX_CUPOM_CODIGO } from './cupom.ts';
import { STATUS } from './pedido-status.ts';

/** R$ 1.000.000,00: no honest order is larger; bigger figures are forged. */
export const MAX_CENTS = 100_000_000;
/** Units of one item, or of one option per item unit. */
export const MAX_QUANTIDADE = 999;
export const MAX_ITENS = 100;
export const MAX_OBSERVACOES = 500;
/**
 * Descriptions the client sends are only echoes (the server stores the catalogue's own): a
 * generous bound against abuse, never below what a catalogue description may be.
 */
export const MAX_DESCRICAO = 2000;

const id = z.int().check(z.positive(), z.maximum(2_147_483_647));
const cents = z.int().check(z.nonnegative(), z.maximum(MAX_CENTS));
/** Adjustments can lower a price. */
const ajuste = z.int().check(z.minimum(-MAX_CENTS), z.maximum(MAX_CENTS));
const texto = (max: number) => z.string().check(z.maxLength(max));
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * An ISO instant with its offset (Z or ±hh:mm), any fraction of a second: zod's own
 * `z.iso.datetime({ offset: true })` pattern, written out (pedido-schema.test.ts holds it equal).
 *
 * Why not `z.iso.datetime` and `z.enum` here: zod's code lives in shared modules, and whatever any
 * page uses of them ships with the menu route, which needs zod for its own schemas (150 KiB gzip
 * budget). The ISO-format classes and regex builders cost it 0.4 KiB, `z.enum` 0.2 KiB;
 * `z.regex` and `z.literal([...])` (same check, same issue) are there already.
 */
export const ISO_DATETIME_OFFSET_RE =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|([+-](?:[01]\d|2[0-3]):[0-5]\d)))$/;

export const subSubitemInputSchema = z.object({
  opcao_id: id,
  descricao: texto(MAX_DESCRICAO),
  /** Per item unit. */
  preco_unit: cents,
  /** This option's share of its group's price, per item unit. */
  preco_total: cents,
  quantidade: z.int().check(z.minimum(1), z.maximum(MAX_QUANTIDADE)),
  quantidade_adicionada: z.int().check(z.minimum(0), z.maximum(MAX_QUANTIDADE)),
  ajuste,
});
export type SubSubitemInput = z.infer<typeof subSubitemInputSchema>;

export const subitemInputSchema = z.object({
  grupoopcao_id: id,
  stprecopraticado: z.int(),
  sub_subitens: z.array(subSubitemInputSchema).check(z.maxLength(100)),
});
export type SubitemInput = z.infer<typeof subitemInputSchema>;

export const itemInputSchema = z.object({
  produto_id: id,
  descricao: texto(MAX_DESCRICAO),
  quantidade: z.int().check(z.minimum(1), z.maximum(MAX_QUANTIDADE)),
  preco_unit: cents,
  preco_total: cents,
  ajuste,
  observacoes: texto(MAX_OBSERVACOES),
  subitens: z.array(subitemInputSchema).check(z.maxLength(50)),
});
export type ItemInput = z.infer<typeof itemInputSchema>;

/** 3-D Secure data the authentication script fills (spec section 3; issue 5). */
export const externalAuthenticationSchema = z.object({
  cavv: z.optional(z.nullable(texto(200))),
  xid: z.optional(z.nullable(texto(200))),
  eci: z.optional(z.nullable(texto(10))),
  version: z.optional(z.nullable(texto(10))),
  referenceid: z.optional(z.nullable(texto(200))),
});

/** The card payload (spec section 3). The number and CVV go to the gateway and nowhere else. */
export const cartaoPayloadSchema = z.object({
  numero: z.optional(z.nullable(texto(19))),
  bandeira: z.optional(z.nullable(texto(20))),
  titular: z.optional(z.nullable(texto(100))),
  cnpjoucpf: z.optional(z.nullable(texto(18))),
  expiracao: z.optional(z.nullable(texto(7))),
  cvv: z.optional(z.nullable(texto(4))),
  tipo: z.optional(z.nullable(texto(20))),
  token: z.optional(z.nullable(texto(200))),
  salvar: z.optional(z.boolean()),
  external_authentication: z.optional(z.nullable(externalAuthenticationSchema)),
});
export type CartaoPayload = z.infer<typeof cartaoPayloadSchema>;

export const TIPO_PAGAMENTO = ['CARTAO', 'PIX'] as const;

/** One payment entry (spec section 3). On delivery: pre_pago false, tipo null. */
export const pagamentoInputSchema = z.object({
  cartao: z.optional(z.nullable(cartaoPayloadSchema)),
  descricaoFormaPgto: texto(MAX_DESCRICAO),
  formapgto_id: id,
  formapgto_sttipopgto: z.int(),
  pre_pago: z.boolean(),
  tipo: z.nullable(z.literal(TIPO_PAGAMENTO)),
  /** Cash: the note the customer pays with, in cents; must exceed the total. */
  troco_para: z.nullable(cents),
  valor: cents,
});
export type PagamentoInput = z.infer<typeof pagamentoInputSchema>;

/** What is left to collect on delivery or pickup: the entries not paid online, in cents. */
export const valorACobrar = (pagamentos: readonly Pick<PagamentoInput, 'pre_pago' | 'valor'>[]): number =>
  pagamentos.filter((f) => !f.pre_pago).reduce((s, f) => s + f.valor, 0);

export const clientePedidoSchema = z.object({
  cpf: z.nullable(texto(14)),
  /** The customer's uuid. */
  external_id: z.nullable(texto(64)),
  nome: texto(200),
  telefone: texto(20),
  /** The chosen saved address (only its id counts: the server reads its own copy). Null for pickup. */
  endereco: z.nullable(z.looseObject({ id })),
});

export const TIPOS_ENTREGA = ['DELIVERY', 'TOGO'] as const;

/** The channels a customer may hear about orders on (issue 22). */
export const CANAIS_NOTIFICACAO = ['email', 'push', 'whatsapp'] as const;

/** The order as sent (spec section 3), money in cents. */
export const pedidoInputSchema = z.object({
  pedido_id: z.string().check(z.regex(UUID_RE)),
  /** Scheduled: the ISO instant; null = as soon as possible. */
  entregue_as: z.nullable(z.string().check(z.regex(ISO_DATETIME_OFFSET_RE))),
  ajuste: z.literal(0),
  desconto: cents,
  cliente: clientePedidoSchema,
  cpf_pagador: z.nullable(texto(18)),
  deliveryestabelecimento_id: id,
  itens: z.array(itemInputSchema).check(z.minLength(1), z.maxLength(MAX_ITENS)),
  observacoes: texto(MAX_OBSERVACOES),
  numero_pedido: z.int().check(z.minimum(1000), z.maximum(9999)),
  origem: texto(20),
  pagamentos: z.array(pagamentoInputSchema).check(z.minLength(1), z.maxLength(1)),
  previsaoentregamax: z.int().check(z.nonnegative(), z.maximum(10_000)),
  previsaoentregamin: z.int().check(z.nonnegative(), z.maximum(10_000)),
  subtotal: cents,
  /** The fee charged (0 when free or waived); null for pickup. */
  taxa_entrega: z.nullable(cents),
  tipo: z.literal(TIPOS_ENTREGA),
  total: cents,
  /** Drop-off place (spec section 9), e.g. 'Quero encontrar o entregador.'. */
  endereco_togo: z.nullable(texto(100)),
  codigo_cupom: z.nullable(texto(MAX_CUPOM_CODIGO)),
  /** The free-delivery minimum in cents, or null. */
  abono_taxa_entrega: z.nullable(cents),
  /**
   * Ours (issue 22), optional: the channels ticked in the checkout's 'Avisos deste pedido'. The
   * server records the choice (source 'checkout') with the order, in its transaction: a channel
   * listed is chosen, one left out is revoked. Absent: the saved choice stays as it is.
   */
  notificacoes: z.optional(z.array(z.literal(CANAIS_NOTIFICACAO)).check(z.maxLength(3))),
});
export type PedidoInput = z.infer<typeof pedidoInputSchema>;

/** 201 answer of the order placement. */
export const pedidoCriadoSchema = z.object({ id: z.int(), referencia: z.string() });
export type PedidoCriado = z.infer<typeof pedidoCriadoSchema>;

/** The delivery address as it was when the order was placed. */
export const enderecoPedidoSchema = z.object({
  id: z.int(),
  cep: z.string(),
  rua: z.string(),
  numero: z.string(),
  bairro: z.string(),
  cidade: z.string(),
  uf: z.string(),
  complemento: z.nullable(z.string()),
  detalhe: z.nullable(z.string()),
});
export type EnderecoPedido = z.infer<typeof enderecoPedidoSchema>;

/**
 * The `pedido` text of a fetched order, parsed (spec: 'pedido text converted to JSON, also held
 * as pedido_json'): what the customer saw, as the server checked it. No card data.
 */
/**
 * An item as stored. An order from another channel (iFood) may carry an item or option Rango
 * does not know: imported as text with id 0 and `nao_cadastrado`, flagged to the attendant.
 */
const idOuZero = z.int().check(z.nonnegative(), z.maximum(2_147_483_647));
export const itemGravadoSchema = z.extend(itemInputSchema, {
  produto_id: idOuZero,
  subitens: z.array(
    z.extend(subitemInputSchema, {
      grupoopcao_id: idOuZero,
      sub_subitens: z.array(
        z.extend(subSubitemInputSchema, { opcao_id: idOuZero, nao_cadastrado: z.optional(z.boolean()) }),
      ),
    }),
  ),
  nao_cadastrado: z.optional(z.boolean()),
});
export type ItemGravado = z.infer<typeof itemGravadoSchema>;

export const pedidoGravadoSchema = z.object({
  pedido_id: z.string(),
  entregue_as: z.nullable(z.string()),
  ajuste: z.int(),
  desconto: z.int(),
  cliente: z.object({
    cpf: z.nullable(z.string()),
    external_id: z.nullable(z.string()),
    nome: z.string(),
    telefone: z.string(),
    endereco: z.nullable(enderecoPedidoSchema),
  }),
  cpf_pagador: z.nullable(z.string()),
  deliveryestabelecimento_id: z.int(),
  itens: z.array(itemGravadoSchema),
  observacoes: z.string(),
  numero_pedido: z.int(),
  origem: z.string(),
  pagamentos: z.array(
    z.object({
      descricaoFormaPgto: z.string(),
      formapgto_id: z.int(),
      formapgto_sttipopgto: z.int(),
      pre_pago: z.boolean(),
      tipo: z.nullable(z.string()),
      troco_para: z.nullable(z.int()),
      valor: z.int(),
      /** Saved-card style mask ('************1234') when a card paid; never the number. */
      cartao: z.optional(z.nullable(z.object({ bandeira: z.nullable(z.string()), numero: z.string() }))),
    }),
  ),
  previsaoentregamax: z.int(),
  previsaoentregamin: z.int(),
  subtotal: z.int(),
  taxa_entrega: z.nullable(z.int()),
  tipo: z.literal(TIPOS_ENTREGA),
  total: z.int(),
  endereco_togo: z.nullable(z.string()),
  codigo_cupom: z.nullable(z.string()),
  /** The coupon as applied (ours: shown on the tracking page and the receipt). */
  cupom: z.nullable(cupomSchema),
  abono_taxa_entrega: z.nullable(z.int()),
  /** Another channel's delivery: by its courier ('ifood': iFood's collects it) or the store's. */
  entrega_por: z.optional(z.enum(['loja', 'ifood'])),
});
export type PedidoGravado = z.infer<typeof pedidoGravadoSchema>;

export const historicoEntrySchema = z.object({
  status: z.int(),
  datahora: z.string(),
  motivo: z.optional(z.nullable(z.string())),
});

/** Online payment kinds (ours): by the payment method's sttipopgto 60, 61, 200. */
export const TIPO_TRANSACAO = ['credito', 'debito', 'pix'] as const;
export type TipoTransacao = (typeof TIPO_TRANSACAO)[number];

/**
 * Where an online payment stands (ours). `pendente`: waiting for the bank's authentication or the
 * PIX; `incerto`: the gateway did not answer, being reconciled; `estorno_pendente`: refund asked,
 * not yet confirmed.
 */
export const ESTADO_TRANSACAO = [
  'iniciado',
  'incerto',
  'pendente',
  'pago',
  'negado',
  'expirado',
  'estornado',
  'estorno_pendente',
] as const;
export type EstadoTransacao = (typeof ESTADO_TRANSACAO)[number];

/** A payment transaction (spec section 3; issue 5: debit authentication url, PIX QR). */
export const transacaoSchema = z.object({
  /** Debit: the bank's authentication page while the payment is pending. */
  url: z.nullable(z.string()),
  /** PIX: the BR Code (copy and paste). */
  qrcode: z.nullable(z.string()),
  /** PIX: the QR image as a data: URL. */
  imagem_qrcode: z.nullable(z.string()),
  pedido: z.int(),
  deliveryestabelecimento: z.int(),
  tipo: z.literal(TIPO_TRANSACAO),
  estado: z.literal(ESTADO_TRANSACAO),
  /** PIX: ISO instant after which the charge is void. */
  expira_em: z.nullable(z.string()),
  /** Cents. */
  valor: z.int(),
});
export type Transacao = z.infer<typeof transacaoSchema>;

/** The establishment as an order shows it. */
export const estabelecimentoPedidoSchema = z.object({
  id: z.int(),
  apelidooufantasia: z.string(),
  logo: z.nullable(z.string()),
  endereco: z.object({
    rua: z.string(),
    numero: z.string(),
    bairro: z.string(),
    complemento: z.nullable(z.string()),
    cidade: z.object({ descricao: z.string(), uf: z.object({ descricao: z.string() }) }),
  }),
  fone_set: z.array(z.object({ numero: z.string() })),
});

/** GET /controle/pedido/{id}/ and each element of the lists (spec section 3 'Order as fetched'). */
export const pedidoFetchedSchema = z.object({
  id: z.int(),
  referencia: z.string(),
  estabelecimento: estabelecimentoPedidoSchema,
  deliveryestabelecimento: z.int(),
  /** JSON text of a PedidoGravado. */
  pedido: z.string(),
  historico: z.array(historicoEntrySchema),
  transacoes: z.array(transacaoSchema),
  dthrpedido: z.string(),
  /** Ours (issue 11): the time the restaurant estimated on accepting the order, else null. */
  previsao_em: z.optional(z.nullable(z.string())),
});
export type PedidoFetched = z.infer<typeof pedidoFetchedSchema>;

/** GET /controle/pedido/?pendentes=true */
export const pedidosPendentesSchema = z.array(pedidoFetchedSchema);

/** GET /controle/pedido/?pendentes=false&limit=10&offset=N (limit/offset pagination). */
export const pedidosPaginaSchema = z.object({
  count: z.int(),
  next: z.nullable(z.string()),
  previous: z.nullable(z.string()),
  results: z.array(pedidoFetchedSchema),
});
export type PedidosPagina = z.infer<typeof pedidosPaginaSchema>;

/** GET /api/estabelecimento/{id}/status/{pedido}/ */
export const pedidoStatusSchema = z.object({
  id: z.int(),
  status: z.int(),
  historico: z.array(historicoEntrySchema),
});
export type PedidoStatusAnswer = z.infer<typeof pedidoStatusSchema>;

/** Spec section 9: the completed-orders page size. */
export const PEDIDOS_PAGE_SIZE = 10;

/** Ours: the operator moves an order (POST /api/ead/operador/pedido/{id}/status/). */
export const operadorStatusInputSchema = z.object({
  status: z.union([
    z.literal(STATUS.Confirmado),
    z.literal(STATUS.Pronto),
    z.literal(STATUS.Entregue),
    z.literal(STATUS.Concluido),
    z.literal(STATUS.Cancelado),
  ]),
  motivo: z.optional(z.nullable(texto(200))),
});
export type OperadorStatusInput = z.infer<typeof operadorStatusInputSchema>;

/** Ours: an incoming order as the operator lists it. */
export const pedidoOperadorSchema = z.object({
  id: z.int(),
  referencia: z.string(),
  status: z.int(),
  tipo: z.literal(TIPOS_ENTREGA),
  total: z.int(),
  dthrpedido: z.string(),
  entregue_as: z.nullable(z.string()),
  cliente: z.string(),
  pedido: pedidoGravadoSchema,
  historico: z.array(historicoEntrySchema),
});
export type PedidoOperador = z.infer<typeof pedidoOperadorSchema>;
