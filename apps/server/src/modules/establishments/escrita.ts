import { EVENTO } from '@rango/domain';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import { registrarAuditoria } from '../audit/service.ts';
import { avisarEventos, registrarEvento } from '../events/record.ts';
import { marcarMenuMudado } from './service.ts';

/** Who writes, where (from the staff guard). */
export interface Autor {
  idfuncionario: number | null;
  idestabelecimento: number;
}

/** What a write changed, for the audit log. */
export interface Mudanca<T> {
  resultado: T;
  entidade: string;
  identidade: number | null;
  acao: string;
  dados: unknown;
}

/** 400 on one field (the path joined with dots, as the schemas' refusals). */
export const campo = (path: string, msg: string): HttpError => new HttpError(400, { [path]: [msg] });

/**
 * One back-office write (the store's data, the menu, coupons): `fn` in a transaction that also
 * moves the establishment's menu_versao (the customer's menu cache of every instance rebuilds on
 * its next request), records the 'menu' event and the audit row; a refusal thrown inside rolls
 * all of it back, so nothing is half-saved. Open streams are woken after the commit.
 */
export async function escreverNoCardapio<T>(
  db: Db,
  a: Autor,
  fn: (trx: Db) => Promise<Mudanca<T>>,
): Promise<T> {
  const resultado = await db.transaction().execute(async (trx) => {
    const m = await fn(trx);
    const menu_versao = await marcarMenuMudado(trx, a.idestabelecimento);
    await registrarEvento(trx, {
      idestabelecimento: a.idestabelecimento,
      tipo: EVENTO.menu,
      dados: { menu_versao },
    });
    await registrarAuditoria(trx, {
      idestabelecimento: a.idestabelecimento,
      idfuncionario: a.idfuncionario,
      entidade: m.entidade,
      identidade: m.identidade,
      acao: m.acao,
      dados: m.dados,
    });
    return m.resultado;
  });
  avisarEventos(db);
  return resultado;
}
