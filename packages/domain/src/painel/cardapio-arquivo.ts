// The menu file: its shape, limits, texts and columns (cardapio-io.ts).
import { z } from 'zod/mini';
import { grupoMenuSchema, grupoOpcaoSchema } from '../schemas.ts';

export const FORMATO_CARDAPIO = 'rango.cardapio';

/** The JSON file. Ids are references: unknown ones (another establishment's, or new) are created. */
export const cardapioArquivoSchema = z.object({
  formato: z.literal(FORMATO_CARDAPIO),
  versao: z.literal(1),
  grupos: z.array(grupoMenuSchema),
  gruposopcao_avulsos: z.optional(z.array(grupoOpcaoSchema)),
});
export type CardapioArquivo = z.infer<typeof cardapioArquivoSchema>;

/** A refusal of an import: where (CSV line, or the JSON path) and why. */
export const importacaoErroSchema = z.object({
  /** CSV: the file's line number (the header is line 1); JSON: null. */
  linha: z.nullable(z.int()),
  /** JSON path of the thing ('grupos.0.produtos.2.preco'). */
  caminho: z.string(),
  msg: z.string(),
});
export type ImportacaoErro = z.infer<typeof importacaoErroSchema>;

/** One change an import makes (or would make, in a dry run). */
export const importacaoAlteracaoSchema = z.object({
  acao: z.enum(['criar', 'alterar', 'excluir']),
  entidade: z.enum(['categoria', 'produto', 'grupo_opcao', 'opcao']),
  /** The existing id (alterar, excluir), else null. */
  id: z.nullable(z.int()),
  descricao: z.string(),
  linha: z.nullable(z.int()),
  /**
   * A new product (a row without produto_id) named like a product the establishment has: that
   * product is not matched by name (MSG_IMPORTACAO.mesmoNome…). Absent otherwise.
   */
  aviso: z.optional(z.string()),
});
export type ImportacaoAlteracao = z.infer<typeof importacaoAlteracaoSchema>;

/** POST …/cardapio/importar/ answer (200 with aplicado true, or a dry run); 400 with erros when refused. */
export const importacaoResultadoSchema = z.object({
  aplicado: z.boolean(),
  alteracoes: z.array(importacaoAlteracaoSchema),
  erros: z.array(importacaoErroSchema),
  menu_versao: z.nullable(z.int()),
});
export type ImportacaoResultado = z.infer<typeof importacaoResultadoSchema>;

/**
 * What one import may hold, the same for the CSV and the JSON file (docs/cardapio-importacao.md).
 * A real menu is far below: the demo's largest has 70 products in 380 rows; a big delivery menu
 * (pizzas, esfihas, lanches, bebidas) has 300–600 products and a few thousand rows. The limits
 * bound the work and memory of one import (the largest file is checked and applied in about a
 * second, in slices that keep the instance answering) and the public menu it makes (the customer
 * downloads every product, with each group's options repeated under each product that uses it).
 * - bytes: the body (the JSON as exported, indented, of a 5,000-row menu is about 3.5 MB);
 * - linhas: CSV rows; in the JSON, the rows its CSV would have — one per option of each group of
 *   each product (a product without options, a group without options, a category without
 *   products and a group on no product count one);
 * - gruposOpcao: distinct option groups (a group shared by several products counts once);
 * - opcoesPorProduto: the options of a product's groups together (what its drawer lists); also
 *   the most a group on no product may have.
 */
export const LIMITES_IMPORTACAO = {
  bytes: 5 * 1024 * 1024,
  linhas: 5_000,
  categorias: 200,
  produtos: 2_000,
  gruposOpcao: 1_000,
  opcoesPorProduto: 200,
} as const;
export const MSG_IMPORTACAO = {
  /** A new product named like an existing one that the file leaves out (so it is deleted). */
  mesmoNomeExcluido: (descricao: string, id: number) =>
    `Produto novo: a linha não tem produto_id. O produto “${descricao}” (id ${id}), de mesmo nome, não está no arquivo e será excluído — para alterá-lo, use o produto_id ${id}.`,
  /** A new product named like an existing one that the file keeps. */
  mesmoNomeMantido: (descricao: string, id: number) =>
    `Produto novo: a linha não tem produto_id. O produto “${descricao}” (id ${id}), de mesmo nome, continua no cardápio — serão dois.`,
  arquivoInvalido: 'O arquivo não é um cardápio do Rango (formato "rango.cardapio", versão 1).',
  jsonInvalido: 'O arquivo não é um JSON válido.',
  valorInvalido: (campo: string) => `Valor inválido em "${campo}".`,
  colunasFaltando: (cols: string[]) => `Faltam colunas: ${cols.join(', ')}.`,
  colunasDesconhecidas: (cols: string[]) => `Colunas desconhecidas: ${cols.join(', ')}.`,
  /** CSV rows, or the JSON's equivalent: one per option of each product (null: more than the limit, uncounted). */
  linhasDemais: (n: number | null) =>
    `O arquivo tem ${n === null ? `mais de ${mil(LIMITES_IMPORTACAO.linhas)}` : mil(n)} linhas (uma por opção de cada produto); o máximo é ${mil(LIMITES_IMPORTACAO.linhas)}.`,
  categoriasDemais: (n: number) =>
    `O arquivo tem ${mil(n)} categorias; o máximo é ${mil(LIMITES_IMPORTACAO.categorias)}.`,
  produtosDemais: (n: number) =>
    `O arquivo tem ${mil(n)} produtos; o máximo é ${mil(LIMITES_IMPORTACAO.produtos)}.`,
  gruposDemais: (n: number) =>
    `O arquivo tem ${mil(n)} grupos de opções; o máximo é ${mil(LIMITES_IMPORTACAO.gruposOpcao)}.`,
  opcoesDemais: (n: number) =>
    `Este produto tem ${mil(n)} opções somando os seus grupos; o máximo é ${mil(LIMITES_IMPORTACAO.opcoesPorProduto)}.`,
  arquivoGrande: `O arquivo é grande demais (máximo ${LIMITES_IMPORTACAO.bytes / 1024 / 1024} MB).`,
  /** Too many imports or dry runs of one establishment in a short time (429). */
  muitasImportacoes: 'Muitas importações em pouco tempo. Aguarde alguns minutos e tente novamente.',
  /** An image field that is not one of the app's own photos. */
  imagemExterna:
    'Use uma foto enviada pelo editor do cardápio (o endereço que a exportação traz) ou deixe em branco.',
  arquivoVazio: 'O arquivo está vazio.',
  aspasAbertas: 'Aspas abertas sem fechar.',
  colunasNaLinha: (n: number, esperado: number) => `A linha tem ${n} colunas; o cabeçalho tem ${esperado}.`,
  dinheiroInvalido: (campo: string) => `Valor em reais inválido em "${campo}" (use 39,90).`,
  numeroInvalido: (campo: string) => `Número inválido em "${campo}".`,
  linhaSemCategoria: 'Informe a categoria (ou deixe a linha só com o grupo de opções avulso).',
  produtoDivergente: (linha: number) => `Os dados do produto diferem dos da linha ${linha}.`,
  grupoDivergente: 'O grupo de opções aparece com conteúdos diferentes no arquivo.',
  opcaoRepetida: 'A opção aparece duas vezes no mesmo grupo.',
  produtoRepetido: 'O produto aparece em mais de uma categoria.',
  reaisComCentavos: 'Use no máximo duas casas decimais.',
} as const;

export const MAX_LINHAS_CSV = LIMITES_IMPORTACAO.linhas;
export const MAX_BYTES_IMPORTACAO = LIMITES_IMPORTACAO.bytes;

/** 5000 → '5.000' (pt-BR). */
function mil(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * The limits a file (the JSON as received, before any other check, or a CSV once read) passes
 * over, each with its Portuguese refusal; empty when within them. Counts whatever shape it gets
 * (wrong types are the schema's to refuse), in one pass over the arrays.
 */
export function problemasLimites(entrada: unknown): ImportacaoErro[] {
  const lista = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
  const campo = (v: unknown, k: string): unknown =>
    typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[k] : undefined;
  const L = LIMITES_IMPORTACAO;
  const erros: ImportacaoErro[] = [];
  const grupos = new Set<unknown>();
  const idDoGrupo = (g: unknown) => {
    const id = campo(g, 'idgrupoopcao');
    return typeof id === 'number' ? id : g;
  };
  let produtos = 0;
  let linhas = 0;
  const categorias = lista(campo(entrada, 'grupos'));
  categorias.forEach((c, ci) => {
    const ps = lista(campo(c, 'produtos'));
    if (ps.length === 0) linhas++;
    ps.forEach((p, pi) => {
      produtos++;
      let opcoes = 0;
      let linhasProduto = 0;
      for (const g of lista(campo(p, 'grupoopcoes'))) {
        grupos.add(idDoGrupo(g));
        const n = lista(campo(g, 'opcoes')).length;
        opcoes += n;
        linhasProduto += Math.max(1, n);
      }
      linhas += Math.max(1, linhasProduto);
      if (opcoes > L.opcoesPorProduto && erros.length < 20)
        erros.push({
          linha: null,
          caminho: `grupos.${ci}.produtos.${pi}`,
          msg: MSG_IMPORTACAO.opcoesDemais(opcoes),
        });
    });
  });
  lista(campo(entrada, 'gruposopcao_avulsos')).forEach((g, gi) => {
    grupos.add(idDoGrupo(g));
    const n = lista(campo(g, 'opcoes')).length;
    linhas += Math.max(1, n);
    if (n > L.opcoesPorProduto && erros.length < 20)
      erros.push({ linha: null, caminho: `gruposopcao_avulsos.${gi}`, msg: MSG_IMPORTACAO.opcoesDemais(n) });
  });
  const total = (n: number, max: number, msg: string) => {
    if (n > max) erros.unshift({ linha: null, caminho: '', msg });
  };
  total(grupos.size, L.gruposOpcao, MSG_IMPORTACAO.gruposDemais(grupos.size));
  total(produtos, L.produtos, MSG_IMPORTACAO.produtosDemais(produtos));
  total(categorias.length, L.categorias, MSG_IMPORTACAO.categoriasDemais(categorias.length));
  total(linhas, L.linhas, MSG_IMPORTACAO.linhasDemais(linhas));
  return erros;
}

/**
 * Runs a generator of this module's to its end at once. The work is written as generators that
 * pause (yield) every few hundred rows, so that a server can run them in slices and answer other
 * requests in between (apps/server/src/modules/menu/fatias.ts); here, in one go.
 */
export function concluir<T>(passos: Generator<void, T>): T {
  for (;;) {
    const r = passos.next();
    if (r.done) return r.value;
  }
}

/** Every this many rows the generators pause. */
export const PASSO = 200;

/**
 * The local media path product photos are served from (createLocalStorage); an object store's
 * public URL is another base. A photo's key is `produtos/<name>.<ext>` (the pipeline's content
 * hash, or a demo image's name).
 */
export const BASE_MIDIA_LOCAL = '/api/ead/media/';
const CHAVE_FOTO = /^produtos\/[a-z0-9][a-z0-9-]{0,99}\.(?:webp|svg|jpe?g|png)$/;

/** Whether `url` is one of the app's own product photos under one of `bases` (ending in '/'). */
export function imagemPropria(url: string, bases: readonly string[]): boolean {
  return bases.some((b) => url.startsWith(b) && CHAVE_FOTO.test(url.slice(b.length)));
}

/** The CSV's columns, in order. */
export const COLUNAS_CSV = [
  'categoria_id',
  'categoria',
  'produto_id',
  'produto',
  'produto_detalhe',
  'produto_imagem',
  'produto_preco',
  'produto_precooferta',
  'produto_stindisponivel',
  'produto_quantidade',
  'produto_observacoes',
  'grupo_id',
  'grupo',
  'grupo_multiplo',
  'grupo_qtdinclusa',
  'grupo_qtdmultiplomin',
  'grupo_qtdmultiplomax',
  'grupo_stprecopraticado',
  'grupo_stnegagrupoopcao',
  'grupo_stindisponivel',
  'opcao_id',
  'opcao',
  'opcao_detalhe',
  'opcao_quantidade',
  'opcao_qtdpadrao',
  'opcao_qtdmax',
  'opcao_preco',
  'opcao_precooferta',
  'opcao_stindisponivel',
  'opcao_valorafetatudo',
  'opcao_valorafetaopcao',
  'opcao_stpercentualafetaopcao',
  'opcao_valorafetaproduto',
  'opcao_stpercentualafetaproduto',
] as const;
export type Coluna = (typeof COLUNAS_CSV)[number];
export const INDICE_COLUNA = Object.fromEntries(COLUNAS_CSV.map((c, i) => [c, i])) as Record<Coluna, number>;
