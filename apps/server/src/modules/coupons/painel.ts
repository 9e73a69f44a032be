import { MSG_CATALOGO as M } from '@rango/domain/painel/catalogo';
import type { CupomInput, CupomPainel } from '@rango/domain/painel/catalogo';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import { campo, escreverNoCardapio } from '../establishments/escrita.ts';
import type { Autor, Mudanca } from '../establishments/escrita.ts';
import { couponsRepository as repo } from './repository.ts';

const naoEncontrado = (detail: string): HttpError => new HttpError(404, { detail });

async function cupons(d: Db, id: number, idcupom?: number): Promise<CupomPainel[]> {
  const rows = await repo.cupons(d, id, idcupom);
  return rows.map((c) => ({
    id: c.id,
    codigo: c.codigo,
    ehpercentual: c.ehpercentual !== 0,
    desconto: c.desconto,
    limitedesconto: c.limitedesconto,
    subtotalminimo: c.subtotalminimo,
    valido_de: c.valido_de,
    valido_ate: c.valido_ate,
    limite_total: c.limite_total,
    limite_por_cliente: c.limite_por_cliente,
    ativo: c.ativo !== 0,
    criado_em: c.criado_em,
    usos: Number(c.usos ?? 0),
  }));
}

function cupomValues(v: CupomInput) {
  return {
    codigo: v.codigo,
    ehpercentual: v.ehpercentual ? 1 : 0,
    desconto: v.desconto,
    limitedesconto: v.limitedesconto ?? 0,
    subtotalminimo: v.subtotalminimo ?? 0,
    valido_de: v.valido_de ? new Date(v.valido_de).toISOString() : null,
    valido_ate: v.valido_ate ? new Date(v.valido_ate).toISOString() : null,
    limite_total: v.limite_total ?? null,
    limite_por_cliente: v.limite_por_cliente ?? null,
    ativo: v.ativo === false ? 0 : 1,
  };
}

/**
 * The owner's coupons (issue 12): list, create, change, delete (a used one is deactivated).
 * Every write goes through escreverNoCardapio (version move, 'menu' event and audit row in one
 * transaction), as the back office's other writes.
 */
export function createCupomPainelService(db: Db) {
  const escrever = <T>(a: Autor, fn: (trx: Db) => Promise<Mudanca<T>>): Promise<T> =>
    escreverNoCardapio(db, a, fn);

  return {
    cupons: (id: number) => cupons(db, id),

    criarCupom(a: Autor, v: CupomInput): Promise<CupomPainel> {
      return escrever(a, async (trx) => {
        if (await repo.cupomRepetido(trx, a.idestabelecimento, v.codigo))
          throw campo('codigo', M.cupomRepetido);
        const idcupom = await repo.insertCupom(trx, {
          ...cupomValues(v),
          idestabelecimento: a.idestabelecimento,
          criado_em: new Date().toISOString(),
        });
        const [c] = await cupons(trx, a.idestabelecimento, idcupom);
        return { resultado: c!, entidade: 'cupom', identidade: idcupom, acao: 'criar', dados: v };
      });
    },

    mudarCupom(a: Autor, idcupom: number, v: CupomInput): Promise<CupomPainel> {
      return escrever(a, async (trx) => {
        if ((await cupons(trx, a.idestabelecimento, idcupom)).length === 0)
          throw naoEncontrado(M.cupomNaoEncontrado);
        if (await repo.cupomRepetido(trx, a.idestabelecimento, v.codigo, idcupom))
          throw campo('codigo', M.cupomRepetido);
        await repo.updateCupom(trx, a.idestabelecimento, idcupom, cupomValues(v));
        const [c] = await cupons(trx, a.idestabelecimento, idcupom);
        return { resultado: c!, entidade: 'cupom', identidade: idcupom, acao: 'alterar', dados: v };
      });
    },

    /** Deletes an unused coupon (undefined); a used one is deactivated instead, keeping its uses (the coupon). */
    excluirCupom(a: Autor, idcupom: number): Promise<CupomPainel | undefined> {
      return escrever(a, async (trx) => {
        const [c] = await cupons(trx, a.idestabelecimento, idcupom);
        if (!c) throw naoEncontrado(M.cupomNaoEncontrado);
        if (c.usos > 0) {
          // Its uses count for the per-customer limits and the reports: deactivate, never erase.
          await repo.updateCupom(trx, a.idestabelecimento, idcupom, { ativo: 0 });
          const [d] = await cupons(trx, a.idestabelecimento, idcupom);
          return {
            resultado: d,
            entidade: 'cupom',
            identidade: idcupom,
            acao: 'desativar',
            dados: { codigo: c.codigo },
          };
        }
        await repo.deleteCupom(trx, a.idestabelecimento, idcupom);
        return { resultado: undefined, entidade: 'cupom', identidade: idcupom, acao: 'excluir', dados: c };
      });
    },
  };
}

export type CupomPainelService = ReturnType<typeof createCupomPainelService>;
