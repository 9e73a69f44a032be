import { randomUUID } from 'node:crypto';
import { EVENTO } from '@rango/domain';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { dialectOf, pgPoolOf } from '../../db/index.ts';
import type { Db } from '../../db/index.ts';
import { EVENTO_ACESSO, funcionarioDoAcesso, registrarDespertador } from './record.ts';
import { CHAVE_ZERO, compararChaves, eventsRepository as repo } from './repository.ts';
import type { Audiencia, Chave, EventoRow } from './repository.ts';

/** The PostgreSQL channel every instance LISTENs on; a NOTIFY on it only says "read the table". */
export const CANAL_EVENTOS = 'rango_eventos';

export interface EventBusOptions {
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /**
   * The fallback poll (ms): how late an event can be when no wake-up reached this instance
   * (a lost NOTIFY, the CLI writing the SQLite file from another process). Default 1000 on
   * PostgreSQL, 300 on SQLite.
   */
  pollMs?: number | undefined;
  /** How long events are kept for resuming (hours); an older Last-Event-ID gets a reset. */
  retencaoHoras?: number | undefined;
}

/** What a stream gets from the bus: whole SSE frames, built once per event for every stream. */
export type Enviar = (frame: string) => void;

/** A panel stream's staff member, and how the stream ends when their access there changes. */
export interface DoFuncionario {
  idfuncionario: number;
  /** Called (once or more) when an EVENTO_ACESSO names this person at this establishment. */
  encerrar(): void;
}

export interface Assinatura {
  /** The Last-Event-ID could not be resumed (too old, unknown, too far behind): a reset was sent. */
  reset: boolean;
  cancelar(): void;
}

export interface EventBus {
  /**
   * Subscribes a stream to an audience. With `ultimo` (a Last-Event-ID; 0 = from the start of the
   * kept log) the events after it are sent first, then live ones, none twice and none missed;
   * without, only what happens from now on.
   */
  assinar(
    audiencia: Audiencia,
    ultimo: number | null,
    enviar: Enviar,
    funcionario?: DoFuncionario,
  ): Promise<Assinatura>;
  /** Reads the table now (a commit in this process, or a NOTIFY from another). */
  acordar(): void;
  /**
   * Reads the table now: every event whose transaction is done and that sorts before any still
   * running is delivered when it resolves (on PostgreSQL a transaction running elsewhere on the
   * cluster holds the later ones back; a read is scheduled again shortly).
   */
  ler(): Promise<void>;
  /**
   * Reads until nothing is held back, then resolves: every event committed before the call was
   * delivered (tests; gives up after about 5 s of reads held back).
   */
  lerTudo(): Promise<void>;
  /** Streams subscribed now. */
  assinantes(): number;
  iniciar(): Promise<void>;
  parar(): Promise<void>;
  /** Deletes the events past the retention (a periodic job: modules/jobs, once across instances). */
  limpar(): Promise<void>;
}

interface Assinante {
  /** The client has everything up to here: nothing at or before it is sent. */
  depois: Chave;
  /** While the missed events are being replayed, live ones wait here. */
  fila: { chave: Chave; frame: string }[] | null;
  enviar: Enviar;
  funcionario: DoFuncionario | undefined;
}

/** Rows read per tail query. */
const LOTE = 500;
/** A resume needing more than this many events gets a reset (re-reading is cheaper). */
export const MAX_REPLAY = 1000;
/** At most one NOTIFY per this many ms per instance, however many commits. */
const NOTIFY_MS = 50;
/** A commit in this process is read at most this late (and at most once per this many ms). */
const LEITURA_MIN_MS = 10;
/** How often the events past the retention are deleted. */
export const LIMPEZA_MS = 10 * 60_000;

export const frameReset = `event: ${EVENTO.reset}\ndata: {}\n\n`;

/** The SSE frame of one event: `data` is the event's DadosEvento with its order's id. */
export function frameDe(ev: EventoRow): string {
  let data = ev.dados;
  if (ev.idpedido !== null) {
    try {
      data = JSON.stringify({ idpedido: ev.idpedido, ...(JSON.parse(ev.dados) as object) });
    } catch {
      data = JSON.stringify({ idpedido: ev.idpedido });
    }
  }
  return `id: ${ev.id}\nevent: ${ev.tipo}\ndata: ${data}\n\n`;
}

/**
 * One per app instance: tails the `evento` table in delivery order (see repository.ts's Chave)
 * and fans each event out in memory to the streams of its establishment and of its customer.
 * Woken at once by commits in this process (avisarEventos) and, on PostgreSQL, by a NOTIFY from
 * other instances on one LISTEN connection kept outside the pool; a short poll catches anything
 * else. This instance's own commits send one coalesced NOTIFY (after commit, never inside the
 * order's transaction: a NOTIFY there takes a cluster-wide lock at commit).
 */
export function createEventBus(db: Db, options: EventBusOptions): EventBus {
  const postgres = dialectOf(db) === 'postgres';
  /** This instance's NOTIFY payload, so it can tell its own from the others'. */
  const instancia = randomUUID();
  const pollMs = options.pollMs ?? (postgres ? 1000 : 300);
  const retencaoMs = (options.retencaoHoras ?? 24) * 3_600_000;
  const log = options.log;
  const porEstabelecimento = new Map<number, Set<Assinante>>();
  const porCliente = new Map<number, Set<Assinante>>();
  let total = 0;

  let cursor: Chave = CHAVE_ZERO;
  let iniciado: Promise<void> | null = null;
  let parado = false;
  let lendo: Promise<void> | null = null;
  let outraVez = false;
  /** The last read stopped at an event of a transaction that started earlier than one running. */
  let retido = false;
  let agendado: NodeJS.Timeout | null = null;
  let agendadoPara = 0;
  let bloqueios = 0;
  /** Reads failed in a row (logged once, then once when back). */
  let falhas = 0;
  const timers: NodeJS.Timeout[] = [];

  const juntar = (mapa: Map<number, Set<Assinante>>, id: number, a: Assinante) => {
    let set = mapa.get(id);
    if (!set) mapa.set(id, (set = new Set()));
    set.add(a);
  };
  const separar = (mapa: Map<number, Set<Assinante>>, id: number, a: Assinante) => {
    const set = mapa.get(id);
    if (set?.delete(a) && set.size === 0) mapa.delete(id);
  };

  function entregar(ev: EventoRow): void {
    if (ev.tipo === EVENTO_ACESSO) {
      // Not news for anyone: the named person's streams of this establishment end.
      const quem = funcionarioDoAcesso(ev);
      for (const a of porEstabelecimento.get(ev.idestabelecimento) ?? []) {
        if (quem !== undefined && a.funcionario?.idfuncionario === quem) a.funcionario.encerrar();
      }
      return;
    }
    const sets = [
      porEstabelecimento.get(ev.idestabelecimento),
      ev.idcliente === null ? undefined : porCliente.get(ev.idcliente),
    ];
    let frame: string | null = null;
    const chave: Chave = { txid: ev.txid, id: ev.id };
    for (const set of sets) {
      if (!set) continue;
      frame ??= frameDe(ev);
      for (const a of set) {
        if (compararChaves(chave, a.depois) <= 0) continue;
        if (a.fila) {
          a.fila.push({ chave, frame });
          continue;
        }
        a.depois = chave;
        a.enviar(frame);
      }
    }
  }

  async function lerAgora(): Promise<void> {
    do {
      outraVez = false;
      const rows = await repo.depois(db, cursor, LOTE);
      let bloqueado = false;
      for (const r of rows) {
        // A transaction that started earlier is still running: it may commit an event that sorts
        // before this one, so stop here and look again shortly.
        if (!r.pronto) {
          bloqueado = true;
          break;
        }
        cursor = { txid: r.txid, id: r.id };
        entregar(r);
      }
      retido = bloqueado;
      if (bloqueado) {
        // 10, 20, 40, then every 50 ms while a transaction elsewhere holds the events back (any
        // running transaction below them counts, even another database's on the same cluster).
        agendar(Math.min(pollMs, 50, 10 * 2 ** bloqueios++));
      } else {
        bloqueios = 0;
        if (rows.length === LOTE) outraVez = true;
      }
    } while (outraVez && !parado);
  }

  function ler(): Promise<void> {
    if (parado || !iniciado) return Promise.resolve();
    if (lendo) {
      outraVez = true;
      return lendo;
    }
    lendo = lerAgora()
      .then(() => {
        if (falhas > 0) log.warn({ falhas }, 'eventos: leitura voltou');
        falhas = 0;
      })
      .catch((e: unknown) => {
        // The poll retries every second: one line when reading stops working (a database gone
        // for 30 s), then one when it works again, not one per poll.
        if (falhas++ === 0)
          log.warn({ erro: e instanceof Error ? e.message : String(e) }, 'eventos: leitura falhou');
      })
      .finally(() => {
        lendo = null;
      });
    return lendo;
  }

  /** One read a moment from now, however many wake-ups come meanwhile (a burst of orders). */
  function agendar(ms: number): void {
    if (parado) return;
    const quando = Date.now() + ms;
    if (agendado) {
      if (agendadoPara <= quando) return;
      clearTimeout(agendado);
    }
    agendadoPara = quando;
    agendado = setTimeout(() => {
      agendado = null;
      void ler();
    }, ms);
  }

  // ---- PostgreSQL: the other instances ----

  let listener: pg.Client | null = null;
  let tentativas = 0;
  let reconectar: NodeJS.Timeout | null = null;
  let notifyTimer: NodeJS.Timeout | null = null;
  let ultimoNotify = 0;

  function ouvir(): void {
    const pool = pgPoolOf(db);
    if (!pool || parado) return;
    const c = new pg.Client(pool.options);
    let caiu = false;
    const cair = (e?: unknown) => {
      if (caiu) return;
      caiu = true;
      if (listener === c) listener = null;
      c.end().catch(() => undefined);
      if (parado) return;
      const ms = Math.min(10_000, 250 * 2 ** tentativas++);
      log.warn(
        { erro: e instanceof Error ? e.message : undefined, ms },
        'eventos: LISTEN caiu, reconectando',
      );
      reconectar = setTimeout(ouvir, ms);
    };
    c.on('error', cair);
    c.on('end', () => cair());
    // Its own NOTIFY comes back too: this instance read on its commit already.
    c.on('notification', (n) => {
      if (n.payload !== instancia) agendar(0);
    });
    c.connect()
      .then(() => c.query(`LISTEN ${CANAL_EVENTOS}`))
      .then(() => {
        if (parado) {
          caiu = true;
          return c.end();
        }
        listener = c;
        tentativas = 0;
        // Anything written while we were not listening.
        agendar(0);
      })
      .catch(cair);
  }

  function notificarOutros(): void {
    if (!postgres || notifyTimer || parado) return;
    notifyTimer = setTimeout(
      () => {
        notifyTimer = null;
        ultimoNotify = Date.now();
        repo.notificar(db, CANAL_EVENTOS, instancia).catch((e: unknown) => {
          log.warn({ erro: e instanceof Error ? e.message : String(e) }, 'eventos: NOTIFY falhou');
        });
      },
      Math.max(0, ultimoNotify + NOTIFY_MS - Date.now()),
    );
  }

  async function limpar(): Promise<void> {
    try {
      await repo.apagarAntes(db, new Date(Date.now() - retencaoMs).toISOString());
    } catch (e) {
      log.warn({ erro: e instanceof Error ? e.message : String(e) }, 'eventos: limpeza falhou');
    }
  }

  let desregistrar: (() => void) | null = null;

  return {
    iniciar() {
      iniciado ??= (async () => {
        cursor = await repo.fim(db);
        // A commit in this process: read now (coalesced) and wake the other instances.
        desregistrar = registrarDespertador(db, () => {
          // At most one read per LEITURA_MIN_MS however many commits (a burst of orders): each
          // read is a query, and under load it competed with the orders themselves.
          agendar(LEITURA_MIN_MS);
          notificarOutros();
        });
        if (postgres) ouvir();
        const poll = setInterval(() => void ler(), pollMs);
        poll.unref();
        timers.push(poll);
      })();
      return iniciado;
    },

    async parar() {
      parado = true;
      desregistrar?.();
      for (const t of timers) clearInterval(t);
      for (const t of [agendado, reconectar, notifyTimer]) if (t) clearTimeout(t);
      const l = listener;
      listener = null;
      await l?.end().catch(() => undefined);
      await lendo;
    },

    acordar() {
      agendar(0);
    },

    ler,

    async lerTudo() {
      await ler();
      for (let i = 0; retido && !parado && i < 500; i++) {
        await new Promise((r) => setTimeout(r, 10));
        await ler();
      }
    },

    limpar,

    assinantes: () => total,

    async assinar(audiencia, ultimo, enviar, funcionario) {
      await (iniciado ?? this.iniciar());
      let desde: Chave | null = null;
      let reset = false;
      if (ultimo === 0) desde = CHAVE_ZERO;
      else if (ultimo !== null) {
        const k = await repo.chaveDe(db, ultimo);
        if (!k || Date.parse(k.criado_em) < Date.now() - retencaoMs) reset = true;
        else desde = { txid: k.txid, id: k.id };
      }
      // From here to the subscription nothing awaits: every event after `ate` reaches this
      // stream live, every one up to it comes from the replay below.
      const ate = cursor;
      const a: Assinante = {
        depois: desde !== null && compararChaves(desde, ate) > 0 ? desde : ate,
        fila: desde !== null ? [] : null,
        enviar,
        funcionario,
      };
      const mapa = 'idcliente' in audiencia ? porCliente : porEstabelecimento;
      const id = 'idcliente' in audiencia ? audiencia.idcliente : audiencia.idestabelecimento;
      juntar(mapa, id, a);
      total++;
      let ativa = true;
      const cancelar = () => {
        if (!ativa) return;
        ativa = false;
        separar(mapa, id, a);
        total--;
      };
      if (reset) enviar(frameReset);
      if (desde !== null && compararChaves(desde, ate) < 0) {
        try {
          const rows = await repo.intervalo(db, audiencia, desde, ate, MAX_REPLAY + 1);
          if (rows.length > MAX_REPLAY) {
            reset = true;
            enviar(frameReset);
          } else {
            for (const r of rows) if (r.tipo !== EVENTO_ACESSO) enviar(frameDe(r));
          }
        } catch (e) {
          cancelar();
          throw e;
        }
      }
      const fila = a.fila ?? [];
      a.fila = null;
      for (const f of fila) {
        if (compararChaves(f.chave, a.depois) <= 0) continue;
        a.depois = f.chave;
        enviar(f.frame);
      }
      return { reset, cancelar };
    },
  };
}

/**
 * A process without a bus (the CLI): after a command that recorded events, one NOTIFY so every
 * server instance on PostgreSQL reads them at once (on SQLite their poll finds them).
 */
export function avisoEntreProcessos(db: Db): { finalizar(): Promise<void> } {
  let houve = false;
  const desregistrar = registrarDespertador(db, () => {
    houve = true;
  });
  return {
    async finalizar() {
      desregistrar();
      if (houve && dialectOf(db) === 'postgres') await repo.notificar(db, CANAL_EVENTOS);
    },
  };
}
