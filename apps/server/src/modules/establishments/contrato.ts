import { areasEntregaSchema, estabelecimentoDetalheSchema, formasPgtoSchema } from '@rango/domain';
import { R } from '../../http/openapi.ts';
import type { Contrato } from '../../http/openapi.ts';

const naoEncontrado = R.naoEncontrado('Estabelecimento não encontrado.');

/** The customer's reads of an establishment (spec section 7). */
export const CONTRATOS_ESTABELECIMENTO = {
  detalhe: {
    resumo: 'Os dados de um estabelecimento: endereço, horários, taxas, pedido mínimo.',
    tag: 'Cliente',
    acesso: 'publico',
    respostas: { 200: R.ok(estabelecimentoDetalheSchema), 404: naoEncontrado },
  },
  formasPgto: {
    resumo: 'As formas de pagamento aceitas pelo estabelecimento.',
    tag: 'Cliente',
    acesso: 'publico',
    respostas: { 200: R.ok(formasPgtoSchema), 404: naoEncontrado },
  },
  areasEntrega: {
    resumo: 'As áreas de entrega do estabelecimento e suas taxas.',
    tag: 'Cliente',
    acesso: 'publico',
    respostas: { 200: R.ok(areasEntregaSchema), 404: naoEncontrado },
  },
} satisfies Record<string, Contrato>;
