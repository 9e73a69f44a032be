import type { Db } from '../../db/index.ts';
import { eventsRepository } from './repository.ts';

/**
 * Where a stream opened after a read should resume (the read's `ultimo_evento`): the newest event
 * of this establishment that every reader can already see, or 0 for none. Not max(id): on
 * PostgreSQL a transaction that took a lower id may still be running, and a resume after max(id)
 * would skip its event for good; this position sorts before it, so the stream replays it.
 */
export async function posicaoDosEventos(db: Db, idestabelecimento: number): Promise<number> {
  return (await eventsRepository.fim(db, { idestabelecimento })).id;
}
