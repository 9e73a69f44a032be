import { MSG_PAINEL } from '@rango/domain/painel';
import type { Papel } from '@rango/domain/painel';
import type { FastifyRequest } from 'fastify';
import { bearerOf } from '../../http/auth.ts';
import { HttpError, parseId } from '../../http/errors.ts';
import type { Db } from '../../db/index.ts';
import { staffRepository as repo } from './repository.ts';

/** 401 so the panel's refresh-on-401 renews its token once, then signs out with this text. */
export const staffNaoAutorizado = (): HttpError => new HttpError(401, { detail: MSG_PAINEL.sessaoExpirada });
/** Another establishment (or none by that id): 404, so the panel learns nothing about it. */
export const semAcesso = (): HttpError => new HttpError(404, { detail: MSG_PAINEL.semAcesso });
export const semPermissao = (): HttpError => new HttpError(403, { detail: MSG_PAINEL.semPermissao });

export interface StaffNoEstabelecimento {
  idfuncionario: number;
  idestabelecimento: number;
  papel: Papel;
}

/** The signed-in staff member's id (a live account with a valid staff token), else 401. */
export async function requireFuncionario(req: FastifyRequest): Promise<number> {
  const token = bearerOf(req);
  if (!token) throw staffNaoAutorizado();
  const id = await req.server.staffTokens.verify(token);
  if (id === undefined) throw staffNaoAutorizado();
  const row = await repo.findLiveById(req.server.db, id);
  if (!row) throw staffNaoAutorizado();
  return id;
}

/**
 * The staff member's role at the establishment now (null: none, or the account is gone): the
 * event stream reads it once more after subscribing (modules/events).
 */
export async function papelAgora(
  db: Db,
  idfuncionario: number,
  idestabelecimento: number,
): Promise<string | null> {
  return (await repo.papelDe(db, idfuncionario, idestabelecimento))?.papel ?? null;
}

/**
 * The panel's guard for one establishment's routes (and its event stream): the staff member
 * signed in with a staff token (401 without), with a role at that establishment (404 without
 * one, for an unknown establishment and for a malformed id alike), and with `papel: 'dono'` an
 * owner (403 for an attendant). The role is read on every request, so removing someone from a
 * team takes effect at once, without revoking their tokens.
 */
export async function requireStaff(
  req: FastifyRequest,
  idestabelecimento: number | string | undefined,
  papel?: 'dono',
): Promise<StaffNoEstabelecimento> {
  const token = bearerOf(req);
  if (!token) throw staffNaoAutorizado();
  const idfuncionario = await req.server.staffTokens.verify(token);
  if (idfuncionario === undefined) throw staffNaoAutorizado();
  const id = typeof idestabelecimento === 'number' ? idestabelecimento : parseId(idestabelecimento);
  if (id === undefined || !Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) {
    // Still a 401 first for a token of a deleted account, so the order of checks reveals nothing.
    if (!(await repo.findLiveById(req.server.db, idfuncionario))) throw staffNaoAutorizado();
    throw semAcesso();
  }
  const row = await repo.papelDe(req.server.db, idfuncionario, id);
  if (!row) throw staffNaoAutorizado();
  if (row.papel !== 'dono' && row.papel !== 'atendente') throw semAcesso();
  if (papel === 'dono' && row.papel !== 'dono') throw semPermissao();
  return { idfuncionario, idestabelecimento: id, papel: row.papel };
}
