/**
 * Open Delivery's rules that need no database (issue 24 part 3): which of Rango's events are
 * which of the standard's, their stable ids, money in the standard's shape, and the order
 * document (`GET /v1/orders/{orderId}`, the standard's Order schema, v1.3.0; schemas/README.md).
 */
import { createHash } from 'node:crypto';
import { EVENTO, STATUS, TIPO_PGTO } from '@rango/domain';
import type { DadosEvento, PedidoGravado } from '@rango/domain';
import type { EventoRow } from '../events/leitura.ts';

/** The standard's event types Rango emits (a subset of its enum). */
export type TipoOd = 'CREATED' | 'CONFIRMED' | 'READY_FOR_PICKUP' | 'DELIVERED' | 'CONCLUDED' | 'CANCELLED';

/** A token's lifetime (the answer's expires_in). */
export const TOKEN_SEGUNDOS = 3600;
/** A POS polls at most once in this window per credential; sooner answers 429. */
export const POLLING_MIN_MS = 5_000;
/** Events read from the log per fan-out query; events answered per poll (the standard's maxItems). */
export const LOTE_EVENTOS = 500;
export const MAX_EVENTOS = 1000;
/** Events acknowledged per request (the standard's maxItems). */
export const MAX_ACKS = 100;

const hex = (s: string): string => createHash('sha256').update(s).digest('hex');

/** A secret's or a token's stored form. */
export const hashDe = (s: string): string => hex(s);

/**
 * A UUID (version 5 layout over SHA-256) named by `nome`: the same name always gives the same id,
 * so an event's id is stable however many times, and by however many instances, it is fanned out.
 */
export function uuidDe(nome: string): string {
  const b = Buffer.from(hex(`rango:opendelivery:${nome}`).slice(0, 32), 'hex');
  b[6] = (b[6]! & 0x0f) | 0x50;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The event's id: its log row and time (an id can come back on SQLite after a full purge). */
export const idDoEvento = (ev: Pick<EventoRow, 'id' | 'criado_em'>): string =>
  uuidDe(`evento:${ev.id}:${ev.criado_em}`);

/** Which event of the standard one of Rango's is, or null (not the POS's business). */
export function tipoOd(ev: Pick<EventoRow, 'tipo' | 'dados' | 'idpedido'>): {
  tipo: TipoOd;
  dados: DadosEvento;
} | null {
  if (ev.idpedido === null) return null;
  let dados: DadosEvento;
  try {
    dados = JSON.parse(ev.dados) as DadosEvento;
  } catch {
    return null;
  }
  if (ev.tipo === EVENTO.pedidoNovo) {
    // An order waiting for its online payment reaches the restaurant when the payment does.
    return dados.status === STATUS.PgtoPendente ? null : { tipo: 'CREATED', dados };
  }
  if (ev.tipo !== EVENTO.pedidoStatus) return null;
  switch (dados.para) {
    case STATUS.Sincronizado:
      return dados.de === STATUS.PgtoPendente ? { tipo: 'CREATED', dados } : null;
    case STATUS.Confirmado:
      return { tipo: 'CONFIRMED', dados };
    case STATUS.Pronto:
      return { tipo: 'READY_FOR_PICKUP', dados };
    case STATUS.Entregue:
      return { tipo: 'DELIVERED', dados };
    case STATUS.Concluido:
      return { tipo: 'CONCLUDED', dados };
    case STATUS.Cancelado:
    case STATUS.CancelamentoSincronizado:
      return { tipo: 'CANCELLED', dados };
    default:
      return null;
  }
}

/** The standard's Price from integer cents (a number of reais, 2 decimal places, BRL). */
export const preco = (centavos: number): { value: number; currency: 'BRL' } => ({
  value: centavos / 100,
  currency: 'BRL',
});

/** The standard's last event for an order's current status. */
export function ultimoEvento(status: number): TipoOd {
  switch (status) {
    case STATUS.Confirmado:
      return 'CONFIRMED';
    case STATUS.Pronto:
      return 'READY_FOR_PICKUP';
    case STATUS.Entregue:
      return 'DELIVERED';
    case STATUS.Concluido:
      return 'CONCLUDED';
    case STATUS.Cancelado:
    case STATUS.CancelamentoSincronizado:
      return 'CANCELLED';
    default:
      return 'CREATED';
  }
}

/** The payment method in the standard's words, from the method's kind (sttipopgto). */
function metodo(sttipopgto: number): 'CASH' | 'CREDIT' | 'DEBIT' | 'PIX' | 'OTHER' {
  switch (sttipopgto) {
    case TIPO_PGTO.Dinheiro:
      return 'CASH';
    case TIPO_PGTO.Credito:
      return 'CREDIT';
    case TIPO_PGTO.Debito:
      return 'DEBIT';
    case TIPO_PGTO.Pix:
      return 'PIX';
    default:
      return 'OTHER';
  }
}

const BANDEIRAS = new Set([
  'VISA',
  'MASTERCARD',
  'DINERS',
  'AMEX',
  'HIPERCARD',
  'ELO',
  'AURA',
  'DISCOVER',
  'JCB',
  'CABAL',
]);

export interface DadosDoPedido {
  uuid: string;
  referencia: string;
  tipo: 'DELIVERY' | 'TOGO';
  status: number;
  dthrpedido: string;
  entregue_as: string | null;
  previsao_em: string | null;
  gravado: PedidoGravado;
  /** The datahora of its first history entry past the payment (when the restaurant got it). */
  recebido_em: string;
  estabelecimento: { id: number; nome: string };
  /** The customer's id in the standard (a UUID), their orders at this establishment. */
  cliente: { uuid: string; pedidos: number };
  /** The delivery address's coordinates when known. */
  coordenadas: { lat: number; lng: number } | null;
  appId: string;
}

/** Minutes → an ISO instant after `iso`. */
const depois = (iso: string, min: number): string => new Date(Date.parse(iso) + min * 60_000).toISOString();

/** The order as the standard's Order document (v1.3.0), money from integer cents. */
export function documentoDoPedido(p: DadosDoPedido): Record<string, unknown> {
  const g = p.gravado;
  const itens = g.itens.map((it, i) => {
    const opcoes = it.subitens.flatMap((s) => s.sub_subitens);
    return {
      id: uuidDe(`item:${p.uuid}:${i}`),
      index: i,
      name: it.descricao,
      externalCode: String(it.produto_id),
      unit: 'UN',
      quantity: it.quantidade,
      ...(it.observacoes ? { specialInstructions: it.observacoes } : {}),
      unitPrice: preco(it.preco_unit),
      totalPrice: preco(it.preco_total),
      ...(opcoes.length > 0
        ? {
            options: opcoes.map((o, j) => ({
              index: j,
              id: uuidDe(`opcao:${p.uuid}:${i}:${j}`),
              name: o.descricao,
              externalCode: String(o.opcao_id),
              unit: 'UN',
              quantity: o.quantidade,
              unitPrice: preco(o.preco_unit),
              totalPrice: preco(o.preco_total),
            })),
          }
        : {}),
    };
  });
  const taxa = g.taxa_entrega ?? 0;
  const pagamentos = g.pagamentos.map((pg) => {
    const bandeira = pg.cartao?.bandeira?.toUpperCase();
    return {
      value: pg.valor / 100,
      currency: 'BRL',
      type: pg.pre_pago ? ('PREPAID' as const) : ('PENDING' as const),
      method: metodo(pg.formapgto_sttipopgto),
      ...(bandeira && BANDEIRAS.has(bandeira) ? { brand: bandeira } : {}),
      methodInfo: pg.descricaoFormaPgto,
      ...(pg.troco_para !== null && !pg.pre_pago ? { changeFor: pg.troco_para / 100 } : {}),
    };
  });
  const soma = (tipo: 'PREPAID' | 'PENDING') =>
    g.pagamentos.filter((pg) => pg.pre_pago === (tipo === 'PREPAID')).reduce((s, pg) => s + pg.valor, 0) /
    100;
  const previsao = p.previsao_em ?? p.entregue_as ?? depois(p.recebido_em, Math.max(g.previsaoentregamax, 0));
  const e = g.cliente.endereco;
  const doc: Record<string, unknown> = {
    id: p.uuid,
    type: p.tipo === 'DELIVERY' ? 'DELIVERY' : 'TAKEOUT',
    displayId: p.referencia,
    sourceAppId: p.appId,
    salesChannel: 'Rango',
    createdAt: new Date(p.dthrpedido).toISOString(),
    lastEvent: ultimoEvento(p.status),
    orderTiming: p.entregue_as ? 'SCHEDULED' : 'INSTANT',
    preparationStartDateTime: new Date(p.recebido_em).toISOString(),
    merchant: { id: uuidDe(`merchant:${p.estabelecimento.id}`), name: p.estabelecimento.nome },
    items: itens,
    ...(taxa > 0
      ? {
          otherFees: [
            { name: 'Taxa de entrega', type: 'DELIVERY_FEE', receivedBy: 'MERCHANT', price: preco(taxa) },
          ],
        }
      : {}),
    ...(g.desconto > 0
      ? {
          discounts: [
            {
              amount: preco(g.desconto),
              target: 'CART',
              sponsorshipValues: [
                {
                  name: 'MERCHANT',
                  amount: preco(g.desconto),
                  ...(g.codigo_cupom ? { discountCode: g.codigo_cupom } : {}),
                },
              ],
            },
          ],
        }
      : {}),
    total: {
      itemsPrice: preco(g.subtotal),
      otherFees: preco(taxa),
      discount: preco(g.desconto),
      orderAmount: preco(g.total),
    },
    payments: { prepaid: soma('PREPAID'), pending: soma('PENDING'), methods: pagamentos },
    customer: {
      id: p.cliente.uuid,
      name: g.cliente.nome,
      ...(g.cliente.cpf ? { documentNumber: g.cliente.cpf } : {}),
      phone: { number: g.cliente.telefone },
      ordersCountOnMerchant: p.cliente.pedidos,
    },
    ...(p.entregue_as
      ? { schedule: { scheduledDateTimeStart: p.entregue_as, scheduledDateTimeEnd: p.entregue_as } }
      : {}),
    ...(g.observacoes ? { extraInfo: g.observacoes } : {}),
  };
  if (p.tipo === 'DELIVERY' && e && p.coordenadas) {
    const formatted = [`${e.rua}, ${e.numero}`, e.complemento, e.bairro, `${e.cidade} - ${e.uf}`, e.cep]
      .filter(Boolean)
      .join(', ');
    doc.delivery = {
      deliveredBy: 'MERCHANT',
      deliveryAddress: {
        country: 'BR',
        state: e.uf,
        city: e.cidade,
        district: e.bairro,
        street: e.rua,
        number: e.numero,
        ...(e.complemento ? { complement: e.complemento } : {}),
        ...(e.detalhe ? { reference: e.detalhe } : {}),
        formattedAddress: formatted,
        postalCode: e.cep,
        coordinates: { latitude: p.coordenadas.lat, longitude: p.coordenadas.lng },
      },
      estimatedDeliveryDateTime: new Date(previsao).toISOString(),
    };
  }
  if (p.tipo === 'TOGO') {
    doc.takeout = { mode: 'DEFAULT', takeoutDateTime: new Date(previsao).toISOString() };
  }
  return doc;
}
