/**
 * The owner's sales report (issue 12, 'Relatórios'): its own entry (`@rango/domain/painel/relatorio`),
 * so neither the customer's app nor the panel's first chunk carries it.
 *
 * GET /api/ead/painel/estabelecimento/{id}/relatorio/?de=AAAA-MM-DD&ate=AAAA-MM-DD (JSON) and
 * …/relatorio.csv?de=…&ate=… (the same figures as CSV). Both dates are days in São Paulo
 * (America/Sao_Paulo, UTC−3 all year since 2019), both included.
 *
 * Definitions (ours):
 * - a sale ('venda') is an order of the period that is neither cancelled (50, 51) nor still
 *   awaiting its online payment (10); `pedidos`, `receita` (the orders' totals, with delivery fee
 *   and after discounts), `ticketMedio` (receita ÷ pedidos, rounded to the cent), the payment
 *   methods, delivery/pickup, hours, products and options count sales only;
 * - `cancelamentos`: the period's cancelled orders and their totals;
 * - `estornos`: online payments of the period's orders that were refunded (`estornado`) and those
 *   whose refund is asked but not yet confirmed (`estorno_pendente`);
 * - a product's `receita` is its lines' totals (options included); an option's is its price per
 *   unit of the item times the item's units; quantities likewise count units. A product is one
 *   id; an option is one name (menus repeat 'Bacon' in a group of each product, one id per copy:
 *   they count as one 'Bacon', `id` the lowest of them).
 * Money is integer cents.
 */
import { z } from 'zod/mini';
import { CANAIS } from '../canal.ts';

/** The longest period one report covers (a leap year). */
export const MAX_DIAS_RELATORIO = 366;
/** Rows of each 'top' list. */
export const TOP_RELATORIO = 10;
/** São Paulo's UTC offset in minutes (no daylight saving since 2019; see store-hours.ts). */
export const OFFSET_SAO_PAULO_MIN = -180;
/** The first day a report may cover. */
export const DATA_MIN_RELATORIO = '2000-01-01';

/**
 * The last day a report may cover on `hoje` (São Paulo, 'YYYY-MM-DD'): the 31st of December of
 * next year. Sales lie in the past; a period may reach into the months ahead, no further (issue 20:
 * a report on 9999-12-31 used to loop forever).
 */
export const dataMaxRelatorio = (hoje: string): string => `${Number(hoje.slice(0, 4)) + 1}-12-31`;

const dataBr = (iso: string) => iso.split('-').reverse().join('/');

export const MSG_RELATORIO = {
  dataInicial: 'Informe a data inicial como AAAA-MM-DD.',
  dataFinal: 'Informe a data final como AAAA-MM-DD.',
  /** A real date outside [DATA_MIN_RELATORIO, dataMaxRelatorio(hoje)]. */
  dataForaDoLimite: (max: string) => `Escolha uma data entre ${dataBr(DATA_MIN_RELATORIO)} e ${dataBr(max)}.`,
  periodoInvertido: 'A data final não pode ser anterior à data inicial.',
  periodoLongo: `O período pode ter no máximo ${MAX_DIAS_RELATORIO} dias.`,
  semVendas: 'Nenhuma venda neste período.',
} as const;

/** A real calendar date 'YYYY-MM-DD' (four-digit year; the limits are the schema's). */
export const dataRelatorioValida = (v: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) &&
  !Number.isNaN(Date.parse(v)) &&
  new Date(Date.parse(v)).toISOString().startsWith(v);

/** Days from `de` to `ate`, both included (1 for one day). */
export function diasNoPeriodo(de: string, ate: string): number {
  return Math.round((Date.parse(ate) - Date.parse(de)) / 86_400_000) + 1;
}

/**
 * The report's query string on `hoje` (São Paulo, 'YYYY-MM-DD'): two real dates from
 * DATA_MIN_RELATORIO to dataMaxRelatorio(hoje), in order, at most MAX_DIAS_RELATORIO days. Errors
 * come keyed by field: `de`, `ate` (the period's own on `ate`).
 */
export function relatorioQuerySchema(hoje: string) {
  const max = dataMaxRelatorio(hoje);
  const foraDoLimite = MSG_RELATORIO.dataForaDoLimite(max);
  const noLimite = (v: string) => !dataRelatorioValida(v) || (v >= DATA_MIN_RELATORIO && v <= max);
  const aceita = (v: string) => dataRelatorioValida(v) && v >= DATA_MIN_RELATORIO && v <= max;
  return z
    .object({
      de: z
        .string(MSG_RELATORIO.dataInicial)
        .check(z.refine(dataRelatorioValida, MSG_RELATORIO.dataInicial), z.refine(noLimite, foraDoLimite)),
      ate: z
        .string(MSG_RELATORIO.dataFinal)
        .check(z.refine(dataRelatorioValida, MSG_RELATORIO.dataFinal), z.refine(noLimite, foraDoLimite)),
    })
    .check(
      z.refine((q) => !aceita(q.de) || !aceita(q.ate) || q.ate >= q.de, {
        message: MSG_RELATORIO.periodoInvertido,
        path: ['ate'],
      }),
      z.refine(
        (q) =>
          !aceita(q.de) || !aceita(q.ate) || q.ate < q.de || diasNoPeriodo(q.de, q.ate) <= MAX_DIAS_RELATORIO,
        { message: MSG_RELATORIO.periodoLongo, path: ['ate'] },
      ),
    );
}
export type RelatorioQuery = z.infer<ReturnType<typeof relatorioQuerySchema>>;

/**
 * The period as instants: [inicio, fim) in ISO-8601 UTC, the form `pedido.dthrpedido` is stored
 * in (they compare as text). '2026-11-01'..'2026-11-30' → 2026-11-01T03:00:00.000Z, 2026-12-01T03:00:00.000Z.
 */
export function periodoUtc(de: string, ate: string): { inicio: string; fim: string } {
  const shift = -OFFSET_SAO_PAULO_MIN * 60_000;
  return {
    inicio: new Date(Date.parse(de) + shift).toISOString(),
    fim: new Date(Date.parse(ate) + 86_400_000 + shift).toISOString(),
  };
}

const cents = z.int();
const contagem = z.int();

export const linhaVendasSchema = z.object({ pedidos: contagem, receita: cents });
export type LinhaVendas = z.infer<typeof linhaVendasSchema>;

export const linhaItemSchema = z.object({
  id: z.int(),
  descricao: z.string(),
  quantidade: contagem,
  receita: cents,
});
export type LinhaItem = z.infer<typeof linhaItemSchema>;

export const TIPOS_RELATORIO = ['DELIVERY', 'TOGO'] as const;
export const TIPO_RELATORIO_NOME: Record<(typeof TIPOS_RELATORIO)[number], string> = {
  DELIVERY: 'Entrega',
  TOGO: 'Retirada',
};

/** Providers an online payment may have been taken on, as `pagamento.gateway` names them. */
export const PROVEDORES_RELATORIO = ['mercadopago', 'cielo', 'sandbox'] as const;
export const PROVEDOR_RELATORIO_NOME: Record<(typeof PROVEDORES_RELATORIO)[number], string> = {
  mercadopago: 'Mercado Pago',
  cielo: 'Cielo',
  sandbox: 'Sandbox (testes)',
};

export const linhaPagamentoOnlineSchema = z.object({
  provedor: z.enum(PROVEDORES_RELATORIO),
  pagamentos: contagem,
  bruto: cents,
  taxa: cents,
  liquido: cents,
});
export type LinhaPagamentoOnline = z.infer<typeof linhaPagamentoOnlineSchema>;

/**
 * Gross, fee and net of online payments (cents): net is gross minus the fee, per line and in total.
 * Lines in PROVEDORES_RELATORIO order, only the providers with a payment.
 */
export function resumoPagamentosOnline(
  linhas: readonly { provedor: string; pagamentos: number; bruto: number; taxa: number }[],
): Relatorio['pagamentosOnline'] {
  const porProvedor: LinhaPagamentoOnline[] = [];
  for (const provedor of PROVEDORES_RELATORIO) {
    const l = linhas.filter((x) => x.provedor === provedor);
    const pagamentos = l.reduce((a, x) => a + x.pagamentos, 0);
    if (pagamentos === 0) continue;
    const bruto = l.reduce((a, x) => a + x.bruto, 0);
    // Only Mercado Pago carries the platform's fee (application_fee); the others charge none.
    const taxa = provedor === 'mercadopago' ? l.reduce((a, x) => a + x.taxa, 0) : 0;
    porProvedor.push({ provedor, pagamentos, bruto, taxa, liquido: bruto - taxa });
  }
  const bruto = porProvedor.reduce((a, x) => a + x.bruto, 0);
  const taxa = porProvedor.reduce((a, x) => a + x.taxa, 0);
  return { bruto, taxa, liquido: bruto - taxa, porProvedor };
}

export const relatorioSchema = z.object({
  de: z.string(),
  ate: z.string(),
  pedidos: contagem,
  receita: cents,
  ticketMedio: cents,
  /** By the payment method's name as the customer saw it, most revenue first. */
  porFormaPagamento: z.array(z.extend(linhaVendasSchema, { forma: z.string() })),
  /** Always both, DELIVERY then TOGO. */
  porTipo: z.array(z.extend(linhaVendasSchema, { tipo: z.literal(TIPOS_RELATORIO) })),
  /** Always the three, Rango then iFood then Open Delivery (issue 24 part 5). */
  porCanal: z.array(z.extend(linhaVendasSchema, { canal: z.enum(CANAIS) })),
  cancelamentos: z.object({ pedidos: contagem, valor: cents }),
  estornos: z.object({ pagamentos: contagem, valor: cents, pendentes: contagem, valorPendente: cents }),
  produtos: z.object({ porQuantidade: z.array(linhaItemSchema), porReceita: z.array(linhaItemSchema) }),
  opcoes: z.object({ porQuantidade: z.array(linhaItemSchema), porReceita: z.array(linhaItemSchema) }),
  /** 24 entries, hora 0..23 in São Paulo time. */
  porHora: z.array(z.extend(linhaVendasSchema, { hora: z.int() })),
  /**
   * Online payments paid (not refunded) of the period's orders: gross, the platform operator's fee
   * (Mercado Pago's `application_fee`; Cielo and the sandbox carry none) and net, per provider.
   */
  pagamentosOnline: z.object({
    bruto: cents,
    taxa: cents,
    liquido: cents,
    porProvedor: z.array(linhaPagamentoOnlineSchema),
  }),
});
export type Relatorio = z.infer<typeof relatorioSchema>;
