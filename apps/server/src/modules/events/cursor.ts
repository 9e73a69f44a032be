import type { Db } from '../../db/index.ts';
import { eventsRepository } from './repository.ts';
import type { Chave, EventoTail } from './repository.ts';

export type { Chave, EventoTail } from './repository.ts';

/**
 * For a reader that follows the event log with a cursor of its own (the notifications' outbox):
 * up to `limite` events after `depois`, in delivery order, each saying whether it may be
 * delivered yet (`pronto`; on PostgreSQL deliver up to the first that is not, as the bus does).
 */
export function eventosDepois(db: Db, depois: Chave, limite: number): Promise<EventoTail[]> {
  return eventsRepository.depois(db, depois, limite);
}
