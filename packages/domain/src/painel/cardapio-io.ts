/**
 * The menu's import/export formats (issue 12 part 3).
 *
 * JSON: the spec's own menu shape (GET /api/estabelecimento/{id}/menu/: categories → products →
 * option groups → options, product money in reais, option money in cents) with the ids, plus
 * `formato`/`versao` and `gruposopcao_avulsos` (groups on no product, so nothing is lost). A
 * group shared by several products appears under each with the same `idgrupoopcao` and the same
 * content. Order is the arrays' order.
 *
 * CSV: one row per option of a group of a product (a product without groups, a group without
 * options, a category without products and a group on no product have a row of their own with
 * the rest empty). ';' separated, UTF-8 with a BOM (what a Brazilian spreadsheet opens), money as
 * reais with a comma ('39,90'); percents with a comma too. Rows of the same product (same
 * produto_id, or same name in the same category when new) must agree on the product's columns.
 *
 * Importing replaces the establishment's menu with the file: things matched by id (of this
 * establishment) are updated, others created, and the establishment's things missing from the
 * file are removed.
 */
export {
  FORMATO_CARDAPIO,
  cardapioArquivoSchema,
  importacaoErroSchema,
  importacaoAlteracaoSchema,
  importacaoResultadoSchema,
  LIMITES_IMPORTACAO,
  MSG_IMPORTACAO,
  MAX_LINHAS_CSV,
  MAX_BYTES_IMPORTACAO,
  problemasLimites,
  concluir,
  BASE_MIDIA_LOCAL,
  imagemPropria,
  COLUNAS_CSV,
} from './cardapio-arquivo.ts';
export type {
  CardapioArquivo,
  ImportacaoErro,
  ImportacaoAlteracao,
  ImportacaoResultado,
} from './cardapio-arquivo.ts';
export { cardapioParaCsvEmPassos, cardapioParaCsv } from './cardapio-csv-escrita.ts';
export {
  decodificarCsv,
  lerCsvEmPassos,
  lerCsv,
  csvParaCardapio,
  csvParaCardapioEmPassos,
} from './cardapio-csv-leitura.ts';
