import {
  MSG_CONTA,
  cepAnswerSchema,
  enderecoInputSchema,
  geocodeAnswerSchema,
  isCep,
  maskCep,
} from '@rango/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import type { CepLookup } from '../../adapters/cep/index.ts';
import type { Geocoder } from '../../adapters/geocoder/index.ts';
import { UpstreamError } from '../../adapters/upstream.ts';
import { conform } from '../../http/contract.ts';
import { HttpError } from '../../http/errors.ts';
import { R } from '../../http/openapi.ts';
import type { Contrato } from '../../http/openapi.ts';
import { clientIp } from '../../http/rate-limit.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { COMO_ZOD, validar } from '../../http/corpo.ts';

export const CEP_INVALIDO = 'CEP inválido: digite os 8 números do CEP.';
export const CEP_INDISPONIVEL = 'Não foi possível consultar o CEP agora. Tente novamente em instantes.';

/** The geocoder's query: the address form's own rules for its fields; the CEP only helps. */
export const geocodeQuerySchema = z.extend(
  z.pick(enderecoInputSchema, { rua: true, numero: true, bairro: true, cidade: true, uf: true }),
  { cep: z.optional(z.string().check(z.maxLength(9))) },
);

const A_DAY = 'public, max-age=86400';

/**
 * Per IP and minute. A person fills an address in a few calls; the bound keeps a script from
 * spending the paid geocoder's quota (or getting ViaCEP to block our address) through us.
 */
export const GEO_LIMITS = {
  cep: { max: 60, windowSeconds: 60 },
  geocode: { max: 30, windowSeconds: 60 },
} as const;

/** The CEP lookup and the geocoder (spec section 7, 'External', through our server). */
const CONTRATOS = {
  cep: {
    resumo: 'Consulta um CEP (no formato do ViaCEP; `{ erro: true }` quando não existe).',
    tag: 'Cliente',
    acesso: 'publico',
    respostas: {
      200: R.ok(cepAnswerSchema),
      400: R.detalhe('CEP inválido.'),
      429: R.limite(),
      502: R.detalhe('O serviço de CEP não respondeu.'),
    },
  },
  geocode: {
    resumo: 'A posição (latitude e longitude) de um endereço.',
    tag: 'Cliente',
    acesso: 'publico',
    query: geocodeQuerySchema,
    respostas: {
      200: R.ok(geocodeAnswerSchema),
      400: R.campos(),
      404: R.detalhe('Endereço não localizado.'),
      429: R.limite(),
      502: R.detalhe('O geocodificador não respondeu.'),
    },
  },
} satisfies Record<string, Contrato>;

/**
 * The app's calls to the outside services of spec section 7 ('External'), through the server so
 * the provider, its key and its limits stay here: the CEP lookup in ViaCEP's shape and the
 * geocoding of an address. Both public: a visitor sets a local address too.
 */
export function geoRoutes(deps: { cep: CepLookup; geocoder: Geocoder; rateLimit: RateLimiter }) {
  return async function (app: FastifyInstance): Promise<void> {
    app.get<{ Params: { cep: string } }>(
      '/api/cep/:cep/',
      { config: { contrato: CONTRATOS.cep } },
      async (req, reply) => {
        const raw = req.params.cep.trim();
        if (!isCep(raw)) throw new HttpError(400, { detail: CEP_INVALIDO });
        await deps.rateLimit(req, reply, 'cep', { ...GEO_LIMITS.cep, key: clientIp(req) });
        let found;
        try {
          found = await deps.cep.lookup(raw.replace('-', ''));
        } catch (e) {
          if (e instanceof UpstreamError) {
            req.log.warn({ err: e }, 'CEP lookup failed');
            throw new HttpError(502, { detail: CEP_INDISPONIVEL });
          }
          throw e;
        }
        if (!found) {
          // A CEP can be created later (and the table extended): keep the miss for an hour only.
          reply.header('cache-control', 'public, max-age=3600');
          return conform(cepAnswerSchema, { erro: true }, 'GET /api/cep/');
        }
        reply.header('cache-control', A_DAY);
        return conform(cepAnswerSchema, { ...found, cep: maskCep(found.cep) }, 'GET /api/cep/');
      },
    );

    app.get('/api/geocode/', { config: { contrato: CONTRATOS.geocode } }, async (req, reply) => {
      const q = validar(geocodeQuerySchema, req.query, COMO_ZOD);
      await deps.rateLimit(req, reply, 'geocode', { ...GEO_LIMITS.geocode, key: clientIp(req) });
      let point;
      try {
        point = await deps.geocoder.geocode(q);
      } catch (e) {
        if (e instanceof UpstreamError) {
          req.log.warn({ err: e }, 'geocoder failed');
          throw new HttpError(502, { detail: MSG_CONTA.erroLocalizarEndereco });
        }
        throw e;
      }
      if (!point) throw new HttpError(404, { detail: MSG_CONTA.erroLocalizarEndereco });
      return conform(geocodeAnswerSchema, point, 'GET /api/geocode/');
    });
  };
}
