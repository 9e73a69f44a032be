/**
 * The calls of the menu's 'Entrega' panel (issue 14), in its lazy chunk: the delivery circles
 * (same query key as the checkout's, so one fetch serves both), the CEP lookup and the geocoder
 * the header's address picker uses.
 */
import {
  areasEntregaSchema,
  cepAnswerSchema,
  geocodeAnswerSchema,
  isCep,
  maskCep,
  onlyDigits,
  type AreaEntrega,
  type EnderecoEntrega,
} from '@rango/domain';
import { queryOptions } from '@tanstack/react-query';
import { getEstabelecimentoQueryOptions, retryUnlessClientError } from '../../../api/get-estabelecimento.ts';
import { ApiError, apiGet } from '../../../lib/api-client.ts';

export const MSG_ENTREGA = {
  cepInvalido: 'CEP inválido: digite os 8 números do CEP.',
  cepNaoEncontrado: 'CEP não encontrado. Confira os números ou escolha o endereço no topo da página.',
  cepIndisponivel: 'Não foi possível consultar o CEP agora. Tente novamente em instantes.',
} as const;

export function getAreasEntregaQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...getEstabelecimentoQueryOptions(id).queryKey, 'areas_entrega'],
    queryFn: ({ signal }): Promise<AreaEntrega[]> =>
      apiGet(`/api/estabelecimento/${id}/areas_entrega/`, areasEntregaSchema, signal),
    staleTime: 60_000,
    retry: retryUnlessClientError,
  });
}

/** A CEP's place: its street, district, city and, when the geocoder found it, its point. */
export type LugarCep = EnderecoEntrega & { cep: string; rua: string };

/** Thrown with a message for the customer (tied to the CEP field). */
export class CepErro extends Error {}

/**
 * Looks the CEP up and places it. `localizar`: the establishment uses circles (a point is needed);
 * a point the geocoder cannot find leaves latitude/longitude null (the domain says why).
 */
export async function buscarLugarCep(
  cep: string,
  localizar: boolean,
  signal?: AbortSignal,
): Promise<LugarCep> {
  if (!isCep(cep)) throw new CepErro(MSG_ENTREGA.cepInvalido);
  const digits = onlyDigits(cep);
  let answer;
  try {
    answer = await apiGet(`/api/cep/${digits}/`, cepAnswerSchema, signal);
  } catch (e) {
    if (e instanceof ApiError && e.status === 400) throw new CepErro(MSG_ENTREGA.cepInvalido);
    throw new CepErro(MSG_ENTREGA.cepIndisponivel);
  }
  if ('erro' in answer) throw new CepErro(MSG_ENTREGA.cepNaoEncontrado);
  const lugar: LugarCep = {
    cep: maskCep(digits),
    rua: answer.logradouro,
    bairro: answer.bairro,
    cidade: answer.localidade,
    uf: answer.uf,
    latitude: null,
    longitude: null,
  };
  if (!localizar) return lugar;
  const params = new URLSearchParams({
    rua: answer.logradouro || answer.bairro,
    numero: 's/n',
    bairro: answer.bairro,
    cidade: answer.localidade,
    uf: answer.uf,
    cep: lugar.cep,
  });
  try {
    const ponto = await apiGet(`/api/geocode/?${params.toString()}`, geocodeAnswerSchema, signal);
    return { ...lugar, ...ponto };
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return lugar;
    throw new CepErro(MSG_ENTREGA.cepIndisponivel);
  }
}
