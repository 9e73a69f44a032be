import type { FastifyRequest } from 'fastify';
import { HttpError, parseId } from '../../http/errors.ts';
import { requireStaff } from '../staff/guard.ts';
import type { Autor } from './escrita.ts';

/** A path id of a thing inside the establishment; malformed answers like an unknown one. */
export function idDe(raw: string, detail: string): number {
  const id = parseId(raw);
  if (id === undefined) throw new HttpError(404, { detail });
  return id;
}

/** The owner of the path's establishment (401 / 404 / 403 from the staff guard). */
export async function dono(req: FastifyRequest<{ Params: { id: string } }>): Promise<Autor> {
  const s = await requireStaff(req, req.params.id, 'dono');
  return { idfuncionario: s.idfuncionario, idestabelecimento: s.idestabelecimento };
}
