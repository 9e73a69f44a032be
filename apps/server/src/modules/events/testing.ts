/** Test helpers of the events suites (not imported by the app): a real SSE client over fetch. */

export interface EventoSse {
  id?: string;
  event?: string;
  data?: string;
  retry?: number;
  /** A comment line (the heartbeat). */
  comentario?: string;
}

export interface StreamTeste {
  status: number;
  headers: Headers;
  /** The body of a non-stream answer (errors). */
  corpo: string;
  /** Every frame received so far, in order. */
  recebidos: EventoSse[];
  /** The named events (no retry-only frames or comments). */
  eventos(): EventoSse[];
  /** Waits until a frame matching `pred` arrives (or was already there); throws after `ms`. */
  esperar(pred: (e: EventoSse) => boolean, ms?: number): Promise<EventoSse>;
  /** True once the server ended the stream. */
  terminou(): boolean;
  fim: Promise<void>;
  fechar(): void;
}

function parseFrame(bloco: string): EventoSse {
  const e: EventoSse = {};
  for (const linha of bloco.split('\n')) {
    if (linha.startsWith(':')) {
      e.comentario = linha.slice(1).trim();
      continue;
    }
    const i = linha.indexOf(':');
    const campo = i < 0 ? linha : linha.slice(0, i);
    const valor = i < 0 ? '' : linha.slice(i + 1).replace(/^ /, '');
    if (campo === 'id') e.id = valor;
    else if (campo === 'event') e.event = valor;
    else if (campo === 'data') e.data = e.data === undefined ? valor : `${e.data}\n${valor}`;
    else if (campo === 'retry') e.retry = Number(valor);
  }
  return e;
}

/** Opens an SSE stream with fetch (what the web clients do) and reads its frames as they come. */
export async function abrirStream(url: string, headers: Record<string, string> = {}): Promise<StreamTeste> {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const recebidos: EventoSse[] = [];
  const ouvintes = new Set<() => void>();
  let acabou = false;
  const avisar = () => {
    for (const o of ouvintes) o();
  };
  let corpo = '';
  let fim: Promise<void> = Promise.resolve();
  if (res.headers.get('content-type')?.startsWith('text/event-stream') && res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    fim = (async () => {
      let buf = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += value;
          let i: number;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            recebidos.push(parseFrame(buf.slice(0, i)));
            buf = buf.slice(i + 2);
          }
          avisar();
        }
      } catch {
        // Aborted by the test.
      } finally {
        acabou = true;
        avisar();
      }
    })();
  } else {
    corpo = await res.text();
    acabou = true;
  }
  return {
    status: res.status,
    headers: res.headers,
    corpo,
    recebidos,
    eventos: () => recebidos.filter((e) => e.event !== undefined),
    terminou: () => acabou,
    fim,
    esperar(pred, ms = 3000) {
      const ja = recebidos.find(pred);
      if (ja) return Promise.resolve(ja);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          ouvintes.delete(o);
          reject(new Error(`evento não chegou em ${ms} ms; recebidos: ${JSON.stringify(recebidos)}`));
        }, ms);
        const o = () => {
          const e = recebidos.find(pred);
          if (e) {
            clearTimeout(timer);
            ouvintes.delete(o);
            resolve(e);
          } else if (acabou) {
            clearTimeout(timer);
            ouvintes.delete(o);
            reject(new Error(`stream terminou; recebidos: ${JSON.stringify(recebidos)}`));
          }
        };
        ouvintes.add(o);
      });
    },
    fechar() {
      controller.abort();
    },
  };
}

export const dadosDe = (e: EventoSse): Record<string, unknown> =>
  JSON.parse(e.data ?? '{}') as Record<string, unknown>;

export const pausa = (ms: number) => new Promise((r) => setTimeout(r, ms));
