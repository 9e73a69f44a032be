// The store's editors: data, hours, dates with their own hours, delivery, payment methods (the back office's contract, catalogo.ts).
import { z } from 'zod/mini';
import { isEmail } from '../conta.ts';
import { UFS, isCep } from '../endereco.ts';
import { TIPO_PGTO, ladosDaForma } from '../schemas.ts';
import {
  M,
  centavos,
  texto,
  textoOpcional,
  issue,
  MAX_FAIXAS_DIA,
  MAX_RAIO_METROS,
  idCatalogoSchema,
} from './catalogo-campos.ts';
// ---------------------------------------------------------------------------------------------
// Establishment

/** A CNPJ's 14 digits with both check digits right (Receita Federal's modulo-11 rule). */
export function isCnpj(v: string): boolean {
  if (/[^\d\s./-]/.test(v)) return false;
  const d = v.replace(/\D/g, '');
  if (d.length !== 14 || /^(\d)\1{13}$/.test(d)) return false;
  const dv = (n: number): number => {
    let soma = 0;
    for (let i = 0; i < n; i++) soma += Number(d[i]) * (((n - 1 - i) % 8) + 2);
    const r = soma % 11;
    return r < 2 ? 0 : 11 - r;
  };
  return dv(12) === Number(d[12]) && dv(13) === Number(d[13]);
}

const telefoneValido = (v: string): boolean =>
  /^[\d\s()+-]{10,20}$/.test(v) && v.replace(/\D/g, '').length >= 10;

/** An optional text of the store's contact data: absent = kept, '' or null = cleared. */
const contatoOpcional = (msg: string, ok: (v: string) => boolean, limpar: (v: string) => string) =>
  z.optional(
    z.nullable(
      z.pipe(
        z.string(msg).check(
          z.trim(),
          z.refine((v) => v === '' || ok(v), msg),
        ),
        z.transform((v) => (v === '' ? null : limpar(v))),
      ),
    ),
  );

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
        z.string(M.telefoneInvalido).check(z.trim(), z.refine(telefoneValido, M.telefoneInvalido)),
        M.valorInvalido,
      )
      .check(z.maxLength(5, M.muitosTelefones)),
    /**
     * Contact data for the store's published documents (Open Delivery's merchant: basicInfo's
     * document, contactEmails, contactPhones.whatsappNumber). Absent: kept; '' or null: cleared.
     * The CNPJ is stored as its 14 digits.
     */
    cnpj: contatoOpcional(M.cnpjInvalido, isCnpj, (v) => v.replace(/\D/g, '')),
    email_contato: contatoOpcional(
      M.emailContatoInvalido,
      (v) => v.length <= 150 && isEmail(v),
      (v) => v.toLowerCase(),
    ),
    whatsapp: contatoOpcional(M.telefoneInvalido, telefoneValido, (v) => v),
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
  /** 14 digits, null until given. */
  cnpj: z.nullable(z.string()),
  email_contato: z.nullable(z.string()),
  whatsapp: z.nullable(z.string()),
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
 * The last date with its own hours on `hoje`: the 31st of December of next year (issue 20: every
 * date a client sends has a horizon).
 */
export const dataMaxExcecao = (hoje: string): string => `${Number(hoje.slice(0, 4)) + 1}-12-31`;

/**
 * The problems of a list of dates, by path below the list: a date before `hoje` (the store's
 * 'YYYY-MM-DD') or after dataMaxExcecao(hoje), a repeated date, an open date without ranges,
 * inverted or overlapping ranges.
 * Pure: the editor marks the rows as you type, the server refuses with the same texts.
 */
export function problemasExcecoes(
  excecoes: readonly ExcecaoHorarioInput[],
  hoje: string,
): { caminho: (string | number)[]; msg: string }[] {
  const out: { caminho: (string | number)[]; msg: string }[] = [];
  const vistas = new Set<string>();
  const max = dataMaxExcecao(hoje);
  excecoes.forEach((e, i) => {
    if (e.data < hoje) out.push({ caminho: [i, 'data'], msg: M.dataExcecaoPassada });
    else if (e.data > max) out.push({ caminho: [i, 'data'], msg: M.dataExcecaoDistante(max) });
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
