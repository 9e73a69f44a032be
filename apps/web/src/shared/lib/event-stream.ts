/**
 * A Server-Sent Events client over fetch (issue 11), shared by the customer's tracking pages and
 * the restaurant's panel. Not EventSource: that cannot send an Authorization header, and a token
 * must never travel in a URL (logs, history, proxies). What EventSource would do is done here:
 * Last-Event-ID on reconnect, the server's `retry:`, reconnection with exponential backoff and
 * jitter (a server restart must not bring every tablet back in the same second), plus what it
 * lacks: a watchdog for a connection that died silently (Wi-Fi gone, no FIN), `online`/`offline`,
 * de-duplication of events by id, and a refreshed token after a 401.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface StreamEvent {
  id: number;
  event: string;
  data: unknown;
}

/** 'aberto': receiving; 'reconectando': waiting to try again; 'offline': the browser is offline. */
export type StreamState = 'conectando' | 'aberto' | 'reconectando' | 'offline' | 'encerrado';

export interface EventStreamOptions {
  /** The stream's URL (same origin). */
  url: string;
  /** The access token to send, or null to stop (logged out). */
  getToken: () => string | null;
  /** After a 401: refresh the session; true to try again at once, false to stop. */
  onUnauthorized: () => Promise<boolean>;
  onEvent: (event: StreamEvent) => void;
  /** The server no longer has what we missed (event `reset`), or we reconnected after a gap: read everything again. */
  onReset?: () => void;
  onState?: (state: StreamState) => void;
  /** The first connection's Last-Event-ID (the id the list read ended at), if any. */
  lastEventId?: number | null;
  /** Tests. */
  fetch?: typeof fetch;
  random?: () => number;
  /** No bytes for this long (the server's heartbeat is every 15–20 s) = a dead connection. */
  watchdogMs?: number;
}

export interface EventStream {
  close(): void;
  /** Reconnect now (after the browser came back online, or a user's 'Tentar agora'). */
  reconnect(): void;
}

const RETRY_PADRAO_MS = 3000;
const RETRY_MAX_MS = 30_000;
const WATCHDOG_MS = 45_000;
/** Ids remembered for de-duplication (a replay after a reconnect may repeat the last few). */
const IDS_LEMBRADOS = 500;

/** The wait before attempt `n` (0-based): base × 2ⁿ, capped, with ±50 % jitter. */
export function backoffMs(base: number, tentativa: number, random: () => number = Math.random): number {
  const teto = Math.min(RETRY_MAX_MS, base * 2 ** Math.min(tentativa, 10));
  return Math.round(teto * (0.5 + random()));
}

function parseData(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function openEventStream(options: EventStreamOptions): EventStream {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const random = options.random ?? Math.random;
  const watchdogMs = options.watchdogMs ?? WATCHDOG_MS;
  let lastId: number | null = options.lastEventId ?? null;
  const vistos = new Set<number>();
  let retryMs = RETRY_PADRAO_MS;
  let tentativa = 0;
  let fechado = false;
  let controller: AbortController | null = null;
  let espera: ReturnType<typeof setTimeout> | null = null;
  let estado: StreamState | null = null;
  let expirou = false;

  const setState = (s: StreamState) => {
    if (s === estado) return;
    estado = s;
    options.onState?.(s);
  };

  const lembrar = (id: number) => {
    vistos.add(id);
    if (vistos.size > IDS_LEMBRADOS) {
      const primeiro = vistos.values().next().value;
      if (primeiro !== undefined) vistos.delete(primeiro);
    }
  };

  const agendar = (ms: number) => {
    if (fechado) return;
    if (espera) clearTimeout(espera);
    setState(typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'reconectando');
    espera = setTimeout(() => {
      espera = null;
      void conectar();
    }, ms);
  };

  const handle = (msg: EventSourceMessage) => {
    const id = msg.id !== undefined && /^\d{1,15}$/.test(msg.id) ? Number(msg.id) : null;
    const event = msg.event ?? 'message';
    // The server ended the stream because the token expired: come back at once (a restart says
    // `retry:` instead, and everyone waits their jittered time).
    if (event === 'expirado') {
      expirou = true;
      return;
    }
    if (event === 'reset') {
      if (id !== null) lastId = id;
      options.onReset?.();
      return;
    }
    if (id === null) return;
    lastId = id;
    if (vistos.has(id)) return;
    lembrar(id);
    options.onEvent({ id, event, data: parseData(msg.data) });
  };

  async function conectar(): Promise<void> {
    if (fechado) return;
    const token = options.getToken();
    if (token === null) {
      setState('encerrado');
      return;
    }
    controller?.abort();
    const ctrl = new AbortController();
    controller = ctrl;
    if (estado === null) setState('conectando');
    let watchdog: ReturnType<typeof setTimeout> | null = null;
    const vigiar = () => {
      if (watchdog) clearTimeout(watchdog);
      watchdog = setTimeout(() => ctrl.abort(), watchdogMs);
    };
    try {
      vigiar();
      const res = await doFetch(options.url, {
        headers: {
          accept: 'text/event-stream',
          authorization: `Bearer ${token}`,
          ...(lastId !== null ? { 'last-event-id': String(lastId) } : {}),
        },
        cache: 'no-store',
        signal: ctrl.signal,
      });
      if (res.status === 401) {
        if (watchdog) clearTimeout(watchdog);
        if (await options.onUnauthorized()) {
          if (!fechado) void conectar();
        } else {
          setState('encerrado');
        }
        return;
      }
      if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
      const reconexao = tentativa > 0;
      tentativa = 0;
      setState('aberto');
      // A reconnection resumes from Last-Event-ID; without one, what happened meanwhile is unknown.
      if (reconexao && lastId === null) options.onReset?.();
      const parser = createParser({
        onEvent: handle,
        onRetry: (ms) => {
          if (ms > 0) retryMs = ms;
        },
      });
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        vigiar();
        parser.feed(value);
      }
    } catch {
      // Aborted (closed, watchdog, offline) or the network failed: try again below.
    } finally {
      if (watchdog) clearTimeout(watchdog);
    }
    if (fechado || controller !== ctrl) return;
    if (expirou) {
      expirou = false;
      tentativa = 0;
      agendar(0);
      return;
    }
    agendar(backoffMs(retryMs, tentativa++, random));
  }

  const online = () => {
    if (fechado) return;
    tentativa = 0;
    if (espera) clearTimeout(espera);
    espera = null;
    void conectar();
  };
  const offline = () => {
    setState('offline');
    controller?.abort();
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
  }
  void conectar();

  return {
    close() {
      fechado = true;
      if (espera) clearTimeout(espera);
      controller?.abort();
      if (typeof window !== 'undefined') {
        window.removeEventListener('online', online);
        window.removeEventListener('offline', offline);
      }
      setState('encerrado');
    },
    reconnect: online,
  };
}
