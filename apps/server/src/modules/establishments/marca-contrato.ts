import { marcaInputSchema, marcaSchema } from '@rango/domain/painel/marca';
import { z } from 'zod/mini';
import { ERROS, R } from '../../http/openapi.ts';
import type { Contrato } from '../../http/openapi.ts';

const tag = 'Painel: loja';
const acesso = 'funcionario';
const dono = {
  403: R.detalhe('Só o dono pode fazer isto.'),
  404: R.naoEncontrado('Sem acesso a este estabelecimento.'),
};

/** The brand's routes (issue 23 part 4): the owner's, and the installed app's public files. */
export const CONTRATOS_MARCA = {
  ler: {
    resumo: 'A marca do estabelecimento: cor, logotipo e o endereço do manifesto do app.',
    tag,
    acesso,
    respostas: { 200: R.ok(marcaSchema), ...dono },
  },
  mudarCor: {
    resumo:
      'Define a cor da marca (#RRGGBB, ou null para a do Rango). Recusada com o motivo se o texto branco sobre ela ou ela sobre o branco não chegar a 4,5:1.',
    tag,
    acesso,
    corpo: marcaInputSchema,
    respostas: { 200: R.ok(marcaSchema), 400: R.campos('Cor recusada: `{ cor: [motivo] }`.'), ...dono },
  },
  mudarLogo: {
    resumo:
      'Define o logotipo (os bytes da imagem; o tipo é lido dos bytes). Os ícones do app são feitos dele.',
    tag,
    acesso,
    arquivo: ['image/jpeg', 'image/png', 'image/webp'],
    respostas: {
      200: R.ok(marcaSchema),
      400: R.campos('Logotipo recusado: `{ logo: [mensagem] }`.'),
      413: { descricao: 'Logotipo grande demais: `{ logo: [mensagem] }`.', schema: ERROS.campos },
      503: R.detalhe('Fila de imagens cheia; tente em instantes (Retry-After).'),
      ...dono,
    },
  },
  removerLogo: {
    resumo: 'Remove o logotipo (o app volta aos ícones do Rango).',
    tag,
    acesso,
    respostas: { 200: R.ok(marcaSchema), ...dono },
  },
  publica: {
    resumo:
      'A marca do estabelecimento para as páginas do cliente fora do seu cardápio (pedido, pagamento): cor (null: a do Rango), logotipo e o endereço do manifesto do app.',
    tag: 'Cliente',
    acesso: 'publico',
    respostas: { 200: R.ok(marcaSchema), 404: R.naoEncontrado('Estabelecimento não encontrado.') },
  },
  manifesto: {
    resumo:
      'O manifesto do app instalável do estabelecimento: o nome do restaurante, seus ícones, sua cor, abrindo no seu cardápio.',
    tag: 'Cliente',
    acesso: 'publico',
    params: z.object({ id: z.string() }),
    respostas: {
      200: { descricao: 'O manifesto (W3C Web App Manifest).', tipo: 'application/manifest+json' },
      404: R.naoEncontrado('Estabelecimento não encontrado.'),
    },
  },
  imagem: {
    resumo: 'Uma imagem da marca (logotipo ou ícone do app), PNG; guardável para sempre na versão atual.',
    tag: 'Cliente',
    acesso: 'publico',
    respostas: {
      200: { descricao: 'A imagem.', tipo: 'image/png' },
      404: R.naoEncontrado('Estabelecimento ou imagem não encontrados.'),
    },
  },
} satisfies Record<string, Contrato>;
