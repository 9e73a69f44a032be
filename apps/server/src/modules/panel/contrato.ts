import {
  chaveCriadaSchema,
  chaveInputSchema,
  chavesOperadorSchema,
  disponibilidadeInputSchema,
  disponibilidadeSchema,
  lojaInputSchema,
  lojaPainelSchema,
  painelConfigSchema,
  painelPrevisaoInputSchema,
  painelStatusInputSchema,
  painelStatusRespostaSchema,
  pedidoPainelSchema,
  pedidosPainelSchema,
} from '@rango/domain/painel';
import { CANAIS } from '@rango/domain';
import { z } from 'zod/mini';
import { R } from '../../http/openapi.ts';
import type { Contrato, Resposta } from '../../http/openapi.ts';

const tag = 'Painel';
const semAcesso = R.naoEncontrado('Sem acesso a este estabelecimento, ou o item não existe nele.');
const soDono: Resposta = R.detalhe('Só o dono pode fazer isto.');

/** The panel's routes on one establishment (issue 11): orders, the store switch, settings, keys. */
/** The queue's query string: `canal` one of the channels (issue 24 part 5), else every order. */
export const PEDIDOS_QUERY = z.object({ canal: z.optional(z.enum(CANAIS)) });

export const CONTRATOS_PAINEL = {
  pedidos: {
    resumo:
      'A fila de pedidos do estabelecimento (abertos e recentes); `canal` filtra por canal (Rango, iFood, Open Delivery).',
    tag,
    acesso: 'funcionario',
    query: PEDIDOS_QUERY,
    respostas: { 200: R.ok(pedidosPainelSchema), 400: R.campos('Canal inválido.'), 404: semAcesso },
  },
  pedido: {
    resumo: 'Um pedido do estabelecimento, como o painel o mostra.',
    tag,
    acesso: 'funcionario',
    respostas: { 200: R.ok(pedidoPainelSchema), 404: semAcesso },
  },
  status: {
    resumo: 'Move o pedido no fluxo de status (aceitar, preparar, despachar, entregar, cancelar).',
    tag,
    acesso: 'funcionario',
    corpo: painelStatusInputSchema,
    respostas: {
      200: R.ok(painelStatusRespostaSchema),
      400: R.campos(),
      404: semAcesso,
      409: R.detalhe('Mudança de status não permitida a partir do status atual.'),
    },
  },
  previsao: {
    resumo: 'Altera a previsão de um pedido aceito; o cliente é avisado uma vez por mudança.',
    tag,
    acesso: 'funcionario',
    corpo: painelPrevisaoInputSchema,
    respostas: {
      200: R.ok(pedidoPainelSchema),
      400: R.campos(),
      404: semAcesso,
      409: R.detalhe('O pedido não está aceito (em preparo, pronto ou em entrega).'),
    },
  },
  cupom: {
    resumo: 'O cupom (recibo) do pedido para imprimir.',
    tag,
    acesso: 'funcionario',
    respostas: { 200: R.html('O recibo em HTML.'), 404: semAcesso },
  },
  loja: {
    resumo: 'Se a loja está aberta agora, e até quando.',
    tag,
    acesso: 'funcionario',
    respostas: { 200: R.ok(lojaPainelSchema), 404: semAcesso },
  },
  mudarLoja: {
    resumo: 'Abre ou fecha a loja (fechar por um tempo: `reabrir_em`).',
    tag,
    acesso: 'funcionario',
    corpo: lojaInputSchema,
    respostas: { 200: R.ok(lojaPainelSchema), 400: R.campos(), 404: semAcesso },
  },
  disponibilidade: {
    resumo: "Os produtos e opções marcados 'Em falta'.",
    tag,
    acesso: 'funcionario',
    respostas: { 200: R.ok(disponibilidadeSchema), 404: semAcesso },
  },
  disponibilidadeProduto: {
    resumo: "Marca um produto 'Em falta' ou disponível.",
    tag,
    acesso: 'funcionario',
    corpo: disponibilidadeInputSchema,
    respostas: { 200: R.ok(disponibilidadeInputSchema), 400: R.campos(), 404: semAcesso },
  },
  disponibilidadeOpcao: {
    resumo: "Marca uma opção 'Em falta' ou disponível.",
    tag,
    acesso: 'funcionario',
    corpo: disponibilidadeInputSchema,
    respostas: { 200: R.ok(disponibilidadeInputSchema), 400: R.campos(), 404: semAcesso },
  },
  config: {
    resumo: 'As configurações da fila: alertas, aceite automático, previsão padrão.',
    tag,
    acesso: 'funcionario',
    respostas: { 200: R.ok(painelConfigSchema), 404: semAcesso },
  },
  mudarConfig: {
    resumo: 'Altera as configurações da fila (dono).',
    tag,
    acesso: 'funcionario',
    corpo: painelConfigSchema,
    respostas: { 200: R.ok(painelConfigSchema), 400: R.campos(), 403: soDono, 404: semAcesso },
  },
  chaves: {
    resumo: 'As chaves de operador (integrações) do estabelecimento, sem o segredo (dono).',
    tag,
    acesso: 'funcionario',
    respostas: { 200: R.ok(chavesOperadorSchema), 403: soDono, 404: semAcesso },
  },
  criarChave: {
    resumo: 'Cria uma chave de operador; o segredo é mostrado só nesta resposta (dono).',
    tag,
    acesso: 'funcionario',
    corpo: chaveInputSchema,
    respostas: {
      201: R.ok(chaveCriadaSchema, 'A chave, com o segredo.'),
      400: R.campos(),
      403: soDono,
      404: semAcesso,
    },
  },
  revogarChave: {
    resumo: 'Revoga uma chave de operador (dono).',
    tag,
    acesso: 'funcionario',
    respostas: { 204: R.semCorpo('Chave revogada.'), 403: soDono, 404: semAcesso },
  },
} satisfies Record<string, Contrato>;
