import { MSG_CONTA, maskCep } from '@rango/domain';
import type { Endereco, EnderecoValido } from '@rango/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Geocoder } from '../../adapters/geocoder/index.ts';
import { UpstreamError } from '../../adapters/upstream.ts';
import type { Db } from '../../db/index.ts';
import { HttpError, rotaNaoEncontrada } from '../../http/errors.ts';
import { presentEndereco } from './presenter.ts';
import { addressesRepository as repo } from './repository.ts';
import type { EnderecoValues } from './repository.ts';

/** Enough for home, work and family; a bound so one account cannot fill the table. */
export const MAX_ENDERECOS = 20;
export const LIMITE_ENDERECOS = `Você já tem ${MAX_ENDERECOS} endereços cadastrados. Exclua um para cadastrar outro.`;

const semEndereco = () =>
  new HttpError(400, { non_field_errors: [MSG_CONTA.naoFoiPossivelCadastrarEndereco] });

const blankToNull = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v.trim());

/**
 * A customer's addresses. Each save is geocoded here with the configured geocoder: the point is
 * what the delivery-fee check of an order uses, so an address the geocoder cannot place is
 * refused with the spec's text. A geocoder that is down is not the customer's fault: the address
 * is saved without a point (a warning in the log) and the fee check treats it as unplaced.
 */
export function createAddressesService(db: Db, geocoder: Geocoder) {
  async function locate(e: EnderecoValido, log: FastifyBaseLogger) {
    try {
      const point = await geocoder.geocode({ ...e, cep: e.cep });
      if (!point) throw semEndereco();
      return point;
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      log.warn({ err }, 'geocoder unreachable: address saved without coordinates');
      return null;
    }
  }

  async function values(e: EnderecoValido, log: FastifyBaseLogger): Promise<EnderecoValues> {
    const point = await locate(e, log);
    return {
      idtipoendereco: 1,
      cep: maskCep(e.cep),
      rua: e.rua.trim(),
      numero: e.numero.trim(),
      bairro: e.bairro.trim(),
      cidade: e.cidade.trim(),
      uf: e.uf,
      complemento: blankToNull(e.complemento),
      detalhe: blankToNull(e.detalhe),
      lat: point?.latitude ?? null,
      lng: point?.longitude ?? null,
    };
  }

  return {
    async list(idcliente: number): Promise<Endereco[]> {
      return (await repo.list(db, idcliente)).map(presentEndereco);
    },

    /** `e` validated by the route, so a bad body gets its field messages before the count. */
    async create(idcliente: number, e: EnderecoValido, log: FastifyBaseLogger): Promise<Endereco> {
      const v = await values(e, log);
      // Two concurrent
      // saves may both pass at 19; the bound is about abuse, not an exact count.
      if ((await repo.count(db, idcliente)) >= MAX_ENDERECOS) {
        throw new HttpError(400, { non_field_errors: [LIMITE_ENDERECOS] });
      }
      return presentEndereco(await repo.insert(db, idcliente, v));
    },

    /** Another customer's address is simply not there: the route asks before reading the body. */
    async exigir(idcliente: number, id: number): Promise<void> {
      if (!(await repo.find(db, idcliente, id))) throw rotaNaoEncontrada();
    },

    async update(
      idcliente: number,
      id: number,
      e: EnderecoValido,
      log: FastifyBaseLogger,
    ): Promise<Endereco> {
      const row = await repo.update(db, idcliente, id, await values(e, log));
      if (!row) throw rotaNaoEncontrada();
      return presentEndereco(row);
    },

    async remove(idcliente: number, id: number): Promise<void> {
      if (!(await repo.remove(db, idcliente, id))) throw rotaNaoEncontrada();
    },
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;

/** Account erasure's part of addresses: the customer's addresses go. */
export function apagarEnderecosDoCliente(db: Db, idcliente: number): Promise<void> {
  return repo.removeDoCliente(db, idcliente);
}

/** An address's coordinates when it has them (Open Delivery's delivery address), else null. */
export async function coordenadasDoEndereco(
  db: Db,
  id: number,
): Promise<{ lat: number; lng: number } | null> {
  const r = await db.selectFrom('endereco').select(['lat', 'lng']).where('id', '=', id).executeTakeFirst();
  return r && r.lat !== null && r.lng !== null ? { lat: r.lat, lng: r.lng } : null;
}
