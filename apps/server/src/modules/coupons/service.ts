import { MAX_CUPOM_CODIGO, checkCupom, cupomRecusa, normalizeCupomCodigo, presentCupom } from '@rango/domain';
import type { Cupom, CupomRecusada, CupomRegras, CupomValidarInput } from '@rango/domain';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { CupomTable } from '../../db/types.ts';
import { HttpError, estabelecimentoNaoEncontrado } from '../../http/errors.ts';
import { couponsRepository } from './repository.ts';
import type { CupomRow } from './repository.ts';

/** A stored row as the domain's rules see it. */
export function toRegras(row: CupomRow): CupomRegras {
  return {
    codigo: row.codigo,
    ehpercentual: row.ehpercentual !== 0,
    desconto: Number(row.desconto),
    limitedesconto: row.limitedesconto,
    subtotalminimo: row.subtotalminimo,
    valido_de: row.valido_de,
    valido_ate: row.valido_ate,
    limite_total: row.limite_total,
    limite_por_cliente: row.limite_por_cliente,
    ativo: row.ativo !== 0,
  };
}

/** A refusal as the app reads it (response.data.error); 400 whatever the 103/104 code. */
const recusada = (check: CupomRecusada): HttpError => new HttpError(400, { error: check.mensagem });

export interface CouponsService {
  /** The coupon the customer may apply at checkout (the subtotal minimum waits for the order). */
  validar(idcliente: number, input: CupomValidarInput, agora?: Date): Promise<Cupom>;
}

/** A coupon as one customer may use it now: its rules and the check of validity and usage limits. */
export interface CupomAvaliado {
  id: number;
  regras: CupomRegras;
  check: ReturnType<typeof checkCupom>;
}

/**
 * Looks a code up in an establishment and checks it for one customer (validity, total and per-customer
 * uses); null when the establishment has no such code. `db` may be the caller's transaction: order
 * placement checks the coupon in the transaction that records its use.
 */
export async function avaliarCupom(
  db: Db,
  idestabelecimento: number,
  codigo: string,
  idcliente: number,
  agora: Date,
): Promise<CupomAvaliado | null> {
  const row = await couponsRepository.findByCodigo(db, idestabelecimento, normalizeCupomCodigo(codigo));
  if (!row) return null;
  const regras = toRegras(row);
  const usos = await couponsRepository.countUsos(db, row.id, idcliente);
  return {
    id: row.id,
    regras,
    check: checkCupom(regras, { agora, usosTotal: usos.total, usosCliente: usos.cliente }),
  };
}

export function createCouponsService(db: Db): CouponsService {
  return {
    async validar(idcliente, input, agora = new Date()) {
      const idest = input.deliveryestabelecimento;
      if (!(await couponsRepository.estabelecimentoPublico(db, idest))) throw estabelecimentoNaoEncontrado();
      const cupom = await avaliarCupom(db, idest, input.cupom, idcliente, agora);
      if (!cupom) throw recusada(cupomRecusa('desconhecido'));
      if (!cupom.check.ok) throw recusada(cupom.check);
      return presentCupom(cupom.regras);
    },
  };
}

/** What the operator gives to create a coupon; money in cents. */
export interface NovoCupom {
  idestabelecimento: number;
  codigo: string;
  ehpercentual: boolean;
  /** The percentage (0 < p ≤ 100), or cents (> 0) when fixed. */
  desconto: number;
  limitedesconto?: number;
  subtotalminimo?: number;
  valido_de?: string | null;
  valido_ate?: string | null;
  limite_total?: number | null;
  limite_por_cliente?: number | null;
  ativo?: boolean;
}

/** The row of a new coupon after checking its values; throws an Error with the operator's text. */
export function novoCupomValues(novo: NovoCupom, agora = new Date()): Insertable<CupomTable> {
  const codigo = normalizeCupomCodigo(novo.codigo);
  if (!/^[A-Z0-9_-]+$/.test(codigo) || codigo.length > MAX_CUPOM_CODIGO) {
    throw new Error(`Código inválido: use até ${MAX_CUPOM_CODIGO} letras, dígitos, '-' ou '_'.`);
  }
  const { desconto, ehpercentual } = novo;
  if (
    !Number.isFinite(desconto) ||
    desconto <= 0 ||
    (ehpercentual ? desconto > 100 : !Number.isSafeInteger(desconto))
  ) {
    throw new Error('Desconto inválido: percentual entre 0 e 100, ou valor fixo em centavos acima de 0.');
  }
  for (const [nome, v] of Object.entries({
    limitedesconto: novo.limitedesconto ?? 0,
    subtotalminimo: novo.subtotalminimo ?? 0,
    limite_total: novo.limite_total ?? 0,
    limite_por_cliente: novo.limite_por_cliente ?? 0,
  })) {
    if (!Number.isSafeInteger(v) || v < 0 || v > 2_147_483_647) throw new Error(`Valor inválido em ${nome}.`);
  }
  for (const d of [novo.valido_de, novo.valido_ate]) {
    if (d != null && Number.isNaN(Date.parse(d))) throw new Error(`Data inválida: ${d}`);
  }
  return {
    idestabelecimento: novo.idestabelecimento,
    codigo,
    ehpercentual: ehpercentual ? 1 : 0,
    desconto,
    limitedesconto: novo.limitedesconto ?? 0,
    subtotalminimo: novo.subtotalminimo ?? 0,
    valido_de: novo.valido_de ? new Date(novo.valido_de).toISOString() : null,
    valido_ate: novo.valido_ate ? new Date(novo.valido_ate).toISOString() : null,
    limite_total: novo.limite_total ?? null,
    limite_por_cliente: novo.limite_por_cliente ?? null,
    ativo: novo.ativo === false ? 0 : 1,
    criado_em: agora.toISOString(),
  };
}

/** Creates a coupon (see novoCupomValues); throws an Error with the operator's text. */
export async function criarCupom(db: Db, novo: NovoCupom, agora = new Date()): Promise<number> {
  const values = novoCupomValues(novo, agora);
  if (!(await couponsRepository.estabelecimentoExists(db, novo.idestabelecimento))) {
    throw new Error(`Estabelecimento ${novo.idestabelecimento} não encontrado.`);
  }
  const id = await couponsRepository.insert(db, values);
  if (id === undefined)
    throw new Error(`O estabelecimento ${novo.idestabelecimento} já tem o cupom ${values.codigo}.`);
  return id;
}
