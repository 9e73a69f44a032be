import { formatBRL } from '@rango/domain';
import type { PedidoDaMensagem } from '../textos.ts';
import { horaLocal } from '../textos.ts';

/**
 * The message templates Rango needs on each establishment's WhatsApp Business Account (issue 22
 * part 2): utility category, Brazilian Portuguese, one per status message, with numbered
 * parameters ({{1}}, {{2}}, …). A business-initiated message outside the 24 h customer-service
 * window can only be one of these, approved by Meta; inside the window a free-form text goes.
 */
export interface ModeloWhatsapp {
  /** The template's name at Meta (lower case, underscores). */
  nome: string;
  /** The outbox's message kind it carries ('teste': the owner's test message). */
  tipo: string;
  /** What the owner's switch is called. */
  rotulo: string;
  /** The body, with {{n}} parameters. */
  corpo: string;
  /** Example values, one per parameter (Meta requires them to review the template). */
  exemplo: string[];
}

export const IDIOMA = 'pt_BR';
export const CATEGORIA = 'UTILITY';

export const MODELOS: readonly ModeloWhatsapp[] = [
  {
    nome: 'rango_pedido_recebido',
    tipo: 'recebido',
    rotulo: 'Pedido recebido',
    corpo: '{{1}}: recebemos o pedido {{2}}. Itens: {{3}}. Total {{4}}, pagamento: {{5}}. Acompanhe em {{6}}',
    exemplo: ['Pizzaria Boa', 'A1B2', '1x Pizza grande', 'R$ 59,90', 'PIX', 'https://rango.app/pedido/1'],
  },
  {
    nome: 'rango_pedido_aceito',
    tipo: 'aceito',
    rotulo: 'Pedido aceito (com a previsão)',
    corpo: '{{1}}: o pedido {{2}} foi aceito e está em preparo. Previsão: {{3}}.',
    exemplo: ['Pizzaria Boa', 'A1B2', '20:45'],
  },
  {
    nome: 'rango_pedido_saiu',
    tipo: 'saiu',
    rotulo: 'Saiu para entrega',
    corpo: '{{1}}: o pedido {{2}} saiu para entrega.',
    exemplo: ['Pizzaria Boa', 'A1B2'],
  },
  {
    nome: 'rango_pedido_pronto',
    tipo: 'pronto',
    rotulo: 'Pronto para retirada',
    corpo: '{{1}}: o pedido {{2}} está pronto para retirada.',
    exemplo: ['Pizzaria Boa', 'A1B2'],
  },
  {
    nome: 'rango_pedido_entregue',
    tipo: 'entregue',
    rotulo: 'Entregue (com o pedido de avaliação)',
    corpo: '{{1}}: o pedido {{2}} foi entregue. Bom apetite! Avalie de 1 a 5 em {{3}}',
    exemplo: ['Pizzaria Boa', 'A1B2', 'https://rango.app/pedido/1'],
  },
  {
    nome: 'rango_pedido_cancelado',
    tipo: 'cancelado',
    rotulo: 'Cancelado (motivo e reembolso)',
    corpo: '{{1}}: o pedido {{2}} foi cancelado. Motivo: {{3}}. Reembolso: {{4}}.',
    exemplo: ['Pizzaria Boa', 'A1B2', 'Item em falta', 'estorno do PIX solicitado'],
  },
  {
    nome: 'rango_pix_pendente',
    tipo: 'pix_pendente',
    rotulo: 'PIX aguardando pagamento',
    corpo: '{{1}}: o PIX do pedido {{2}} aguarda pagamento até {{3}}. PIX copia e cola: {{4}}',
    exemplo: ['Pizzaria Boa', 'A1B2', '20:30', '00020126580014br.gov.bcb.pix'],
  },
  {
    nome: 'rango_pix_lembrete',
    tipo: 'pix_lembrete',
    rotulo: 'Lembrete do PIX antes de expirar',
    corpo: '{{1}}: o PIX do pedido {{2}} expira às {{3}}. Ainda dá tempo: PIX copia e cola: {{4}}',
    exemplo: ['Pizzaria Boa', 'A1B2', '20:30', '00020126580014br.gov.bcb.pix'],
  },
  {
    nome: 'rango_pix_pago',
    tipo: 'pix_pago',
    rotulo: 'PIX pago',
    corpo: '{{1}}: recebemos o PIX do pedido {{2}}. Obrigado!',
    exemplo: ['Pizzaria Boa', 'A1B2'],
  },
  {
    nome: 'rango_previsao_alterada',
    tipo: 'previsao',
    rotulo: 'Previsão alterada',
    corpo: '{{1}}: a previsão do pedido {{2}} mudou para {{3}}.',
    exemplo: ['Pizzaria Boa', 'A1B2', '21:10'],
  },
  {
    nome: 'rango_teste',
    tipo: 'teste',
    rotulo: 'Mensagem de teste',
    corpo: '{{1}}: mensagem de teste do Rango. Este número envia os avisos dos pedidos.',
    exemplo: ['Pizzaria Boa'],
  },
];

/** The kinds the owner can turn off (every status message; the test message is not one). */
export const TIPOS_DESLIGAVEIS = MODELOS.filter((m) => m.tipo !== 'teste').map((m) => m.tipo);

export const modeloDoTipo = (tipo: string): ModeloWhatsapp | undefined =>
  MODELOS.find((m) => m.tipo === tipo);

/** What a template's parameters are made of, beyond the order. */
export interface Extras {
  link: string;
  /** The order's items as a short line ('2x Pizza, 1x Refrigerante'). */
  itens?: string | undefined;
  /** The PIX pending: its copy-paste code and expiry (ISO). */
  pix?: { qrcode: string; expira_em: string | null } | undefined;
  /** The refund's outcome for a cancellation. */
  reembolso?: string | undefined;
}

/** A parameter must be short, on one line and not empty (Meta refuses newlines, tabs, 4+ spaces). */
const limpo = (s: string, max = 500): string => {
  const t = s
    .replace(/[\n\t]+/g, ' ')
    .replace(/ {4,}/g, '   ')
    .trim();
  return (t.length > max ? `${t.slice(0, max - 1)}…` : t) || '-';
};

/** The template's parameters for an order's message, in order. */
export function parametros(m: ModeloWhatsapp, p: PedidoDaMensagem, x: Extras): string[] {
  const loja = p.estabelecimento;
  const ref = p.referencia;
  const valores = ((): string[] => {
    switch (m.tipo) {
      case 'recebido':
        return [loja, ref, x.itens ?? '-', formatBRL(p.total), p.formapgto ?? 'na entrega', x.link];
      case 'aceito':
        return [loja, ref, p.previsao_em ? horaLocal(p.previsao_em) : 'em breve'];
      case 'entregue':
        return [loja, ref, x.link];
      case 'cancelado':
        return [loja, ref, p.motivo ?? 'não informado', x.reembolso ?? 'não se aplica'];
      case 'pix_pendente':
      case 'pix_lembrete':
        return [loja, ref, x.pix?.expira_em ? horaLocal(x.pix.expira_em) : '-', x.pix?.qrcode ?? '-'];
      case 'previsao':
        return [loja, ref, p.previsao_em ? horaLocal(p.previsao_em) : '-'];
      case 'teste':
        return [loja];
      default:
        return [loja, ref];
    }
  })();
  return valores.map((v) => limpo(v));
}

/** The template's body with its parameters filled in (the log's and the fake's text). */
export const preencher = (corpo: string, valores: readonly string[]): string =>
  corpo.replace(/\{\{(\d+)\}\}/g, (_m, n: string) => valores[Number(n) - 1] ?? '');

/**
 * An ESTIMATE of what Meta charges per message, in BRL cents, per pricing category (Brazil's
 * rate card, converted at about R$ 5,50 per US$; Meta bills in the account's currency and
 * changes its rates: the panel says 'estimativa'). Service replies inside the window are free.
 */
export const PRECO_ESTIMADO_CENTAVOS: Readonly<Record<string, number>> = {
  utility: 4,
  authentication: 4,
  marketing: 34,
  service: 0,
};
