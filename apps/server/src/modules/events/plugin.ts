import type { ServerResponse } from 'node:http';
import { CLIENTE_EVENTOS_PATH } from '@rango/domain';
import { MSG_PAINEL } from '@rango/domain/painel';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { bearerOf, requireCliente } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import { clientIp } from '../../http/rate-limit.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { papelAgora, requireStaff } from '../staff/guard.ts';
import type { StaffNoEstabelecimento } from '../staff/guard.ts';
import { LIMPEZA_MS, createEventBus } from './bus.ts';
import type { EventBus } from './bus.ts';
import type { Audiencia } from './repository.ts';
import { ligarEventos } from './record.ts';

export type { EventosConfig } from './settings.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's event bus (modules/events/bus.ts). */
    eventos: EventBus;
  }
}

const HEARTBEAT_PADRAO_MS = 15_000;
/** A client this far behind in reading its stream is dropped (it reconnects and resumes). */
const MAX_PENDENTE = 256 * 1024;
/** Last-Event-ID / `desde`: an event id, nothing else. */
const ID_EVENTO = /^\d{1,15}$/;

/** The stream ends because its token expired (not a restart: no reason to wait). */
export const EVENTO_EXPIRADO = 'expirado';

/** `retry:` a client waits before reconnecting: spread so a restart does not bring all back at once. */
const retryComJitter = (minMs: number, maxMs: number): number =>
  Math.round(minMs + Math.random() * (maxMs - minMs));

/**
 * The bus of this app instance: decorated as `app.eventos`, started when the app is ready,
 * stopped when it closes (after the streams, which end in preClose so shutdown is not held up).
 */
export function instalarEventos(app: FastifyInstance, config: Config, db: Db): EventBus {
  const opcoes = config.eventos ?? {};
  ligarEventos(opcoes.ligados !== false);
  const bus = createEventBus(db, {
    log: app.log,
    pollMs: opcoes.pollMs,
    retencaoHoras: opcoes.retencaoHoras,
  });
  app.decorate('eventos', bus);
  // The kept log's clean-up: once per period across instances, not one DELETE per instance.
  app.jobs.define({
    name: 'limpar-eventos',
    everyMs: LIMPEZA_MS,
    leaseSeconds: 120,
    run: () => bus.limpar(),
  });
  app.addHook('onReady', async () => {
    await bus.iniciar();
  });
  app.addHook('onClose', async () => {
    await bus.parar();
  });
  return bus;
}

interface Stream {
  res: ServerResponse;
  /** Its heartbeat slice (see the heartbeat timer). */
  fatia: Set<Stream>;
  /** When its token expires (ms): the stream ends then, and the client comes back with a new one. */
  expira: number;
  cancelar(): void;
}

/** Last-Event-ID (the header a reconnecting client sends) or `desde` (the panel's list read). */
function ultimoEvento(req: FastifyRequest): number | null {
  const invalido = () => new HttpError(400, { detail: MSG_PAINEL.ultimoEventoInvalido });
  const h = req.headers['last-event-id'];
  const q = (req.query as Record<string, unknown> | undefined)?.desde;
  if (h !== undefined && typeof h !== 'string') throw invalido();
  if (q !== undefined && typeof q !== 'string') throw invalido();
  const header = h?.trim() ?? '';
  const desde = q?.trim() ?? '';
  for (const v of [header, desde]) if (v !== '' && !ID_EVENTO.test(v)) throw invalido();
  // An empty Last-Event-ID is "none" (EventSource's own rule).
  const raw = header !== '' ? header : desde;
  return raw === '' ? null : Number(raw);
}

/** When the request's bearer token expires (ms since the epoch). */
function expiracaoDoToken(req: FastifyRequest): number {
  try {
    const exp = decodeJwt(bearerOf(req) ?? '').exp;
    if (typeof exp === 'number') return exp * 1000;
  } catch {
    // Verified just before: unreachable, but a stream without a known end lives until the
    // client goes away.
  }
  return Number.POSITIVE_INFINITY;
}

export interface EventsRoutesDeps {
  config: Config;
  bus: EventBus;
  rateLimit: RateLimiter;
}

/**
 * The two Server-Sent Events streams (issue 11): the customer's (their orders) and the panel's
 * (one establishment). Written straight to the socket after `reply.hijack()`: the stream is
 * long-lived, must never pass through the compression or any buffering of Fastify's send
 * path, and costs only its socket and one small record, so 10,000 of them fit one instance.
 * Tokens come in the Authorization header only (clients read with fetch + an SSE parser).
 */
export function eventsRoutes({ config, bus, rateLimit }: EventsRoutesDeps) {
  const opcoes = config.eventos ?? {};
  const heartbeatMs = opcoes.heartbeatMs ?? HEARTBEAT_PADRAO_MS;
  const porMinuto = opcoes.conexoesPorMinuto ?? 60;

  return async function (app: FastifyInstance): Promise<void> {
    // One timer for every stream (not one each): the heartbeat, and the end of expired ones. The
    // streams are spread over slices, one slice per tick, so 10,000 streams cost a few hundred
    // writes now and then instead of one 10,000-write pause of the event loop every period.
    const FATIAS = 16;
    const fatias = Array.from({ length: FATIAS }, () => new Set<Stream>());
    let proximaFatia = 0;
    let vez = 0;
    let encerrando = false;
    const batida = setInterval(
      () => {
        const agora = Date.now();
        for (const s of fatias[vez++ % FATIAS]!) {
          // Said as an event: the client comes back at once with a renewed token, not after its backoff.
          if (s.expira <= agora) fechar(s, `event: ${EVENTO_EXPIRADO}\ndata: {}\n\n`);
          else escrever(s, ':\n\n');
        }
      },
      Math.max(1, Math.floor(heartbeatMs / FATIAS)),
    );
    batida.unref();

    function fechar(s: Stream, ultimo?: string): void {
      if (!s.fatia.delete(s)) return;
      s.cancelar();
      if (ultimo && !s.res.destroyed) s.res.end(ultimo);
      else s.res.end();
    }

    function escrever(s: Stream, texto: string): void {
      if (s.res.destroyed || s.res.writableEnded) return;
      s.res.write(texto);
      // A client that does not read: drop it rather than hold its backlog (it resumes on reconnect).
      if (s.res.writableLength > MAX_PENDENTE) {
        s.fatia.delete(s);
        s.cancelar();
        s.res.destroy();
      }
    }

    // Shutdown: every stream ends now with a hint to come back a little later (to another
    // instance, spread over a few seconds), so closing is not held up by open streams.
    app.addHook('preClose', async () => {
      encerrando = true;
      clearInterval(batida);
      for (const f of fatias) for (const s of [...f]) fechar(s, `retry: ${retryComJitter(1000, 5000)}\n\n`);
    });

    async function abrir(
      req: FastifyRequest,
      reply: FastifyReply,
      audiencia: Audiencia,
      quem: string,
      staff?: StaffNoEstabelecimento,
    ): Promise<void> {
      const ultimo = ultimoEvento(req);
      try {
        await rateLimit(req, reply, 'eventos', {
          max: porMinuto,
          windowSeconds: 60,
          key: `${quem}:${clientIp(req)}`,
        });
      } catch (e) {
        if (e instanceof HttpError && e.statusCode === 429) {
          throw new HttpError(429, { detail: MSG_PAINEL.muitasConexoes });
        }
        throw e;
      }

      // Events from the replay wait here until the headers are out; the subscription is made
      // first so that a failure (database down) is still an ordinary error answer.
      let pendentes: string[] | null = [];
      let stream: Stream | null = null;
      // A panel stream ends as soon as its person's access here changes (removed, left, another
      // role: EVENTO_ACESSO, through the bus, on every instance); the client comes back at once
      // and the guard answers with what holds now.
      let acessoMudou = false;
      const encerrar = () => {
        acessoMudou = true;
        if (stream) fechar(stream, `event: ${EVENTO_EXPIRADO}\ndata: {}\n\n`);
      };
      const assinatura = await bus.assinar(
        audiencia,
        ultimo,
        (frame) => {
          if (pendentes) pendentes.push(frame);
          else if (stream) escrever(stream, frame);
        },
        staff ? { idfuncionario: staff.idfuncionario, encerrar } : undefined,
      );
      if (staff) {
        // A change committed between the guard's read and the subscription was read by the bus
        // before this stream was there to hear it: read the role once more, now subscribed.
        try {
          const agora = await papelAgora(req.server.db, staff.idfuncionario, staff.idestabelecimento);
          if (agora !== staff.papel) acessoMudou = true;
        } catch (e) {
          assinatura.cancelar();
          throw e;
        }
      }
      const res = reply.raw;
      if (req.raw.destroyed || encerrando || acessoMudou) {
        // Gone while we subscribed, or the app is closing: nothing to stream.
        assinatura.cancelar();
        reply.hijack();
        res.destroy();
        return;
      }
      reply.hijack();
      // Fastify's own 'finish'/'error' listener (onResFinished) holds its request, reply and
      // logger until the response ends: hours for a stream. The stream is ours now: drop that one
      // only (Node's own 'finish' listener hands a keep-alive socket to its next request).
      for (const evento of ['finish', 'error'] as const) {
        for (const l of res.listeners(evento)) {
          if (typeof l === 'function' && l.name === 'onResFinished') {
            res.removeListener(evento, l as (...args: unknown[]) => void);
          }
        }
      }
      res.on('error', () => undefined);
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
      const fatia = fatias[proximaFatia++ % FATIAS]!;
      const s: Stream = { res, fatia, expira: expiracaoDoToken(req), cancelar: assinatura.cancelar };
      stream = s;
      fatia.add(s);
      res.on('close', () => {
        fatia.delete(s);
        s.cancelar();
      });
      let abertura = `retry: ${retryComJitter(2000, 5000)}\n\n`;
      for (const f of pendentes) abertura += f;
      pendentes = null;
      escrever(s, abertura);
      // Node keeps the sent header block for the response's life as a rope of ~70 concatenated
      // pieces (~2 KB); reading it once makes V8 flatten it in place (~0.4 KB) — 20 MB at 10,000
      // streams.
      const cabecalho = (res as unknown as { _header?: unknown })._header;
      if (typeof cabecalho === 'string') cabecalho.charCodeAt(0);
    }

    app.get(CLIENTE_EVENTOS_PATH, { compress: false }, async (req, reply) => {
      const idcliente = await requireCliente(req);
      await abrir(req, reply, { idcliente }, `c${idcliente}`);
    });

    app.get<{ Params: { id: string } }>(
      '/painel/estabelecimento/:id/eventos/',
      { compress: false },
      async (req, reply) => {
        const staff = await requireStaff(req, req.params.id);
        await abrir(
          req,
          reply,
          { idestabelecimento: staff.idestabelecimento },
          `f${staff.idfuncionario}`,
          staff,
        );
      },
    );
  };
}
