/**
 * The back office's contract (issue 12): what the owner's editors send and read under
 * /api/ead/painel/estabelecimento/{id}/… and /painel/estabelecimentos/. One schema per payload:
 * the server validates with it, the editors' forms resolve with it.
 *
 * Units (ours, the panel's wire): EVERY amount here is integer cents — product prices too, unlike
 * the customer's menu, where product `preco` is reais. Percentages (`valorafeta*` with their
 * `stpercentual*` flag, a percent coupon's `desconto`) are plain numbers. Times are 'HH:MM'.
 *
 * Every message is the field's own Portuguese text (zod's English never reaches a person): the
 * server answers 400 with `{ "<path>": ["texto"] }`, the path joined with dots
 * ('horarios.3.fechamento', 'endereco.cep').
 */
export {
  MSG_CATALOGO,
  MAX_BYTES_IMAGEM,
  MAX_PIXELS_IMAGEM,
  FORMATOS_IMAGEM,
  MAX_CENTAVOS,
  MAX_QTD,
  MAX_FAIXAS_DIA,
  MAX_RAIO_METROS,
  idCatalogoSchema,
  disponibilidadeCatalogoSchema,
} from './catalogo-campos.ts';
export {
  estabelecimentoInputSchema,
  isCnpj,
  estabelecimentoConfigSchema,
  horarioInputSchema,
  problemasHorarios,
  horariosInputSchema,
  horariosSchema,
  MAX_EXCECOES,
  dataIsoValida,
  excecaoHorarioInputSchema,
  dataMaxExcecao,
  problemasExcecoes,
  excecoesHorarioInputSchema,
  excecoesHorarioSchema,
  areaInputSchema,
  areaPainelSchema,
  areasPainelSchema,
  taxaBairroInputSchema,
  taxaBairroPainelSchema,
  taxasBairroPainelSchema,
  sttipopgtoSchema,
  formasPgtoInputSchema,
  formasPgtoPainelSchema,
} from './catalogo-estabelecimento.ts';
export type {
  EstabelecimentoInput,
  EstabelecimentoConfig,
  HorarioInput,
  HorariosInput,
  Horarios,
  ExcecaoHorarioInput,
  ExcecoesHorarioInput,
  ExcecoesHorario,
  AreaInput,
  AreaPainel,
  TaxaBairroInput,
  TaxaBairroPainel,
  FormasPgtoInput,
  FormasPgtoPainel,
} from './catalogo-estabelecimento.ts';
export {
  categoriaInputSchema,
  ordemInputSchema,
  detalheProdutoSchema,
  quantidadeCatalogoSchema,
  produtoInputSchema,
  grupoOpcaoInputSchema,
  opcaoInputSchema,
  vincularGrupoInputSchema,
  opcaoPainelSchema,
  grupoOpcaoPainelSchema,
  produtoPainelSchema,
  categoriaPainelSchema,
  cardapioPainelSchema,
  problemasGrupo,
} from './catalogo-cardapio.ts';
export type {
  CategoriaInput,
  OrdemInput,
  ProdutoInput,
  GrupoOpcaoInput,
  OpcaoInput,
  VincularGrupoInput,
  OpcaoPainel,
  GrupoOpcaoPainel,
  ProdutoPainel,
  CategoriaPainel,
  CardapioPainel,
} from './catalogo-cardapio.ts';
export {
  cupomInputSchema,
  cupomPainelSchema,
  cuponsPainelSchema,
  auditoriaSchema,
} from './catalogo-cupom.ts';
export type { CupomInput, CupomPainel, Auditoria } from './catalogo-cupom.ts';
