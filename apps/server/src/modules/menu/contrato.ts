import { menuSchema } from '@rango/domain';
import { R } from '../../http/openapi.ts';
import type { Contrato } from '../../http/openapi.ts';

/** The customer's menu (spec section 7). */
export const CONTRATO_MENU: Contrato = {
  resumo:
    'O cardápio do estabelecimento: grupos, produtos, grupos de opções e opções, com preços em centavos.',
  tag: 'Cliente',
  acesso: 'publico',
  respostas: {
    200: R.ok(menuSchema),
    304: R.semCorpo('Inalterado (ETag).'),
    404: R.naoEncontrado('Estabelecimento não encontrado.'),
  },
};
