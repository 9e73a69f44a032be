/**
 * The panel's live events (issue 11): one stream per tab for the whole establishment, read with
 * the shared fetch-based SSE client (src/lib/event-stream.ts: staff token in the Authorization
 * header, Last-Event-ID, the server's `retry:`, backoff with jitter, online/offline, watchdog,
 * de-duplication by id). On top of it, what the queue needs: the first connection resumes from
 * the list read's last event id, so nothing between the read and the stream is missed; after a
 * `reset` or any reconnection the list is read again (what the replay could not cover); and
 * while the stream keeps failing, the queue falls back to polling.
 */
import type { DadosEvento } from '@rango/domain/painel';
import { staffEuSchema } from '@rango/domain/painel';
import { openEventStream, type StreamEvent, type StreamState } from '../../shared/lib/event-stream.ts';
import { painelGet } from '../api/client.ts';
import { API_BASE } from '../paths.ts';
import { getStaffSession } from '../session.ts';

/** What the connection indicator says. */
export type Conexao = 'conectando' | 'conectado' | 'reconectando' | 'sem-conexao';

export const CONEXAO_TEXTO: Record<Conexao, string> = {
  conectando: 'Conectando…',
  conectado: 'Conectado',
  reconectando: 'Reconectando…',
  'sem-conexao': 'Sem conexão',
};

export interface EventoPainel {
  id: number;
  tipo: string;
  dados: DadosEvento;
}

export interface EventosPainelOptions {
  idest: number;
  /** The list read's `ultimo_evento`: the stream replays every event after it. */
  desde: number | null;
  onEvento: (ev: EventoPainel) => void;
  /** Read the whole list again (reset, reconnection). */
  onResync: () => void;
  onConexao: (c: Conexao) => void;
  /** True while the stream keeps failing: poll the list instead. */
  onFallback: (ativo: boolean) => void;
  /** Tests. */
  fetch?: typeof fetch;
  random?: () => number;
  watchdogMs?: number;
  fallbackAposMs?: number;
  avisoReconexaoMs?: number;
}

/**
 * How long the stream may stay down before the indicator says 'Sem conexão' and the queue polls
 * (a few reconnection attempts with backoff; a server restart is back well within it).
 */
export const FALLBACK_APOS_MS = 20_000;
/**
 * A reconnection shorter than this is not shown: the server ends every stream when its access
 * token expires (5 min) and the client is back within seconds (the server's `retry:` of 2–5 s,
 * ±50 % here, plus a token refresh), missing nothing (Last-Event-ID); 'Reconectando…' flashing
 * every few minutes would read as trouble. Measured against the real server with 20 s tokens.
 */
export const AVISO_RECONEXAO_MS = 10_000;

export const eventosPainelUrl = (idest: number) => `${API_BASE}/painel/estabelecimento/${idest}/eventos/`;

const objeto = (v: unknown): DadosEvento => (v !== null && typeof v === 'object' ? (v as DadosEvento) : {});

/**
 * After a 401 the access token expired while the stream was down: any panel call refreshes the
 * session (the client shares one refresh across tabs); the stream then retries with the new token.
 */
async function renovarSessao(): Promise<boolean> {
  try {
    await painelGet('/painel/eu/', staffEuSchema);
    return getStaffSession().access !== null;
  } catch {
    return false;
  }
}

export function abrirEventosPainel(options: EventosPainelOptions): { fechar(): void; reconectar(): void } {
  const fallbackAposMs = options.fallbackAposMs ?? FALLBACK_APOS_MS;
  const avisoReconexaoMs = options.avisoReconexaoMs ?? AVISO_RECONEXAO_MS;
  let aviso: ReturnType<typeof setTimeout> | null = null;
  let abriu = false;
  let fallback = false;
  let fechado = false;
  let caiu: ReturnType<typeof setTimeout> | null = null;
  const setFallback = (ativo: boolean) => {
    if (ativo === fallback) return;
    fallback = ativo;
    options.onFallback(ativo);
  };
  const semConexao = () => {
    setFallback(true);
    options.onConexao('sem-conexao');
  };
  const pararRelogio = () => {
    if (caiu) clearTimeout(caiu);
    if (aviso) clearTimeout(aviso);
    caiu = null;
    aviso = null;
  };

  const onState = (s: StreamState) => {
    if (fechado) return;
    switch (s) {
      case 'conectando':
        options.onConexao('conectando');
        caiu ??= setTimeout(semConexao, fallbackAposMs);
        break;
      case 'aberto':
        pararRelogio();
        setFallback(false);
        options.onConexao('conectado');
        // Whatever the replay could not cover (a gap past the server's retention answers
        // 'reset'; a replay covers only events): read the list again after every reconnection.
        if (abriu) options.onResync();
        abriu = true;
        break;
      case 'reconectando':
        caiu ??= setTimeout(semConexao, fallbackAposMs);
        if (fallback || aviso) break;
        aviso = setTimeout(() => {
          if (!fallback) options.onConexao('reconectando');
        }, avisoReconexaoMs);
        break;
      case 'offline':
      case 'encerrado':
        pararRelogio();
        semConexao();
        break;
    }
  };

  const stream = openEventStream({
    url: eventosPainelUrl(options.idest),
    getToken: () => getStaffSession().access,
    onUnauthorized: renovarSessao,
    onEvent: (ev: StreamEvent) => options.onEvento({ id: ev.id, tipo: ev.event, dados: objeto(ev.data) }),
    onReset: options.onResync,
    onState,
    // Nothing yet (a new establishment): every event from the first one is new to this panel.
    lastEventId: options.desde ?? 0,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.random ? { random: options.random } : {}),
    ...(options.watchdogMs !== undefined ? { watchdogMs: options.watchdogMs } : {}),
  });
  return {
    fechar: () => {
      fechado = true;
      pararRelogio();
      stream.close();
    },
    reconectar: () => stream.reconnect(),
  };
}
