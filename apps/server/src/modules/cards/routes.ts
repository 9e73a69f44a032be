import {
  MSG,
  cartaoInputSchema,
  cartaoSalvoSchema,
  cartoesSalvosSchema,
  tokenizacaoSchema,
} from '@rango/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import type { Db } from '../../db/index.ts';
import { requireCliente } from '../../http/auth.ts';
import { conform } from '../../http/contract.ts';
import { COMO_ZOD, idDaQuery, validar } from '../../http/corpo.ts';
import { parseId, rotaNaoEncontrada } from '../../http/errors.ts';
import { R } from '../../http/openapi.ts';
import type { Contrato } from '../../http/openapi.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { Gateways } from '../payments/contas.ts';
import { createCardsService } from './service.ts';

export interface CardsDeps {
  db: Db;
  /** The environment's gateway and the establishments' accounts (issue 23). */
  gateways: Gateways;
  rateLimit: RateLimiter;
}

/**
 * `?estabelecimento=<id>`: the checkout's establishment, whose active account tokenises the card
 * and whose provider's saved cards are listed (absent: the environment's gateway, all cards).
 */
export const estabelecimentoQuery = z.object({
  estabelecimento: idDaQuery(MSG.requisicaoMalFormada),
});
const QUERY = { texto: MSG.requisicaoMalFormada, forma: 'primeiro' } as const;

/**
 * Per customer: saving a card and asking for a tokenisation access token each reach the gateway,
 * and a stolen-card tester tries many; an honest customer saves one or two.
 */
export const CARD_LIMITS = {
  salvar: { max: 10, windowSeconds: 60 },
  tokenizacao: { max: 10, windowSeconds: 60 },
} as const;

const tag = 'Cliente';

/** The customer's saved cards (issue 5). */
const CONTRATOS = {
  lista: {
    resumo: 'Os cartões salvos do cliente logado (mascarados).',
    tag,
    acesso: 'cliente',
    query: estabelecimentoQuery,
    respostas: { 200: R.ok(cartoesSalvosSchema), 400: R.campos('Parâmetro inválido.') },
  },
  criar: {
    resumo: 'Salva um cartão já tokenizado no provedor de pagamento.',
    tag,
    acesso: 'cliente',
    corpo: cartaoInputSchema,
    query: estabelecimentoQuery,
    respostas: { 201: R.ok(cartaoSalvoSchema, 'O cartão salvo.'), 400: R.recusa(), 429: R.limite() },
  },
  tokenizacao: {
    resumo: 'Um token de acesso para tokenizar o cartão no provedor (o número não passa pelo Rango).',
    tag,
    acesso: 'cliente',
    query: estabelecimentoQuery,
    respostas: {
      200: R.ok(tokenizacaoSchema),
      400: R.campos('Parâmetro inválido.'),
      429: R.limite(),
      502: R.detalhe('O provedor não respondeu.'),
    },
  },
  remover: {
    resumo: 'Remove um cartão salvo.',
    tag,
    acesso: 'cliente',
    respostas: {
      204: R.semCorpo('Cartão removido.'),
      404: R.naoEncontrado('Cartão não encontrado (ou de outro cliente).'),
    },
  },
} satisfies Record<string, Contrato>;

/** Issue 5: the logged-in customer's saved cards (another customer's id answers 404). */
export function cardsRoutes({ db, gateways, rateLimit }: CardsDeps) {
  const service = createCardsService(db, gateways);
  return async function (app: FastifyInstance): Promise<void> {
    app.get('/controle/cartao/', { config: { contrato: CONTRATOS.lista } }, async (req) => {
      const cliente = await requireCliente(req);
      const { estabelecimento } = validar(estabelecimentoQuery, req.query, QUERY);
      return conform(
        cartoesSalvosSchema,
        await service.list(cliente, estabelecimento),
        'GET /controle/cartao/',
      );
    });

    app.post('/controle/cartao/', { config: { contrato: CONTRATOS.criar } }, async (req, reply) => {
      const cliente = await requireCliente(req);
      await rateLimit(req, reply, 'cartao-salvar', { ...CARD_LIMITS.salvar, key: String(cliente) });
      const { estabelecimento } = validar(estabelecimentoQuery, req.query, QUERY);
      const c = await service.create(
        cliente,
        validar(cartaoInputSchema, req.body, COMO_ZOD),
        req.log,
        estabelecimento,
      );
      return reply.code(201).send(conform(cartaoSalvoSchema, c, 'POST /controle/cartao/'));
    });

    app.get(
      '/controle/cartao/tokenizacao/',
      { config: { contrato: CONTRATOS.tokenizacao } },
      async (req, reply) => {
        const cliente = await requireCliente(req);
        await rateLimit(req, reply, 'cartao-tokenizacao', {
          ...CARD_LIMITS.tokenizacao,
          key: String(cliente),
        });
        const { estabelecimento } = validar(estabelecimentoQuery, req.query, QUERY);
        const t = await service.tokenizacao(req.log, estabelecimento);
        // An access token: never kept by a cache between the browser and us.
        reply.header('cache-control', 'no-store');
        return conform(tokenizacaoSchema, t, 'GET /controle/cartao/tokenizacao/');
      },
    );

    app.delete<{ Params: { id: string } }>(
      '/controle/cartao/:id/',
      { config: { contrato: CONTRATOS.remover } },
      async (req, reply) => {
        const cliente = await requireCliente(req);
        const id = parseId(req.params.id);
        if (id === undefined) throw rotaNaoEncontrada();
        await service.remove(cliente, id);
        return reply.code(204).send();
      },
    );
  };
}
