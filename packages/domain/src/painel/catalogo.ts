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
import { z } from 'zod/mini';
import { UFS, hasControlChars, isCep } from '../endereco.ts';
import { MAX_CUPOM_CODIGO } from '../cupom.ts';
import { TIPO_PGTO, ladosDaForma } from '../schemas.ts';

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
  excecaoSemFaixas: 'Informe pelo menos um horário ou marque "Fechado o dia todo".',
  muitasExcecoes: 'Use no máximo 100 datas especiais.',
  cepInvalido: 'CEP inválido. Use 00000-000.',
  ufInvalida: 'UF inválida.',
  telefoneInvalido: 'Telefone inválido. Informe DDD e número.',
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
  imagemTipo: 'Envie uma foto JPEG, PNG, WebP ou GIF.',
  imagemGrande: 'A foto pode ter até 5 MB.',
  imagemInvalida: 'Não foi possível ler esta foto. Envie outro arquivo.',
  imagemDimensoes: 'A foto é grande demais (até 40 megapixels).',
} as const;

/** Product photos: at most this many bytes per upload. */
export const MAX_BYTES_IMAGEM = 5 * 1024 * 1024;

/** The largest amount anything may cost or adjust: R$ 100.000,00. */
export const MAX_CENTAVOS = 10_000_000;
export const MAX_QTD = 999;
export const MAX_FAIXAS_DIA = 10;
export const MAX_RAIO_METROS = 100_000;

const M = MSG_CATALOGO;
const MAX_ID = 2_147_483_647;

export const idCatalogoSchema = z
  .int(M.idInvalido)
  .check(z.positive(M.idInvalido), z.maximum(MAX_ID, M.idInvalido));

/** A required one-line text: trimmed, non-empty, at most `max`, no control characters. */
function texto(max: number) {
  return z.string(M.obrigatorio).check(
    z.trim(),
    z.refine((v) => v.length > 0, M.obrigatorio),
    z.refine((v) => v.length <= max, M.textoLongo(max)),
    z.refine((v) => !hasControlChars(v), M.caracteresInvalidos),
  );
}

/** An optional text: trimmed; empty or null is null. Line breaks allowed (descriptions). */
function textoOpcional(max: number) {
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
const centavos = z
  .int(M.dinheiroInvalido)
  .check(z.minimum(0, M.dinheiroInvalido), z.maximum(MAX_CENTAVOS, M.dinheiroInvalido));
const quantidade = z
  .int(M.quantidadeInvalida)
  .check(z.minimum(0, M.quantidadeInvalida), z.maximum(MAX_QTD, M.quantidadeInvalida));
const simNao = z.union([z.literal(0), z.literal(1)], M.simOuNao);
export const disponibilidadeCatalogoSchema = z.union(
  [z.literal(0), z.literal(1), z.literal(2)],
  M.disponibilidadeInvalida,
);
const precoPraticado = z.union(
  [z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(10)],
  M.precoPraticadoInvalido,
);

type Ctx = { issues: unknown[]; value: unknown };
function issue(ctx: Ctx, path: (string | number)[], message: string): void {
  ctx.issues.push({ code: 'custom', path, message, input: ctx.value });
}

// ---------------------------------------------------------------------------------------------
// Establishment

/** PUT …/estabelecimento/{id}/dados/ and POST /painel/estabelecimentos/ */
export const estabelecimentoInputSchema = z
  .object({
    apelidooufantasia: texto(100),
    nomeourazaosocial: texto(150),
    endereco: z.object(
      {
        rua: texto(150),
        numero: texto(20),
        bairro: texto(100),
        complemento: textoOpcional(100),
        cep: z.pipe(
          z.string(M.cepInvalido).check(z.refine((v) => isCep(v), M.cepInvalido)),
          z.transform((v) => {
            const d = v.replace(/\D/g, '');
            return `${d.slice(0, 5)}-${d.slice(5)}`;
          }),
        ),
        cidade: texto(100),
        /** Two-letter sigla (SP, RJ…). */
        uf: z.pipe(
          z
            .string(M.ufInvalida)
            .check(z.refine((v) => UFS[v.trim().toUpperCase()] !== undefined, M.ufInvalida)),
          z.transform((v) => v.trim().toUpperCase()),
        ),
      },
      M.obrigatorio,
    ),
    /** Phone numbers with area code, as typed; stored as given (trimmed). At most 5. */
    fones: z
      .array(
        z.string(M.telefoneInvalido).check(
          z.trim(),
          z.refine(
            (v) => /^[\d\s()+-]{10,20}$/.test(v) && v.replace(/\D/g, '').length >= 10,
            M.telefoneInvalido,
          ),
        ),
        M.valorInvalido,
      )
      .check(z.maxLength(5, M.muitosTelefones)),
    /** Cents; 0 = no minimum order. */
    pedidominimo: centavos,
    /** Minutes; min ≤ max. */
    previsaoentregamin: z
      .int(M.previsaoInvalida)
      .check(z.minimum(0, M.previsaoInvalida), z.maximum(600, M.previsaoInvalida)),
    previsaoentregamax: z
      .int(M.previsaoInvalida)
      .check(z.minimum(0, M.previsaoInvalida), z.maximum(600, M.previsaoInvalida)),
    /** The store's point (from the address's geocoding); absent or null: not placed (kept as is when absent). */
    lat: z.optional(
      z.nullable(
        z
          .number(M.latitudeInvalida)
          .check(z.minimum(-90, M.latitudeInvalida), z.maximum(90, M.latitudeInvalida)),
      ),
    ),
    lng: z.optional(
      z.nullable(
        z
          .number(M.longitudeInvalida)
          .check(z.minimum(-180, M.longitudeInvalida), z.maximum(180, M.longitudeInvalida)),
      ),
    ),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.previsaoentregamin > v.previsaoentregamax)
        issue(ctx, ['previsaoentregamin'], M.previsaoMinAcimaMax);
      if (((v.lat ?? null) === null) !== ((v.lng ?? null) === null)) issue(ctx, ['lng'], M.coordenadasJuntas);
    }),
  );
export type EstabelecimentoInput = z.infer<typeof estabelecimentoInputSchema>;

/** GET/PUT …/dados/ answer; POST /painel/estabelecimentos/ answers it with 201. */
export const estabelecimentoConfigSchema = z.object({
  id: idCatalogoSchema,
  apelidooufantasia: z.string(),
  nomeourazaosocial: z.string(),
  logo: z.nullable(z.string()),
  endereco: z.object({
    rua: z.string(),
    numero: z.string(),
    bairro: z.string(),
    complemento: z.nullable(z.string()),
    cep: z.string(),
    cidade: z.string(),
    uf: z.string(),
  }),
  fones: z.array(z.string()),
  pedidominimo: z.int(),
  previsaoentregamin: z.int(),
  previsaoentregamax: z.int(),
  /** The store's point, null until placed. */
  lat: z.nullable(z.number()),
  lng: z.nullable(z.number()),
  /** The customer's menu version: moves on every write of the back office. */
  menu_versao: z.int(),
});
export type EstabelecimentoConfig = z.infer<typeof estabelecimentoConfigSchema>;

// ---------------------------------------------------------------------------------------------
// Opening hours

const hhmm = z.pipe(
  z.string(M.horaInvalida).check(z.regex(/^([01]\d|2[0-3]):[0-5]\d(:00)?$/, M.horaInvalida)),
  z.transform((v) => v.slice(0, 5)),
);

/**
 * One opening range. `dia_seguinte`: it closes after midnight (on the next day); then fechamento
 * must be at or before abertura, and 00:00 → 00:00 with dia_seguinte is the whole day (24 h).
 * A day without ranges is closed.
 */
export const horarioInputSchema = z.object({
  diadasemana: z.int(M.diaInvalido).check(z.minimum(0, M.diaInvalido), z.maximum(6, M.diaInvalido)),
  abertura: hhmm,
  fechamento: hhmm,
  dia_seguinte: z.boolean(M.valorInvalido),
});
export type HorarioInput = z.infer<typeof horarioInputSchema>;

const minutos = (hhmmText: string): number =>
  Number(hhmmText.slice(0, 2)) * 60 + Number(hhmmText.slice(3, 5));
const SEMANA = 7 * 1440;

/** A range's [start, end) in minutes of the week (end may pass the week's end). */
function faixaSemana(h: HorarioInput): [number, number] {
  const a = h.diadasemana * 1440 + minutos(h.abertura);
  const f = h.diadasemana * 1440 + minutos(h.fechamento) + (h.dia_seguinte ? 1440 : 0);
  return [a, f];
}

const DIAS_CURTOS = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado'];
const descreverFaixa = (h: HorarioInput): string =>
  `${DIAS_CURTOS[h.diadasemana] ?? ''} ${h.abertura}–${h.fechamento}${h.dia_seguinte ? ' (dia seguinte)' : ''}`;

/**
 * The problems of a week of ranges, by index: inverted ranges and overlaps (a Saturday range
 * past midnight overlaps Sunday's early one). Pure: the editor marks the rows as you type.
 */
export function problemasHorarios(
  horarios: readonly HorarioInput[],
  /** One date's ranges (holidays): the overlap text names no weekday. */
  umDia = false,
): { indice: number; campo: 'fechamento' | 'abertura'; msg: string }[] {
  const out: { indice: number; campo: 'fechamento' | 'abertura'; msg: string }[] = [];
  const validas: number[] = [];
  const porDia = new Map<number, number>();
  horarios.forEach((h, i) => {
    const n = (porDia.get(h.diadasemana) ?? 0) + 1;
    porDia.set(h.diadasemana, n);
    if (n === MAX_FAIXAS_DIA + 1) out.push({ indice: i, campo: 'abertura', msg: M.muitosHorarios });
    const a = minutos(h.abertura);
    const f = minutos(h.fechamento);
    if (!h.dia_seguinte && f <= a) out.push({ indice: i, campo: 'fechamento', msg: M.horarioInvertido });
    else if (h.dia_seguinte && f > a) out.push({ indice: i, campo: 'fechamento', msg: M.horarioDiaSeguinte });
    else validas.push(i);
  });
  for (let x = 0; x < validas.length; x++) {
    for (let y = 0; y < x; y++) {
      const i = validas[x]!;
      const j = validas[y]!;
      const [a1, f1] = faixaSemana(horarios[i]!);
      const [a2, f2] = faixaSemana(horarios[j]!);
      // Compare on the week's circle: shift one range by a week both ways.
      const sobrepoe = [-SEMANA, 0, SEMANA].some((d) => a1 < f2 + d && a2 + d < f1);
      if (sobrepoe) {
        out.push({
          indice: i,
          campo: 'abertura',
          msg: M.horarioSobreposto(
            descreverFaixa(horarios[j]!).slice(umDia ? DIAS_CURTOS[0]!.length + 1 : 0),
          ),
        });
        break;
      }
    }
  }
  return out;
}

/** PUT …/horarios/: the whole week at once (replaces every range). */
export const horariosInputSchema = z
  .object({
    horarios: z
      .array(horarioInputSchema, M.valorInvalido)
      .check(z.maxLength(7 * MAX_FAIXAS_DIA, M.listaLonga)),
  })
  .check(
    z.superRefine((v, ctx) => {
      for (const p of problemasHorarios(v.horarios)) issue(ctx, ['horarios', p.indice, p.campo], p.msg);
    }),
  );
export type HorariosInput = z.infer<typeof horariosInputSchema>;
/** GET/PUT …/horarios/ answer, sorted by day then opening. */
export const horariosSchema = z.object({ horarios: z.array(horarioInputSchema) });
export type Horarios = z.infer<typeof horariosSchema>;

// ---------------------------------------------------------------------------------------------
// Holidays and other dates with their own hours

export const MAX_EXCECOES = 100;

/** A real calendar date 'YYYY-MM-DD'. */
export const dataIsoValida = (v: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) &&
  !Number.isNaN(Date.parse(v)) &&
  new Date(Date.parse(v)).toISOString().startsWith(v);

/**
 * One date's own hours: on `data` they replace its weekday's ('25/12 fechado', '31/12 18:00–23:00').
 * `fechado`: closed all day (faixas ignored); else at least one range, as in the week (past
 * midnight with dia_seguinte; the part after midnight still belongs to this date).
 */
export const excecaoHorarioInputSchema = z.object({
  data: z.string(M.dataExcecaoInvalida).check(z.refine(dataIsoValida, M.dataExcecaoInvalida)),
  fechado: z.boolean(M.valorInvalido),
  faixas: z
    .array(
      z.object({ abertura: hhmm, fechamento: hhmm, dia_seguinte: z.boolean(M.valorInvalido) }),
      M.valorInvalido,
    )
    .check(z.maxLength(MAX_FAIXAS_DIA, M.muitosHorarios)),
});
export type ExcecaoHorarioInput = z.infer<typeof excecaoHorarioInputSchema>;

/**
 * The problems of a list of dates, by path below the list: a date before `hoje` (the store's
 * 'YYYY-MM-DD'), a repeated date, an open date without ranges, inverted or overlapping ranges.
 * Pure: the editor marks the rows as you type, the server refuses with the same texts.
 */
export function problemasExcecoes(
  excecoes: readonly ExcecaoHorarioInput[],
  hoje: string,
): { caminho: (string | number)[]; msg: string }[] {
  const out: { caminho: (string | number)[]; msg: string }[] = [];
  const vistas = new Set<string>();
  excecoes.forEach((e, i) => {
    if (e.data < hoje) out.push({ caminho: [i, 'data'], msg: M.dataExcecaoPassada });
    else if (vistas.has(e.data)) out.push({ caminho: [i, 'data'], msg: M.dataExcecaoRepetida });
    vistas.add(e.data);
    if (e.fechado) return;
    if (e.faixas.length === 0) out.push({ caminho: [i, 'faixas'], msg: M.excecaoSemFaixas });
    // The same rules as a week's ranges, on one day.
    for (const p of problemasHorarios(
      e.faixas.map((f) => ({ ...f, diadasemana: 0 })),
      true,
    ))
      out.push({ caminho: [i, 'faixas', p.indice, p.campo], msg: p.msg });
  });
  return out;
}

/** PUT …/horarios/excecoes/: every date from today on at once (replaces them). */
export const excecoesHorarioInputSchema = z.object({
  excecoes: z
    .array(excecaoHorarioInputSchema, M.valorInvalido)
    .check(z.maxLength(MAX_EXCECOES, M.muitasExcecoes)),
});
export type ExcecoesHorarioInput = z.infer<typeof excecoesHorarioInputSchema>;
/** GET/PUT …/horarios/excecoes/ answer, by date. */
export const excecoesHorarioSchema = z.object({
  excecoes: z.array(excecaoHorarioInputSchema),
});
export type ExcecoesHorario = z.infer<typeof excecoesHorarioSchema>;

// ---------------------------------------------------------------------------------------------
// Delivery

/** POST/PUT …/areas/: a circle around a point. taxaentrega null = not delivered to (a hole). */
export const areaInputSchema = z
  .object({
    lat: z
      .number(M.latitudeInvalida)
      .check(z.minimum(-90, M.latitudeInvalida), z.maximum(90, M.latitudeInvalida)),
    lng: z
      .number(M.longitudeInvalida)
      .check(z.minimum(-180, M.longitudeInvalida), z.maximum(180, M.longitudeInvalida)),
    /** Metres. */
    raio: z
      .number(M.raioInvalido)
      .check(z.positive(M.raioInvalido), z.maximum(MAX_RAIO_METROS, M.raioInvalido)),
    /** Cents; null = no delivery inside this circle. */
    taxaentrega: z.nullable(centavos),
    /** Cents; free delivery from this subtotal; null = never free. */
    valorminimo: z.nullable(centavos),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.taxaentrega === null && v.valorminimo !== null) issue(ctx, ['valorminimo'], M.minimoSemEntrega);
    }),
  );
export type AreaInput = z.infer<typeof areaInputSchema>;
export const areaPainelSchema = z.object({
  idareaentrega: idCatalogoSchema,
  lat: z.number(),
  lng: z.number(),
  raio: z.number(),
  taxaentrega: z.nullable(z.int()),
  valorminimo: z.nullable(z.int()),
});
export type AreaPainel = z.infer<typeof areaPainelSchema>;
export const areasPainelSchema = z.array(areaPainelSchema);

/** POST/PUT …/taxas-bairro/: a fee by neighbourhood (used when there are no circles). */
export const taxaBairroInputSchema = z.object({
  bairro: texto(100),
  cidade: texto(100),
  uf: z.pipe(
    z.string(M.ufInvalida).check(z.refine((v) => UFS[v.trim().toUpperCase()] !== undefined, M.ufInvalida)),
    z.transform((v) => v.trim().toUpperCase()),
  ),
  /** Cents. */
  valor: centavos,
  /** Cents: free delivery from this subtotal; null = never free. */
  valorminimo: z.nullable(centavos),
});
export type TaxaBairroInput = z.infer<typeof taxaBairroInputSchema>;
export const taxaBairroPainelSchema = z.object({
  id: idCatalogoSchema,
  bairro: z.string(),
  cidade: z.string(),
  uf: z.string(),
  valor: z.int(),
  valorminimo: z.nullable(z.int()),
});
export type TaxaBairroPainel = z.infer<typeof taxaBairroPainelSchema>;
export const taxasBairroPainelSchema = z.array(taxaBairroPainelSchema);

// ---------------------------------------------------------------------------------------------
// Payment methods

export const sttipopgtoSchema = z.union(
  [z.literal(0), z.literal(60), z.literal(61), z.literal(200)],
  M.tipoPgtoInvalido,
);

/**
 * PUT …/formas-pagamento/: the whole list. An item with `idformapgto` keeps its id (a cart that
 * chose it still places); one without is new; a missing one is removed. Where each is offered is
 * the owner's choice: `na_entrega` ('Pagar na entrega') and `online` ('Pagar online'); left out,
 * they keep the old behaviour (every method on delivery; credit, debit and PIX also online). Cash
 * is never online, and a method offered nowhere is refused.
 */
export const formasPgtoInputSchema = z
  .object({
    formas: z
      .array(
        z.object({
          idformapgto: z.optional(z.nullable(idCatalogoSchema)),
          descricao: texto(60),
          sttipopgto: sttipopgtoSchema,
          na_entrega: z.optional(z.boolean(M.valorInvalido)),
          online: z.optional(z.boolean(M.valorInvalido)),
        }),
        M.valorInvalido,
      )
      .check(z.minLength(1, M.nenhumaForma), z.maxLength(30, M.listaLonga)),
  })
  .check(
    z.superRefine((v, ctx) => {
      const nomes = new Set<string>();
      v.formas.forEach((f, i) => {
        const k = f.descricao.toLowerCase();
        if (nomes.has(k)) issue(ctx, ['formas', i, 'descricao'], M.formaRepetida);
        nomes.add(k);
        const { naEntrega, online } = ladosDaForma(f);
        if (f.sttipopgto === TIPO_PGTO.Dinheiro && f.online === true) {
          issue(ctx, ['formas', i, 'online'], M.dinheiroOnline);
        } else if (!naEntrega && !online) issue(ctx, ['formas', i, 'na_entrega'], M.formaSemLado);
      });
      const ids = v.formas.map((f) => f.idformapgto).filter((x): x is number => typeof x === 'number');
      if (new Set(ids).size !== ids.length) issue(ctx, ['formas'], M.idsRepetidos);
    }),
  );
export type FormasPgtoInput = z.infer<typeof formasPgtoInputSchema>;

export const formasPgtoPainelSchema = z.object({
  formas: z.array(
    z.object({
      idformapgto: idCatalogoSchema,
      descricao: z.string(),
      sttipopgto: z.int(),
      na_entrega: z.boolean(),
      online: z.boolean(),
    }),
  ),
});
export type FormasPgtoPainel = z.infer<typeof formasPgtoPainelSchema>;

// ---------------------------------------------------------------------------------------------
// Menu: categories, products, option groups, options

/** POST/PUT …/categorias/ */
export const categoriaInputSchema = z.object({ descricao: texto(80) });
export type CategoriaInput = z.infer<typeof categoriaInputSchema>;

/** PUT …/categorias/ordem/, …/categorias/{idgrupo}/produtos/ordem/, …/produtos/{id}/grupos/ordem/, …/grupos-opcao/{id}/opcoes/ordem/: every id once, in the new order. */
export const ordemInputSchema = z
  .object({ ids: z.array(idCatalogoSchema, M.valorInvalido).check(z.maxLength(5000, M.listaLonga)) })
  .check(
    z.superRefine((v, ctx) => {
      if (new Set(v.ids).size !== v.ids.length) issue(ctx, ['ids'], M.idsRepetidos);
    }),
  );
export type OrdemInput = z.infer<typeof ordemInputSchema>;

/** POST/PUT …/produtos/: prices in cents. `grupoopcoes`, when sent, replaces the linked groups in that order. */
export const produtoInputSchema = z
  .object({
    idgrupo: idCatalogoSchema,
    descricao: texto(120),
    detalhe: z.optional(textoOpcional(1000)),
    preco: centavos,
    /** 0 = no offer; else below preco. */
    precooferta: z.optional(centavos),
    stindisponivel: z.optional(disponibilidadeCatalogoSchema),
    grupoopcoes: z.optional(z.array(idCatalogoSchema, M.valorInvalido).check(z.maxLength(50, M.listaLonga))),
  })
  .check(
    z.superRefine((v, ctx) => {
      if ((v.precooferta ?? 0) > 0 && (v.precooferta ?? 0) >= v.preco)
        issue(ctx, ['precooferta'], M.ofertaAcimaDoPreco);
      if (v.grupoopcoes && new Set(v.grupoopcoes).size !== v.grupoopcoes.length)
        issue(ctx, ['grupoopcoes'], M.idsRepetidos);
    }),
  );
export type ProdutoInput = z.infer<typeof produtoInputSchema>;

/** POST/PUT …/grupos-opcao/: a group, reusable in several products. */
export const grupoOpcaoInputSchema = z
  .object({
    descricao: texto(80),
    /** true: a quantity stepper per option; false: each option once at most. */
    multiplo: z.boolean(M.valorInvalido),
    /** Mode 0 only: this many of the cheapest chosen units are free. */
    qtdinclusa: quantidade,
    /** 0 = optional. */
    qtdmultiplomin: quantidade,
    /** 0 = no limit. */
    qtdmultiplomax: quantidade,
    stprecopraticado: precoPraticado,
    /** 1: a leave-out group ('Sem cebola'); its options cost nothing. */
    stnegagrupoopcao: simNao,
    stindisponivel: z.optional(disponibilidadeCatalogoSchema),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.qtdmultiplomax > 0 && v.qtdmultiplomin > v.qtdmultiplomax)
        issue(ctx, ['qtdmultiplomin'], M.minimoAcimaDoMaximo);
      if (v.qtdinclusa > 0 && v.stprecopraticado !== 0) issue(ctx, ['qtdinclusa'], M.inclusaSoNormal);
      else if (v.qtdmultiplomax > 0 && v.qtdinclusa > v.qtdmultiplomax)
        issue(ctx, ['qtdinclusa'], M.inclusaAcimaDoMaximo);
    }),
  );
export type GrupoOpcaoInput = z.infer<typeof grupoOpcaoInputSchema>;

/** A money adjustment (cents) or, with its flag, a percent with up to two decimals. */
function ajusteValido(valor: number, percentual: number): boolean {
  if (percentual !== 0)
    return valor >= -100 && valor <= 1000 && Math.abs(Math.round(valor * 100) - valor * 100) < 1e-6;
  return Number.isInteger(valor) && Math.abs(valor) <= MAX_CENTAVOS;
}

/** POST/PUT …/grupos-opcao/{idgrupoopcao}/opcoes/: prices and money adjustments in cents. */
export const opcaoInputSchema = z
  .object({
    descricao: texto(80),
    detalhe: z.optional(textoOpcional(500)),
    /** Units pre-applied when the drawer opens. */
    qtdpadrao: z.optional(quantidade),
    /** Most units of this option in one item; 0 = no own limit. */
    qtdmax: z.optional(quantidade),
    preco: centavos,
    /** 0 = no offer; else below preco. */
    precooferta: z.optional(centavos),
    stindisponivel: z.optional(disponibilidadeCatalogoSchema),
    /** Cents added to the item's unit price once (may be negative). */
    valorafetatudo: z.optional(
      z
        .int(M.ajusteInvalido)
        .check(z.minimum(-MAX_CENTAVOS, M.ajusteInvalido), z.maximum(MAX_CENTAVOS, M.ajusteInvalido)),
    ),
    /** Cents, or percent when stpercentualafetaopcao = 1: changes every other chosen option's unit price. */
    valorafetaopcao: z.optional(z.number(M.ajusteInvalido)),
    stpercentualafetaopcao: z.optional(simNao),
    /** Cents, or percent when stpercentualafetaproduto = 1: changes the product's base once. */
    valorafetaproduto: z.optional(z.number(M.ajusteInvalido)),
    stpercentualafetaproduto: z.optional(simNao),
  })
  .check(
    z.superRefine((v, ctx) => {
      if ((v.precooferta ?? 0) > 0 && (v.precooferta ?? 0) >= v.preco)
        issue(ctx, ['precooferta'], M.ofertaAcimaDoPreco);
      const max = v.qtdmax ?? 0;
      if (max > 0 && (v.qtdpadrao ?? 0) > max) issue(ctx, ['qtdpadrao'], M.padraoAcimaDoMaximo);
      const po = v.stpercentualafetaopcao ?? 0;
      if (!ajusteValido(v.valorafetaopcao ?? 0, po))
        issue(ctx, ['valorafetaopcao'], po ? M.percentualAjusteInvalido : M.ajusteInvalido);
      const pp = v.stpercentualafetaproduto ?? 0;
      if (!ajusteValido(v.valorafetaproduto ?? 0, pp))
        issue(ctx, ['valorafetaproduto'], pp ? M.percentualAjusteInvalido : M.ajusteInvalido);
    }),
  );
export type OpcaoInput = z.infer<typeof opcaoInputSchema>;

/** …/produtos/{idproduto}/grupos/: link a group at the end (or at `posicao`, 0-based). */
export const vincularGrupoInputSchema = z.object({
  idgrupoopcao: idCatalogoSchema,
  posicao: z.optional(z.int(M.valorInvalido).check(z.minimum(0, M.valorInvalido))),
});
export type VincularGrupoInput = z.infer<typeof vincularGrupoInputSchema>;

/** Read shapes (GET …/cardapio/ and each write's answer). Money in cents. */
export const opcaoPainelSchema = z.object({
  idopcao: idCatalogoSchema,
  idgrupoopcao: idCatalogoSchema,
  descricao: z.string(),
  detalhe: z.nullable(z.string()),
  qtdpadrao: z.int(),
  qtdmax: z.int(),
  preco: z.int(),
  precooferta: z.int(),
  stindisponivel: z.int(),
  valorafetatudo: z.int(),
  valorafetaopcao: z.number(),
  stpercentualafetaopcao: z.int(),
  valorafetaproduto: z.number(),
  stpercentualafetaproduto: z.int(),
  ordem: z.int(),
});
export type OpcaoPainel = z.infer<typeof opcaoPainelSchema>;

export const grupoOpcaoPainelSchema = z.object({
  idgrupoopcao: idCatalogoSchema,
  descricao: z.string(),
  multiplo: z.boolean(),
  qtdinclusa: z.int(),
  qtdmultiplomin: z.int(),
  qtdmultiplomax: z.int(),
  stprecopraticado: z.int(),
  stnegagrupoopcao: z.int(),
  stindisponivel: z.int(),
  opcoes: z.array(opcaoPainelSchema),
  /** The products that use this group (its reuse). */
  produtos: z.array(idCatalogoSchema),
});
export type GrupoOpcaoPainel = z.infer<typeof grupoOpcaoPainelSchema>;

export const produtoPainelSchema = z.object({
  idproduto: idCatalogoSchema,
  idgrupo: idCatalogoSchema,
  descricao: z.string(),
  detalhe: z.nullable(z.string()),
  imagem: z.nullable(z.string()),
  preco: z.int(),
  precooferta: z.int(),
  stindisponivel: z.int(),
  ordem: z.int(),
  /** Linked option groups, in the order the customer sees them. */
  grupoopcoes: z.array(idCatalogoSchema),
});
export type ProdutoPainel = z.infer<typeof produtoPainelSchema>;

export const categoriaPainelSchema = z.object({
  idgrupo: idCatalogoSchema,
  descricao: z.string(),
  ordem: z.int(),
});
export type CategoriaPainel = z.infer<typeof categoriaPainelSchema>;

/** GET …/cardapio/: everything the menu editors need in one read. */
export const cardapioPainelSchema = z.object({
  menu_versao: z.int(),
  categorias: z.array(z.object({ ...categoriaPainelSchema.shape, produtos: z.array(produtoPainelSchema) })),
  gruposopcao: z.array(grupoOpcaoPainelSchema),
});
export type CardapioPainel = z.infer<typeof cardapioPainelSchema>;

/**
 * A group's problems that need its options (the server checks them on every write that could
 * cause one, the editor shows them): a Kit without an available option; a minimum above what
 * the available options allow; an option's default or maximum above 1 in a group without
 * quantities.
 */
export function problemasGrupo(
  g: Pick<GrupoOpcaoInput, 'multiplo' | 'qtdmultiplomin' | 'stprecopraticado'>,
  opcoes: readonly {
    stindisponivel?: number | undefined;
    qtdpadrao?: number | undefined;
    qtdmax?: number | undefined;
  }[],
): { campo: string; msg: string }[] {
  const out: { campo: string; msg: string }[] = [];
  const disponiveis = opcoes.filter((o) => (o.stindisponivel ?? 0) === 0);
  if (g.stprecopraticado === 10 && disponiveis.length === 0)
    out.push({ campo: 'stprecopraticado', msg: M.kitSemOpcoes });
  if (g.qtdmultiplomin > 0 && (opcoes.length === 0 || (!g.multiplo && g.qtdmultiplomin > opcoes.length)))
    out.push({ campo: 'qtdmultiplomin', msg: M.minimoInalcancavel });
  if (!g.multiplo && opcoes.some((o) => (o.qtdpadrao ?? 0) > 1))
    out.push({ campo: 'qtdpadrao', msg: M.padraoNaoMultiplo });
  if (!g.multiplo && opcoes.some((o) => (o.qtdmax ?? 0) > 1))
    out.push({ campo: 'qtdmax', msg: M.maximoNaoMultiplo });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Coupons

/**
 * POST/PUT …/cupons/. Percent: `desconto` is the percentage (0 < x ≤ 100, two decimals). Fixed:
 * `desconto` in cents. `limitedesconto` (cap) and `subtotalminimo` in cents, 0 = none. Dates ISO
 * with offset, null = open-ended. Limits null = unlimited.
 */
export const cupomInputSchema = z
  .object({
    codigo: z.pipe(
      z.string(M.codigoCupomInvalido).check(
        // Empty: the field's own 'fill me in', not the rule for what a code may hold.
        z.refine((v) => v.trim().length > 0, { error: M.obrigatorio, abort: true }),
        z.refine((v) => {
          const c = v.trim().toUpperCase();
          return c.length <= MAX_CUPOM_CODIGO && /^[A-Z0-9_-]+$/.test(c);
        }, M.codigoCupomInvalido),
      ),
      z.transform((v) => v.trim().toUpperCase()),
    ),
    ehpercentual: z.boolean(M.valorInvalido),
    desconto: z.number(M.valorInvalido),
    limitedesconto: z.optional(centavos),
    subtotalminimo: z.optional(centavos),
    valido_de: z.optional(z.nullable(z.iso.datetime({ offset: true, error: M.dataInvalida }))),
    valido_ate: z.optional(z.nullable(z.iso.datetime({ offset: true, error: M.dataInvalida }))),
    limite_total: z.optional(
      z.nullable(
        z
          .int(M.limiteUsosInvalido)
          .check(z.minimum(1, M.limiteUsosInvalido), z.maximum(MAX_ID, M.limiteUsosInvalido)),
      ),
    ),
    limite_por_cliente: z.optional(
      z.nullable(
        z
          .int(M.limiteUsosInvalido)
          .check(z.minimum(1, M.limiteUsosInvalido), z.maximum(MAX_ID, M.limiteUsosInvalido)),
      ),
    ),
    ativo: z.optional(z.boolean(M.valorInvalido)),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.ehpercentual) {
        const ok =
          v.desconto > 0 &&
          v.desconto <= 100 &&
          Math.abs(Math.round(v.desconto * 100) - v.desconto * 100) < 1e-6;
        if (!ok) issue(ctx, ['desconto'], M.descontoPercentualInvalido);
      } else if (!Number.isInteger(v.desconto) || v.desconto <= 0 || v.desconto > MAX_CENTAVOS) {
        issue(ctx, ['desconto'], M.descontoFixoInvalido);
      }
      if (v.valido_de && v.valido_ate && Date.parse(v.valido_ate) <= Date.parse(v.valido_de))
        issue(ctx, ['valido_ate'], M.validadeInvertida);
    }),
  );
export type CupomInput = z.infer<typeof cupomInputSchema>;

export const cupomPainelSchema = z.object({
  id: idCatalogoSchema,
  codigo: z.string(),
  ehpercentual: z.boolean(),
  desconto: z.number(),
  limitedesconto: z.int(),
  subtotalminimo: z.int(),
  valido_de: z.nullable(z.string()),
  valido_ate: z.nullable(z.string()),
  limite_total: z.nullable(z.int()),
  limite_por_cliente: z.nullable(z.int()),
  ativo: z.boolean(),
  criado_em: z.string(),
  /** Orders that used it. */
  usos: z.int(),
});
export type CupomPainel = z.infer<typeof cupomPainelSchema>;
export const cuponsPainelSchema = z.array(cupomPainelSchema);

// ---------------------------------------------------------------------------------------------
// Audit log

/** GET …/auditoria/?antes={id}: newest first, 50 per page. */
export const auditoriaSchema = z.object({
  itens: z.array(
    z.object({
      id: idCatalogoSchema,
      idfuncionario: z.nullable(z.int()),
      funcionario: z.nullable(z.string()),
      /** 'estabelecimento' | 'horarios' | 'area' | 'taxa_bairro' | 'formas_pgto' | 'categoria' | 'produto' | 'grupo_opcao' | 'opcao' | 'cupom' | 'cardapio' */
      entidade: z.string(),
      identidade: z.nullable(z.int()),
      /** 'criar' | 'alterar' | 'excluir' | 'ordenar' | 'duplicar' | 'vincular' | 'desvincular' | 'importar' | 'imagem' | 'desativar' (a used coupon) */
      acao: z.string(),
      dados: z.unknown(),
      criado_em: z.string(),
    }),
  ),
  /** Pass as ?antes= for the next page; null at the end. */
  proximo: z.nullable(z.int()),
});
export type Auditoria = z.infer<typeof auditoriaSchema>;
