// Texts, limits and field schemas shared by every editor (the back office's contract, catalogo.ts).
import { z } from 'zod/mini';
import { hasControlChars } from '../endereco.ts';
import { MAX_CUPOM_CODIGO } from '../cupom.ts';

/** Texts of the back office. */
export const MSG_CATALOGO = {
  obrigatorio: 'Preencha este campo.',
  textoLongo: (max: number) => `Use no máximo ${max} caracteres.`,
  caracteresInvalidos: 'Há caracteres inválidos no texto.',
  idInvalido: 'Identificador inválido.',
  valorInvalido: 'Valor inválido.',
  dinheiroInvalido: 'Informe um valor em centavos entre R$ 0,00 e R$ 100.000,00.',
  ajusteInvalido: 'Informe um ajuste em centavos entre -R$ 100.000,00 e R$ 100.000,00.',
  percentualAjusteInvalido: 'Informe um percentual entre -100 e 1000, com até duas casas decimais.',
  ofertaAcimaDoPreco: 'O preço de oferta precisa ser menor que o preço (ou 0 para sem oferta).',
  quantidadeInvalida: 'Informe um número inteiro entre 0 e 999.',
  minimoAcimaDoMaximo: 'O mínimo não pode ser maior que o máximo.',
  inclusaSoNormal: 'Quantidade inclusa só vale para grupos com preço Normal.',
  inclusaAcimaDoMaximo: 'A quantidade inclusa não pode passar do máximo do grupo.',
  padraoAcimaDoMaximo: 'A quantidade padrão não pode passar da quantidade máxima da opção.',
  padraoNaoMultiplo: 'Num grupo sem quantidade por opção, a quantidade padrão é 0 ou 1.',
  maximoNaoMultiplo: 'Num grupo sem quantidade por opção, a quantidade máxima é 0 ou 1.',
  kitSemOpcoes: 'Um grupo Kit precisa de pelo menos uma opção disponível.',
  minimoInalcancavel: 'O mínimo do grupo é maior do que as opções disponíveis permitem escolher.',
  disponibilidadeInvalida: 'Use 0 (disponível), 1 (indisponível) ou 2 (oculto).',
  precoPraticadoInvalido: 'Escolha um modo de preço: 0, 1, 2, 3, 4 ou 10.',
  simOuNao: 'Use 0 (não) ou 1 (sim).',
  horaInvalida: 'Informe a hora como HH:MM (00:00 a 23:59).',
  diaInvalido: 'Informe o dia da semana de 0 (domingo) a 6 (sábado).',
  horarioInvertido:
    'O fechamento precisa ser depois da abertura; marque "termina no dia seguinte" se passar da meia-noite.',
  horarioDiaSeguinte: 'Um horário que termina no dia seguinte precisa fechar até a hora de abertura.',
  horarioSobreposto: (outro: string) => `Este horário se sobrepõe a ${outro}.`,
  muitosHorarios: 'Use no máximo 10 faixas por dia.',
  dataExcecaoInvalida: 'Informe a data como AAAA-MM-DD.',
  dataExcecaoPassada: 'Esta data já passou.',
  dataExcecaoRepetida: 'Esta data já está na lista.',
  dataExcecaoDistante: (max: string) => `Escolha uma data até ${max.split('-').reverse().join('/')}.`,
  excecaoSemFaixas: 'Informe pelo menos um horário ou marque "Fechado o dia todo".',
  muitasExcecoes: 'Use no máximo 100 datas especiais.',
  cepInvalido: 'CEP inválido. Use 00000-000.',
  ufInvalida: 'UF inválida.',
  telefoneInvalido: 'Telefone inválido. Informe DDD e número.',
  cnpjInvalido: 'CNPJ inválido. Confira os 14 dígitos.',
  emailContatoInvalido: 'E-mail inválido.',
  muitosTelefones: 'Informe no máximo 5 telefones.',
  previsaoInvalida: 'Informe um tempo entre 0 e 600 minutos.',
  previsaoMinAcimaMax: 'O tempo mínimo não pode ser maior que o máximo.',
  latitudeInvalida: 'Latitude inválida (entre -90 e 90).',
  longitudeInvalida: 'Longitude inválida (entre -180 e 180).',
  coordenadasJuntas: 'Informe latitude e longitude juntas.',
  cepNaoEncontrado: 'CEP não encontrado.',
  raioInvalido: 'Informe um raio em metros maior que 0 e até 100 km.',
  minimoSemEntrega: 'Uma área sem entrega não tem valor para frete grátis.',
  tipoPgtoInvalido: 'Tipo de pagamento inválido: 0 (dinheiro), 60 (crédito), 61 (débito) ou 200 (PIX).',
  formaRepetida: 'Já existe uma forma de pagamento com este nome.',
  nenhumaForma: 'Aceite pelo menos uma forma de pagamento.',
  dinheiroOnline: 'Dinheiro não pode ser pago online: desmarque "Online".',
  formaSemLado: 'Escolha ao menos: na entrega ou online.',
  idsRepetidos: 'A lista tem itens repetidos.',
  listaLonga: 'A lista é longa demais.',
  codigoCupomInvalido: `Use até ${MAX_CUPOM_CODIGO} letras, dígitos, "-" ou "_".`,
  descontoPercentualInvalido: 'Informe um percentual acima de 0 e até 100.',
  descontoFixoInvalido: 'Informe um desconto em centavos acima de 0 e até R$ 100.000,00.',
  limiteUsosInvalido: 'Informe um número inteiro a partir de 1, ou deixe em branco para sem limite.',
  dataInvalida: 'Data inválida.',
  validadeInvertida: 'O fim da validade precisa ser depois do início.',
  // Answers of the routes (404/409/400 outside a field).
  estabelecimentoNaoEncontrado: 'Estabelecimento não encontrado.',
  categoriaNaoEncontrada: 'Categoria não encontrada.',
  produtoNaoEncontrado: 'Produto não encontrado.',
  grupoNaoEncontrado: 'Grupo de opções não encontrado.',
  opcaoNaoEncontrada: 'Opção não encontrada.',
  areaNaoEncontrada: 'Área de entrega não encontrada.',
  taxaNaoEncontrada: 'Taxa por bairro não encontrada.',
  cupomNaoEncontrado: 'Cupom não encontrado.',
  formaNaoEncontrada: 'Forma de pagamento não encontrada.',
  categoriaComProdutos: 'Esta categoria tem produtos. Mova ou exclua os produtos antes.',
  cupomRepetido: 'Este estabelecimento já tem um cupom com este código.',
  bairroRepetido: 'Já existe uma taxa para este bairro nesta cidade.',
  ordemIncompleta: 'Envie todos os itens, cada um uma vez, na nova ordem.',
  grupoJaNoProduto: 'Este grupo já está no produto.',
  imagemTipo: 'Envie uma foto JPEG, PNG ou WebP.',
  imagemGrande: 'A foto pode ter até 5 MB.',
  imagemInvalida: 'Não foi possível ler esta foto. Envie outro arquivo.',
  imagemDimensoes: 'A foto tem pixels demais: envie uma de até 50 megapixels.',
  imagemMuitas: 'Muitas fotos enviadas em pouco tempo. Aguarde um minuto e tente novamente.',
  imagemFila: 'Muitas fotos sendo processadas agora. Tente novamente em alguns segundos.',
} as const;

/** Product photos: at most this many bytes per upload. */
export const MAX_BYTES_IMAGEM = 5 * 1024 * 1024;
/**
 * Product photos: at most this many pixels (8192 × 6144, 50.3 MP), what a phone camera makes at
 * its largest — the 48 MP (8064 × 6048) and 50 MP (8160 × 6144) modes; the 12 MP a phone saves by
 * default is far below. A 200 MP mode's file is over the 5 MB anyway. Each pixel costs memory to
 * decode whatever the file's size (a 100 kB PNG can hold 40 MP), so this is the cap that matters.
 */
export const MAX_PIXELS_IMAGEM = 8192 * 6144;
/** The photo formats the menu takes (the panel's file input, the server's check, the README). */
export const FORMATOS_IMAGEM = ['jpeg', 'png', 'webp'] as const;

/** The largest amount anything may cost or adjust: R$ 100.000,00. */
export const MAX_CENTAVOS = 10_000_000;
export const MAX_QTD = 999;
export const MAX_FAIXAS_DIA = 10;
export const MAX_RAIO_METROS = 100_000;

export const M = MSG_CATALOGO;
export const MAX_ID = 2_147_483_647;

export const idCatalogoSchema = z
  .int(M.idInvalido)
  .check(z.positive(M.idInvalido), z.maximum(MAX_ID, M.idInvalido));

/** A required one-line text: trimmed, non-empty, at most `max`, no control characters. */
export function texto(max: number) {
  return z.string(M.obrigatorio).check(
    z.trim(),
    z.refine((v) => v.length > 0, M.obrigatorio),
    z.refine((v) => v.length <= max, M.textoLongo(max)),
    z.refine((v) => !hasControlChars(v), M.caracteresInvalidos),
  );
}

/** An optional text: trimmed; empty or null is null. Line breaks allowed (descriptions). */
export function textoOpcional(max: number) {
  return z.pipe(
    z.nullable(
      z.string(M.valorInvalido).check(
        z.trim(),
        z.refine((v) => v.length <= max, M.textoLongo(max)),
        z.refine((v) => !hasControlChars(v.replace(/[\r\n\t]/g, ' ')), M.caracteresInvalidos),
      ),
    ),
    z.transform((v): string | null => (v === null || v.length === 0 ? null : v)),
  );
}

/** Cents from 0 to MAX_CENTAVOS. */
export const centavos = z
  .int(M.dinheiroInvalido)
  .check(z.minimum(0, M.dinheiroInvalido), z.maximum(MAX_CENTAVOS, M.dinheiroInvalido));
export const quantidade = z
  .int(M.quantidadeInvalida)
  .check(z.minimum(0, M.quantidadeInvalida), z.maximum(MAX_QTD, M.quantidadeInvalida));
export const simNao = z.union([z.literal(0), z.literal(1)], M.simOuNao);
export const disponibilidadeCatalogoSchema = z.union(
  [z.literal(0), z.literal(1), z.literal(2)],
  M.disponibilidadeInvalida,
);
export const precoPraticado = z.union(
  [z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(10)],
  M.precoPraticadoInvalido,
);

export type Ctx = { issues: unknown[]; value: unknown };
export function issue(ctx: Ctx, path: (string | number)[], message: string): void {
  ctx.issues.push({ code: 'custom', path, message, input: ctx.value });
}
