import {
  MSG_CATALOGO as M,
  cardapioArquivoSchema,
  cardapioPainelSchema,
  categoriaInputSchema,
  categoriaPainelSchema,
  grupoOpcaoInputSchema,
  grupoOpcaoPainelSchema,
  importacaoResultadoSchema,
  opcaoInputSchema,
  opcaoPainelSchema,
  ordemInputSchema,
  produtoInputSchema,
  produtoPainelSchema,
  salvarProdutoInputSchema,
  salvarProdutoResultadoSchema,
  vincularGrupoInputSchema,
} from '@rango/domain/painel/catalogo';
import { z } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { ERROS, R } from '../../http/openapi.ts';
import type { Contrato, Resposta } from '../../http/openapi.ts';

const tag = 'Painel: cardápio';
const acesso = 'funcionario';
const dono = {
  403: R.detalhe('Só o dono pode fazer isto.'),
  404: R.naoEncontrado('Sem acesso a este estabelecimento, ou o item não existe nele.'),
};
const ler = (resumo: string, schema: $ZodType): Contrato => ({
  resumo,
  tag,
  acesso,
  respostas: { 200: R.ok(schema), ...dono },
});
const gravar = (resumo: string, corpo: $ZodType, resposta: Resposta, status = 200): Contrato => ({
  resumo,
  tag,
  acesso,
  corpo,
  respostas: { [status]: resposta, 400: R.campos(), ...dono },
});
const excluir = (resumo: string): Contrato => ({
  resumo,
  tag,
  acesso,
  respostas: { 204: R.semCorpo('Feito.'), ...dono },
});
const semCorpo = R.semCorpo('Nova ordem gravada.');

/** The export's query string (painel-routes.ts validates it with this very schema). */
export const FORMATO_EXPORTACAO = z.object({
  formato: z.optional(z.union([z.literal('json'), z.literal('csv')], { error: M.valorInvalido })),
});

/** The owner's back office of the menu (issue 12); every route is the owner's. */
export const CONTRATOS_CARDAPIO = {
  cardapio: ler(
    'O cardápio inteiro como o painel o edita (categorias, produtos, grupos, opções).',
    cardapioPainelSchema,
  ),
  criarCategoria: gravar('Cria uma categoria.', categoriaInputSchema, R.ok(categoriaPainelSchema), 201),
  ordenarCategorias: gravar(
    'Reordena as categorias (a lista de ids na nova ordem).',
    ordemInputSchema,
    semCorpo,
    204,
  ),
  mudarCategoria: gravar('Renomeia uma categoria.', categoriaInputSchema, R.ok(categoriaPainelSchema)),
  excluirCategoria: excluir('Exclui uma categoria (e seus produtos).'),
  ordenarProdutos: gravar('Reordena os produtos de uma categoria.', ordemInputSchema, semCorpo, 204),
  criarProduto: gravar('Cria um produto.', produtoInputSchema, R.ok(produtoPainelSchema), 201),
  produto: ler('Um produto com seus grupos de opções.', produtoPainelSchema),
  mudarProduto: gravar('Altera um produto.', produtoInputSchema, R.ok(produtoPainelSchema)),
  excluirProduto: excluir('Exclui um produto.'),
  salvarProduto: {
    resumo:
      'Salva um produto com seus grupos de opções e as opções deles, como uma unidade (uma transação, ' +
      'uma versão do cardápio). Id negativo: grupo ou opção nova; uma opção deixada de fora é removida.',
    tag,
    acesso,
    corpo: salvarProdutoInputSchema,
    respostas: {
      200: R.ok(salvarProdutoResultadoSchema, 'Produto alterado.'),
      201: R.ok(salvarProdutoResultadoSchema, 'Produto criado.'),
      400: R.campos('Entrada recusada: `{ campo: [mensagens] }`, cada campo pelo seu caminho no corpo.'),
      ...dono,
      409: R.detalhe('Opções removidas de um grupo deixariam uma regra dele impossível.'),
    },
  },
  duplicarProduto: {
    resumo: 'Duplica um produto (com seus grupos de opções).',
    tag,
    acesso,
    respostas: { 201: R.ok(produtoPainelSchema, 'A cópia.'), ...dono },
  },
  vincularGrupo: gravar(
    'Liga um grupo de opções ao produto.',
    vincularGrupoInputSchema,
    R.ok(produtoPainelSchema),
  ),
  ordenarGrupos: gravar(
    'Reordena os grupos de opções do produto.',
    ordemInputSchema,
    R.ok(produtoPainelSchema),
  ),
  desvincularGrupo: {
    resumo: 'Desliga um grupo de opções do produto.',
    tag,
    acesso,
    respostas: { 200: R.ok(produtoPainelSchema), ...dono },
  },
  criarGrupo: gravar('Cria um grupo de opções.', grupoOpcaoInputSchema, R.ok(grupoOpcaoPainelSchema), 201),
  grupo: ler('Um grupo de opções com suas opções.', grupoOpcaoPainelSchema),
  mudarGrupo: gravar('Altera um grupo de opções.', grupoOpcaoInputSchema, R.ok(grupoOpcaoPainelSchema)),
  excluirGrupo: excluir('Exclui um grupo de opções.'),
  criarOpcao: gravar('Cria uma opção no grupo.', opcaoInputSchema, R.ok(opcaoPainelSchema), 201),
  ordenarOpcoes: gravar('Reordena as opções do grupo.', ordemInputSchema, semCorpo, 204),
  mudarOpcao: gravar('Altera uma opção.', opcaoInputSchema, R.ok(opcaoPainelSchema)),
  excluirOpcao: excluir('Exclui uma opção.'),
  exportar: {
    resumo: 'O cardápio inteiro como arquivo para baixar (JSON, o padrão, ou CSV).',
    tag,
    acesso,
    query: FORMATO_EXPORTACAO,
    respostas: {
      200: { descricao: 'O arquivo do cardápio (application/json ou text/csv).', tipo: 'application/json' },
      400: R.campos(),
      ...dono,
    },
  },
  importar: {
    resumo:
      'Importa o cardápio inteiro de um arquivo (o JSON da exportação ou o CSV); `dry_run=1` só confere e lista as alterações.',
    tag,
    acesso,
    corpo: cardapioArquivoSchema,
    arquivo: ['text/csv'],
    // Read as is by the route (`1` or `true` is a dry run; anything else imports).
    query: z.object({ dry_run: z.optional(z.string()) }),
    respostas: {
      200: R.ok(importacaoResultadoSchema, 'Aplicado, ou o que seria alterado (dry run).'),
      400: {
        descricao: 'Recusado: os erros por linha (CSV) ou caminho (JSON).',
        schema: importacaoResultadoSchema,
      },
      413: R.detalhe('Arquivo grande demais.'),
      429: R.limite(),
      ...dono,
    },
  },
  imagem: {
    resumo: 'Define a foto do produto (os bytes da imagem; o tipo é lido dos bytes).',
    tag,
    acesso,
    arquivo: ['image/jpeg', 'image/png', 'image/webp'],
    respostas: {
      200: R.ok(produtoPainelSchema),
      400: R.campos('Imagem inválida: `{ imagem: [mensagem] }`.'),
      413: { descricao: 'Imagem grande demais: `{ imagem: [mensagem] }`.', schema: ERROS.campos },
      429: R.limite(),
      503: R.detalhe('Fila de imagens cheia; tente em instantes (Retry-After).'),
      ...dono,
    },
  },
  removerImagem: {
    resumo: 'Remove a foto do produto.',
    tag,
    acesso,
    respostas: { 200: R.ok(produtoPainelSchema), ...dono },
  },
} satisfies Record<string, Contrato>;
