import { FUSOS_BRASIL, FUSO_PADRAO, STATUS, formatBRL } from '@rango/domain';

/**
 * The customer's messages (issue 22): short, Portuguese, naming the restaurant. One kind per
 * change that matters to the customer; a change with no kind here sends nothing.
 */
export type TipoMensagem =
  | 'recebido'
  | 'aceito'
  | 'saiu'
  | 'pronto'
  | 'entregue'
  | 'cancelado'
  | 'pix_pendente'
  | 'pix_lembrete'
  | 'pix_pago'
  | 'previsao';

/** The PIX messages: the code to pay and its reminder, both of one attempt (`idpagamento`). */
export const TIPOS_PIX: ReadonlySet<string> = new Set(['pix_pendente', 'pix_lembrete']);

/** How long before the code expires the reminder goes. */
export const LEMBRETE_PIX_MS = 5 * 60_000;

/** The order's latest PIX attempt. */
export interface PixDoPedido {
  id: number;
  estado: string;
  /** The copy-paste code (null while the gateway's answer has not carried it). */
  qrcode: string | null;
  expira_em: string | null;
}

export interface PedidoDaMensagem {
  id: number;
  referencia: string;
  tipo: 'DELIVERY' | 'TOGO';
  status: number;
  total: number;
  previsao_em: string | null;
  formapgto: string | null;
  /** The latest cancellation's reason. */
  motivo: string | null;
  estabelecimento: string;
  /** A PIX attempt of the order is paid. */
  pixPago: boolean;
  /** The order's latest PIX attempt, if any. */
  pix: PixDoPedido | null;
}

export interface Mensagem {
  titulo: string;
  texto: string;
}

/** The kind of message an event announces, or null (nothing for the customer). */
export function tipoDoEvento(
  tipo: string,
  dados: { status?: unknown; para?: unknown; estado?: unknown },
  pedido: Pick<PedidoDaMensagem, 'tipo' | 'pixPago' | 'pix'>,
): TipoMensagem | null {
  const entrega = pedido.tipo;
  if (tipo === 'pedido.novo') return 'recebido';
  // The restaurant changed an accepted order's estimate (orders/status.ts alterarPrevisao).
  if (tipo === 'pedido.previsao') return 'previsao';
  if (tipo === 'pedido.pagamento') {
    if (dados.estado === 'pago') return pedido.pixPago ? 'pix_pago' : null;
    // A PIX code to pay (the order's latest attempt is pending).
    if (dados.estado === 'pendente' && pedido.pix?.estado === 'pendente') return 'pix_pendente';
    return null;
  }
  if (tipo !== 'pedido.status') return null;
  switch (dados.para) {
    case STATUS.Confirmado:
      return 'aceito';
    case STATUS.Pronto:
      return entrega === 'DELIVERY' ? 'saiu' : 'pronto';
    case STATUS.Entregue:
      return 'entregue';
    case STATUS.Cancelado:
      return 'cancelado';
    default:
      return null;
  }
}

const two = (n: number) => String(n).padStart(2, '0');

/** 'HH:MM' on Brazil's default wall clock. */
export function horaLocal(iso: string): string {
  const offset = FUSOS_BRASIL[FUSO_PADRAO] ?? -180;
  const d = new Date(Date.parse(iso) + offset * 60_000);
  return Number.isNaN(d.getTime()) ? '' : `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** The message's title and text (the link goes beside them). */
export function mensagem(tipo: TipoMensagem, p: PedidoDaMensagem): Mensagem {
  const loja = p.estabelecimento;
  const n = `Pedido ${p.referencia}`;
  switch (tipo) {
    case 'recebido':
      return {
        titulo: `${loja}: pedido recebido`,
        texto:
          `${n} recebido. Total ${formatBRL(p.total)}` +
          (p.formapgto ? `, pagamento: ${p.formapgto}.` : '.') +
          ' Acompanhe pelo link.',
      };
    case 'aceito':
      return {
        titulo: `${loja}: pedido aceito`,
        texto: p.previsao_em
          ? `${n} aceito. Previsão: ${horaLocal(p.previsao_em)}.`
          : `${n} aceito e em preparo.`,
      };
    case 'saiu':
      return { titulo: `${loja}: saiu para entrega`, texto: `${n} saiu para entrega.` };
    case 'pronto':
      return { titulo: `${loja}: pronto para retirada`, texto: `${n} está pronto para retirada.` };
    case 'entregue':
      return { titulo: `${loja}: pedido entregue`, texto: `${n} entregue. Bom apetite!` };
    case 'cancelado':
      return {
        titulo: `${loja}: pedido cancelado`,
        texto: `${n} cancelado.${p.motivo ? ` Motivo: ${p.motivo}` : ''}`,
      };
    case 'pix_pendente': {
      const ate = p.pix?.expira_em ? ` até ${horaLocal(p.pix.expira_em)}` : '';
      return {
        titulo: `${loja}: pague com PIX`,
        texto: p.pix?.qrcode
          ? `${n}: pague com o PIX copia e cola${ate}: ${p.pix.qrcode}`
          : `${n}: o código PIX para pagar${ate} está no link.`,
      };
    }
    case 'pix_lembrete': {
      const hora = p.pix?.expira_em ? horaLocal(p.pix.expira_em) : '';
      return {
        titulo: `${loja}: seu PIX vence às ${hora}`,
        texto: p.pix?.qrcode
          ? `${n}: o código PIX vence às ${hora}. Copia e cola: ${p.pix.qrcode}`
          : `${n}: o código PIX vence às ${hora}. Pague pelo link.`,
      };
    }
    case 'previsao':
      return {
        titulo: `${loja}: previsão alterada`,
        texto: p.previsao_em
          ? `${n}: a previsão mudou para ${horaLocal(p.previsao_em)}.`
          : `${n}: a previsão mudou. Veja pelo link.`,
      };
    case 'pix_pago':
      return { titulo: `${loja}: PIX pago`, texto: `Recebemos o PIX do ${n.toLowerCase()}.` };
  }
}

/**
 * A message past its use is dropped, never sent late, judged against the order as it is when the
 * message is due: anything but the cancellation once the order is cancelled; a PIX code or its
 * reminder once that attempt is not the order's pending code any more (paid, expired, renewed);
 * any other message older than VALIDADE_MS. Answers the reason, or null (still of use).
 */
export const VALIDADE_MS = 60 * 60_000;
export function foraDeUso(
  n: { tipo: string; criado_em: string; idpagamento?: number | null },
  pedido: Pick<PedidoDaMensagem, 'status' | 'pix'>,
  agora: Date,
): string | null {
  const cancelado = pedido.status === STATUS.Cancelado || pedido.status === STATUS.CancelamentoSincronizado;
  if (cancelado && n.tipo !== 'cancelado') return 'pedido cancelado';
  if (TIPOS_PIX.has(n.tipo)) {
    const pix = pedido.pix;
    if (!pix || pix.id !== n.idpagamento) return 'PIX renovado';
    if (pix.estado !== 'pendente') return `PIX ${pix.estado}`;
    if (pix.expira_em && Date.parse(pix.expira_em) <= agora.getTime()) return 'PIX expirado';
    return null;
  }
  return agora.getTime() - Date.parse(n.criado_em) > VALIDADE_MS ? 'fora de uso' : null;
}
