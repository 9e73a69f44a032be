import type { Db } from '../../db/index.ts';
import { eventsRepository } from './repository.ts';
import type { Chave, EventoRow, EventoTail } from './repository.ts';

export type { Chave, EventoRow, EventoTail };

/**
 * The event log for another module that consumes it as an outbox (modules/webhooks keeps its own
 * cursor): up to `limite` events after `depois` in delivery order, each saying whether it is
 * `pronto` — on PostgreSQL read only up to the first that is not (a transaction still running
 * may yet commit an event that sorts before it).
 */
export const eventosDepois = (db: Db, depois: Chave, limite: number): Promise<EventoTail[]> =>
  eventsRepository.depois(db, depois, limite);

/** The newest position every reader can already see (where a new consumer starts). */
export const fimDosEventos = (db: Db): Promise<Chave> => eventsRepository.fim(db);
