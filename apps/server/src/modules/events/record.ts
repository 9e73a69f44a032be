import type { DadosEvento, TipoEvento } from '@rango/domain';
import type { Db } from '../../db/index.ts';
import { eventsRepository } from './repository.ts';

/** An event to record with the change it reports. */
export interface NovoEvento {
  idestabelecimento: number;
  /** The order's customer (their stream gets it); null for panel-only events. */
  idcliente?: number | null | undefined;
  idpedido?: number | null | undefined;
  tipo: TipoEvento;
  dados: DadosEvento;
}

let ligados = true;

/**
 * Events on (the default) or off. Off only for the orders benchmark's comparison run
 * (EVENTOS=0): nothing is recorded and the streams stay silent. Process-wide because the writers
 * record through a transaction, which is not the app's own database object.
 */
export function ligarEventos(on: boolean): void {
  ligados = on;
}

export const eventosLigados = (): boolean => ligados;

/**
 * Records a live event. Call it with the transaction that makes the change, so the event exists
 * exactly when the change does (a rolled-back change leaves no event). After the commit, call
 * avisarEventos(db) so open streams hear of it at once instead of at the next poll.
 */
export async function registrarEvento(db: Db, ev: NovoEvento): Promise<void> {
  if (!ligados) return;
  await db
    .insertInto('evento')
    .values({
      idestabelecimento: ev.idestabelecimento,
      idcliente: ev.idcliente ?? null,
      idpedido: ev.idpedido ?? null,
      tipo: ev.tipo,
      dados: JSON.stringify(ev.dados),
      criado_em: new Date().toISOString(),
    })
    .execute();
}

/**
 * registrarEvento for a payment attempt's change (payments' own transaction): the event goes to
 * the attempt's order, its establishment and customer, read from the order in the same statement
 * (no event when the attempt has no order any more).
 */
export async function registrarEventoDoPagamento(
  db: Db,
  idpagamento: number,
  tipo: TipoEvento,
  dados: DadosEvento,
): Promise<void> {
  if (!ligados) return;
  await eventsRepository.registrarDoPagamento(
    db,
    idpagamento,
    tipo,
    JSON.stringify(dados),
    new Date().toISOString(),
  );
}

/**
 * An internal event, never streamed: a staff member's access to an establishment changed (removed
 * from the team, left it, got another role). Every instance's bus reads it from the table like
 * any event and ends that person's open panel streams there at once; the client comes back and
 * the guard answers with the new role (or 404).
 */
export const EVENTO_ACESSO = 'equipe.acesso';

/**
 * Records EVENTO_ACESSO in the transaction of the change (always, even with events off: it is a
 * guard, not news). After the commit, avisarEventos(db) as for any event.
 */
export async function registrarMudancaDeAcesso(
  db: Db,
  idestabelecimento: number,
  idfuncionario: number,
): Promise<void> {
  await db
    .insertInto('evento')
    .values({
      idestabelecimento,
      idcliente: null,
      idpedido: null,
      tipo: EVENTO_ACESSO,
      dados: JSON.stringify({ idfuncionario }),
      criado_em: new Date().toISOString(),
    })
    .execute();
}

/** The staff member an EVENTO_ACESSO names (undefined for any other or a malformed one). */
export function funcionarioDoAcesso(ev: { tipo: string; dados: string }): number | undefined {
  if (ev.tipo !== EVENTO_ACESSO) return undefined;
  try {
    const id = (JSON.parse(ev.dados) as { idfuncionario?: unknown }).idfuncionario;
    return typeof id === 'number' ? id : undefined;
  } catch {
    return undefined;
  }
}

type Despertador = () => void;
const despertadores = new WeakMap<Db, Despertador>();

/** The event bus of this process registers how it is woken for a database (modules/events/bus.ts). */
export function registrarDespertador(db: Db, fn: Despertador): () => void {
  despertadores.set(db, fn);
  return () => {
    if (despertadores.get(db) === fn) despertadores.delete(db);
  };
}

/**
 * After a commit that recorded events: wakes this process's streams and (through the bus) the
 * other instances. Without a bus for this database (the CLI), the streams' own polling finds the
 * events within a second; see bus.ts for how other processes are woken.
 */
export function avisarEventos(db: Db): void {
  if (ligados) despertadores.get(db)?.();
}
