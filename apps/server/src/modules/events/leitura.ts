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

/**
 * One establishment's events in (de, ate], in delivery order, at most `limite` (modules/opendelivery
 * fans them out per establishment; `ate` from fimDosEventos, so nothing can still appear behind it).
 */
export const eventosDoEstabelecimento = (
  db: Db,
  idestabelecimento: number,
  de: Chave,
  ate: Chave,
  limite: number,
): Promise<EventoRow[]> => eventsRepository.intervalo(db, { idestabelecimento }, de, ate, limite);
