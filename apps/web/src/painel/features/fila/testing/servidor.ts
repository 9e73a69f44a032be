/**
 * A stand-in for the panel's API in the queue's tests: orders kept in memory, the status move
 * applying the domain's transitions (409 otherwise), the store, the settings, the receipt and
 * an event stream the test writes into.
 */
import { STATUS, canTransition } from '@rango/domain';
import type {
  LojaPainel,
  MensagensDoPedido,
  PainelConfig,
  PainelStatusResposta,
  PedidoPainel,
} from '@rango/domain/painel';
import { vi } from 'vitest';
import { CONFIG } from './fixtures.ts';

export interface ChamadaApi {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export function servidorPainel(
  pedidosIniciais: PedidoPainel[],
  opcoes: {
    config?: Partial<PainelConfig>;
    estorno?: PainelStatusResposta['estorno'];
    recusar?: string;
    /** The store waits for the platform's approval (APROVACAO_ESTABELECIMENTOS). */
    aguardandoAprovacao?: boolean;
    /** The drawer's messages per order (none by default); a number answers that status. */
    mensagens?: Record<number, MensagensDoPedido | number>;
  } = {},
) {
  const pedidos = new Map(pedidosIniciais.map((p) => [p.id, p]));
  const chamadas: ChamadaApi[] = [];
  let loja: LojaPainel = {
    aberta: true,
    reabrir_em: null,
    no_horario: true,
    ...(opcoes.aguardandoAprovacao ? { aguardando_aprovacao: true } : {}),
  };
  const config: PainelConfig = { ...CONFIG, ...opcoes.config };
  let ultimoEvento = 10;
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  const enc = new TextEncoder();

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const path = url.replace(/^.*\/api\/ead/, '');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    chamadas.push({ method, path, body, headers: Object.fromEntries(new Headers(init?.headers).entries()) });
    const base = '/painel/estabelecimento/7/';
    if (!path.startsWith(base)) return json(404, { detail: 'Não encontrado.' });
    const resto = path.slice(base.length);
    if (resto === 'eventos/') {
      const stream = new ReadableStream<Uint8Array>({
        start(c) {
          streams.push(c);
          c.enqueue(enc.encode('retry: 5000\n\n'));
        },
      });
      init?.signal?.addEventListener('abort', () => undefined);
      return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }
    if (resto === 'pedidos/')
      return json(200, { pedidos: [...pedidos.values()], ultimo_evento: ultimoEvento });
    if (resto === 'config/') return json(200, config);
    if (resto === 'loja/') {
      if (method === 'PUT') {
        const b = body as { aberta: boolean; reabrir_em?: string | null };
        loja = { ...loja, aberta: b.aberta, reabrir_em: b.aberta ? null : (b.reabrir_em ?? null) };
      }
      return json(200, loja);
    }
    const mm = /^pedido\/(\d+)\/mensagens\/$/.exec(resto);
    if (mm && pedidos.has(Number(mm[1]))) {
      const r = opcoes.mensagens?.[Number(mm[1])] ?? { mensagens: [], avaliacao: null, whatsapp: null };
      return typeof r === 'number' ? json(r, { detail: 'Erro.' }) : json(200, r);
    }
    const m = /^pedido\/(\d+)\/(status\/|cupom\/)?$/.exec(resto);
    const p = m ? pedidos.get(Number(m[1])) : undefined;
    if (!m || !p) {
      if (/disponibilidade\/$/.test(resto))
        return json(200, { stindisponivel: (body as { stindisponivel: number }).stindisponivel });
      return json(404, { detail: 'Pedido não encontrado.' });
    }
    if (m[2] === 'cupom/') return new Response('<html><body>Cupom</body></html>', { status: 200 });
    if (m[2] === 'status/') {
      const b = body as { status: number; motivo?: string; previsao_minutos?: number };
      if (opcoes.recusar) return json(409, { detail: opcoes.recusar });
      if (!canTransition(p.status, b.status, p.tipo))
        return json(409, { detail: 'Este pedido já mudou de situação.' });
      if (b.status === STATUS.Cancelado && !b.motivo?.trim())
        return json(400, { motivo: ['Informe o motivo do cancelamento.'] });
      const agora = new Date().toISOString();
      const novo: PedidoPainel = {
        ...p,
        status: b.status,
        previsao_em:
          b.status === STATUS.Confirmado && b.previsao_minutos
            ? new Date(Date.now() + b.previsao_minutos * 60_000).toISOString()
            : p.previsao_em,
        historico: [...p.historico, { status: b.status, datahora: agora, motivo: b.motivo ?? null }],
      };
      pedidos.set(p.id, novo);
      return json(200, {
        pedido: novo,
        estorno: b.status === STATUS.Cancelado ? (opcoes.estorno ?? null) : null,
      });
    }
    return json(200, p);
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    chamadas,
    pedidos,
    /** Writes an event to every open stream (as the server would after a change). */
    evento(tipo: string, dados: Record<string, unknown>) {
      ultimoEvento += 1;
      const texto = `id: ${ultimoEvento}\nevent: ${tipo}\ndata: ${JSON.stringify(dados)}\n\n`;
      for (const s of streams) s.enqueue(enc.encode(texto));
    },
    streamsAbertos: () => streams.length,
    statusPosts: () => chamadas.filter((c) => c.method === 'POST' && c.path.endsWith('/status/')),
  };
}
