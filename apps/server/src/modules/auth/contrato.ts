import { loginInputSchema, refreshAnswerSchema, refreshInputSchema, tokenPairSchema } from '@rango/domain';
import { R } from '../../http/openapi.ts';
import type { Contrato } from '../../http/openapi.ts';

/** The customer's login and token refresh (spec section 7). */
export const CONTRATOS_AUTH = {
  login: {
    resumo: 'Entra com e-mail e senha: o par de tokens (acesso e renovação).',
    tag: 'Cliente',
    acesso: 'publico',
    corpo: loginInputSchema,
    respostas: {
      200: R.ok(tokenPairSchema),
      400: R.campos('Corpo inválido, credenciais inválidas ou conta não confirmada.'),
      429: R.limite(),
    },
  },
  refresh: {
    resumo: 'Renova o token de acesso (o de renovação também é trocado).',
    tag: 'Cliente',
    acesso: 'publico',
    corpo: refreshInputSchema,
    respostas: {
      200: R.ok(refreshAnswerSchema),
      400: R.campos(),
      401: R.detalhe('Token de renovação inválido ou expirado: a sessão expirou.'),
    },
  },
} satisfies Record<string, Contrato>;
