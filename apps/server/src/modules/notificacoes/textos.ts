import { FUSOS_BRASIL, FUSO_PADRAO, STATUS, formatBRL } from '@rango/domain';

/**
 * The customer's messages (issue 22): short, Portuguese, naming the restaurant. One kind per
 * change that matters to the customer; a change with no kind here sends nothing.
 */
export type TipoMensagem = 'recebido' | 'aceito' | 'saiu' | 'pronto' | 'entregue' | 'cancelado' | 'pix_pago';

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
}

export interface Mensagem {
  titulo: string;
  texto: string;
}

/** The kind of message an event announces, or null (nothing for the customer). */
export function tipoDoEvento(
  tipo: string,
  dados: { status?: unknown; para?: unknown; estado?: unknown },
  pedido: Pick<PedidoDaMensagem, 'tipo' | 'pixPago'>,
): TipoMensagem | null {
  const entrega = pedido.tipo;
  if (tipo === 'pedido.novo') return 'recebido';
  if (tipo === 'pedido.pagamento') return dados.estado === 'pago' && pedido.pixPago ? 'pix_pago' : null;
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
    case 'pix_pago':
      return { titulo: `${loja}: PIX pago`, texto: `Recebemos o PIX do ${n.toLowerCase()}.` };
  }
}

/**
 * A message past its use is dropped, never sent late: anything but the cancellation once the
 * order is cancelled, and any message older than VALIDADE_MS.
 */
export const VALIDADE_MS = 60 * 60_000;
export function foraDeUso(tipo: string, statusAtual: number, criadoEm: string, agora: Date): boolean {
  const cancelado = statusAtual === STATUS.Cancelado || statusAtual === STATUS.CancelamentoSincronizado;
  if (cancelado && tipo !== 'cancelado') return true;
  return agora.getTime() - Date.parse(criadoEm) > VALIDADE_MS;
}
