/**
 * Cards (spec sections 3, 5, 7, 9; issue 5): brand detection, the Luhn check, the card form's
 * rules with the spec's texts, masking, expiry, the saved card's wire schemas and the shapes of
 * the browser tokenisation (Cielo's Silent Order Post). The form, the profile and the server's
 * /controle/cartao/ route use these same functions.
 *
 * Kept out of schemas.ts and messages.ts: only the card screens (lazy) and the server load it.
 */
import { z } from 'zod/mini';
import { MSG_CARTAO } from './messages-cartao.ts';

/** Brands as Cielo names them (spec section 5). */
export const BANDEIRAS = ['Visa', 'Master', 'Amex', 'Elo', 'Diners', 'Discover', 'Hipercard'] as const;
export type BandeiraCartao = (typeof BANDEIRAS)[number];

/** The brands a debit card may have (spec sections 5 and 9). */
export const BANDEIRAS_DEBITO: readonly BandeiraCartao[] = ['Master', 'Visa'];

/** Names to show (the wire keeps Cielo's). */
export const NOME_BANDEIRA: Readonly<Record<BandeiraCartao, string>> = {
  Visa: 'Visa',
  Master: 'Mastercard',
  Amex: 'American Express',
  Elo: 'Elo',
  Diners: 'Diners Club',
  Discover: 'Discover',
  Hipercard: 'Hipercard',
};

export const isBandeira = (v: unknown): v is BandeiraCartao =>
  typeof v === 'string' && (BANDEIRAS as readonly string[]).includes(v);

/** Card number length (spec section 9). */
export const MIN_DIGITOS_CARTAO = 14;
export const MAX_DIGITOS_CARTAO = 16;
/** Expiry years offered: the current one and the next 19 (spec sections 5 and 9). */
export const ANOS_VALIDADE = 20;
export const MAX_TITULAR = 100;
/** Saved cards per customer: a bound against abuse, far above an honest wallet. */
export const MAX_CARTOES = 20;

export const somenteDigitos = (v: string): string => v.replace(/\D+/g, '');

/**
 * Elo's BINs (6 digits): single values and inclusive ranges. Some sit inside Visa's 4 and
 * Discover's 65, so Elo is tried before every other brand.
 */
const ELO_BINS: readonly (number | readonly [number, number])[] = [
  401178,
  401179,
  431274,
  438935,
  451416,
  457393,
  457631,
  457632,
  504175,
  [506699, 506778],
  [509000, 509999],
  627780,
  636297,
  636368,
  [650031, 650033],
  [650035, 650051],
  [650405, 650439],
  [650485, 650538],
  [650541, 650598],
  [650700, 650718],
  [650720, 650727],
  [650901, 650978],
  [651652, 651679],
  [655000, 655019],
  [655021, 655058],
];

function isElo(d: string): boolean {
  if (d.length < 6) return false;
  const bin = Number(d.slice(0, 6));
  return ELO_BINS.some((r) => (typeof r === 'number' ? bin === r : bin >= r[0] && bin <= r[1]));
}

/** Prefix patterns, tried in this order after Elo (Hipercard's 3841 before Diners' 38). */
const PADROES: readonly (readonly [BandeiraCartao, RegExp])[] = [
  ['Hipercard', /^(606282|3841(?:00|40|60))/],
  ['Amex', /^3[47]/],
  ['Diners', /^3(?:0[0-5]|[689])/],
  ['Discover', /^(6011|64[4-9]|65)/],
  ['Master', /^(5[1-5]|222[1-9]|22[3-9]|2[3-6]|27[01]|2720)/],
  ['Visa', /^4/],
];

/**
 * The brand of a card number by its prefix (spaces and other non-digits ignored), or null. Works
 * on a number still being typed: Elo's and Hipercard's BINs decide once six digits are in.
 */
export function detectarBandeira(numero: string): BandeiraCartao | null {
  const d = somenteDigitos(numero);
  if (d === '') return null;
  if (isElo(d)) return 'Elo';
  for (const [bandeira, re] of PADROES) if (re.test(d)) return bandeira;
  return null;
}

/** The Luhn (mod 10) check of a digit string. */
export function luhnValido(digitos: string): boolean {
  if (!/^\d+$/.test(digitos)) return false;
  let soma = 0;
  let dobra = false;
  for (let i = digitos.length - 1; i >= 0; i--) {
    let n = digitos.charCodeAt(i) - 48;
    if (dobra) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    soma += n;
    dobra = !dobra;
  }
  return soma % 10 === 0;
}

/** Which brands a form accepts: debit only Master and Visa; Discover only in the profile. */
export interface RegrasBandeira {
  debito?: boolean;
  perfil?: boolean;
}

/** The brands accepted under `regras`, in BANDEIRAS order. */
export function bandeirasAceitas(regras: RegrasBandeira = {}): BandeiraCartao[] {
  return BANDEIRAS.filter((b) => {
    if (regras.debito && !BANDEIRAS_DEBITO.includes(b)) return false;
    return b !== 'Discover' || regras.perfil === true;
  });
}

/**
 * The card number's error, or null: 14 to 16 digits, the Luhn check, a known brand, Discover only
 * in the profile, debit only Master or Visa (spec section 5).
 */
export function validarNumeroCartao(numero: string, regras: RegrasBandeira = {}): string | null {
  const d = somenteDigitos(numero);
  if (d.length < MIN_DIGITOS_CARTAO || d.length > MAX_DIGITOS_CARTAO || /[^\d\s-]/.test(numero)) {
    return MSG_CARTAO.numeroTamanho;
  }
  if (!luhnValido(d)) return MSG_CARTAO.numeroInvalido;
  const bandeira = detectarBandeira(d);
  if (bandeira === null) return MSG_CARTAO.bandeiraNaoReconhecida;
  if (regras.debito && !BANDEIRAS_DEBITO.includes(bandeira)) return MSG_CARTAO.debitoSomenteMasterVisa;
  if (bandeira === 'Discover' && !regras.perfil) return MSG_CARTAO.bandeiraNaoAceita;
  return null;
}

/** The expiry years a form offers: this year and the next 19. */
export function anosValidade(agora: Date = new Date()): number[] {
  const ano = agora.getFullYear();
  return Array.from({ length: ANOS_VALIDADE }, (_, i) => ano + i);
}

/** The 12 months as the form shows and sends them: '01' … '12'. */
export const MESES: readonly string[] = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

const mesValido = (mes: string) => MESES.includes(mes.padStart(2, '0')) && /^\d{1,2}$/.test(mes);

/** The year's error, or null: one of anosValidade (spec: 'Informe o ano.'). */
export function validarAno(ano: string, agora: Date = new Date()): string | null {
  return /^\d{4}$/.test(ano) && anosValidade(agora).includes(Number(ano)) ? null : MSG_CARTAO.anoObrigatorio;
}

/** The month's error, or null: 'Informe o mês.' when missing; 'Cartão vencido.' for a past month. */
export function validarMes(mes: string, ano: string, agora: Date = new Date()): string | null {
  if (!mesValido(mes)) return MSG_CARTAO.mesObrigatorio;
  if (validarAno(ano, agora) === null && expiracaoVencida(formatarExpiracao(mes, ano), agora)) {
    return MSG_CARTAO.cartaoVencido;
  }
  return null;
}

/** 'MM/YYYY' of a month and a year ('3', '2030' → '03/2030'). */
export const formatarExpiracao = (mes: string | number, ano: string | number): string =>
  `${String(mes).padStart(2, '0')}/${ano}`;

const EXPIRACAO_RE = /^(0[1-9]|1[0-2])\/(\d{4})$/;

/** 'MM/YYYY' → its month and year, or null for anything else. */
export function lerExpiracao(expiracao: string): { mes: number; ano: number } | null {
  const m = EXPIRACAO_RE.exec(expiracao);
  return m ? { mes: Number(m[1]), ano: Number(m[2]) } : null;
}

/**
 * True when a card expiring 'MM/YYYY' can no longer be used at `agora` (it is good through the
 * last day of its month), or when the text is not an expiry at all.
 */
export function expiracaoVencida(expiracao: string, agora: Date = new Date()): boolean {
  const e = lerExpiracao(expiracao);
  if (!e) return true;
  const ano = agora.getFullYear();
  return e.ano < ano || (e.ano === ano && e.mes < agora.getMonth() + 1);
}

// eslint-disable-next-line no-control-regex -- the point: C0 controls and DEL.
const CONTROL_RE = /[\u0000-\u001f\u007f]/;

/** The holder's error, or null: required, at most 100 characters, no control characters. */
export function validarTitular(titular: string): string | null {
  if (titular.trim() === '') return MSG_CARTAO.titularObrigatorio;
  if (CONTROL_RE.test(titular)) return MSG_CARTAO.textoInvalido;
  if (titular.trim().length > MAX_TITULAR) return MSG_CARTAO.titularLongo;
  return null;
}

/** The holder's CPF/CNPJ error, or null: 11 or 14 digits, punctuation ignored (spec section 5). */
export function validarCnpjOuCpf(v: string): string | null {
  const d = somenteDigitos(v);
  return (d.length === 11 || d.length === 14) && !/[^\d\s./-]/.test(v) ? null : MSG_CARTAO.cnpjoucpfInvalido;
}

/** The CVV's error, or null: 3 or 4 digits. */
export const validarCvv = (cvv: string): string | null =>
  /^\d{3,4}$/.test(cvv) ? null : MSG_CARTAO.cvvInvalido;

/** The card form's fields as typed (number and CPF/CNPJ may carry their masks). */
export interface CartaoFormValues {
  numero: string;
  /** '01' … '12', or '' */
  mes: string;
  /** 'YYYY', or '' */
  ano: string;
  titular: string;
  cnpjoucpf: string;
  cvv: string;
}

export type CartaoFormErros = Partial<Record<keyof CartaoFormValues, string>>;

export interface RegrasCartao extends RegrasBandeira {
  /** False on the server's compatibility path, where the CVV is optional. Default true. */
  exigirCvv?: boolean;
  agora?: Date;
}

/** One field's error, or null: the card form validates on touch with this. */
export function validarCampoCartao(
  campo: keyof CartaoFormValues,
  v: CartaoFormValues,
  regras: RegrasCartao = {},
): string | null {
  const agora = regras.agora ?? new Date();
  switch (campo) {
    case 'numero':
      return validarNumeroCartao(v.numero, regras);
    case 'mes':
      return validarMes(v.mes, v.ano, agora);
    case 'ano':
      return validarAno(v.ano, agora);
    case 'titular':
      return validarTitular(v.titular);
    case 'cnpjoucpf':
      return validarCnpjOuCpf(v.cnpjoucpf);
    case 'cvv':
      return regras.exigirCvv === false && v.cvv === '' ? null : validarCvv(v.cvv);
  }
}

const CAMPOS: readonly (keyof CartaoFormValues)[] = ['numero', 'mes', 'ano', 'titular', 'cnpjoucpf', 'cvv'];

/** Every field's error (first message per field); empty when the card may be sent. */
export function validarCartao(v: CartaoFormValues, regras: RegrasCartao = {}): CartaoFormErros {
  const erros: CartaoFormErros = {};
  for (const campo of CAMPOS) {
    const e = validarCampoCartao(campo, v, regras);
    if (e !== null) erros[campo] = e;
  }
  return erros;
}

/** A number as shown while typed: groups of 4 (Amex 4-6-5, Diners 4-6-4), at most 16 digits. */
export function formatarNumeroCartao(numero: string): string {
  const d = somenteDigitos(numero).slice(0, MAX_DIGITOS_CARTAO);
  const b = detectarBandeira(d);
  if (b === 'Amex' || b === 'Diners') {
    return [d.slice(0, 4), d.slice(4, 10), d.slice(10)].filter((p) => p !== '').join(' ');
  }
  return (d.match(/\d{1,4}/g) ?? []).join(' ');
}

/** The CPF or CNPJ mask: '123.456.789-01' up to 11 digits, '12.345.678/0001-95' up to 14. */
export function formatarCnpjOuCpf(v: string): string {
  const d = somenteDigitos(v).slice(0, 14);
  if (d.length <= 11) {
    if (d.length <= 3) return d;
    if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`;
    if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
    return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
  }
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}

/** The last 4 digits of a number (or of an already masked one). */
export const finalDoCartao = (numero: string): string => somenteDigitos(numero).slice(-4);

/** The card as the spec shows it: 12 asterisks and the last 4 ('************1234'). */
export const mascararCartao = (numeroOuFinal: string): string =>
  `************${finalDoCartao(numeroOuFinal)}`;

// ---------------------------------------------------------------------------------------------
// Wire schemas

const texto = (max: number) => z.string().check(z.maxLength(max));

/** A saved card as fetched (GET /controle/cartao/; spec section 3). */
export const cartaoSalvoSchema = z.object({
  id: z.int(),
  /** The gateway's card token: what a payment with this card sends. */
  token: z.string(),
  bandeira: z.string(),
  /** '************1234' */
  numero: z.string(),
  titular: z.string(),
  cnpjoucpf: z.string(),
  /** ISO instant it was saved. */
  datahora: z.string(),
});
export type CartaoSalvo = z.infer<typeof cartaoSalvoSchema>;
export const cartoesSalvosSchema = z.array(cartaoSalvoSchema);

/** A gateway token: Cielo's are UUIDs; ours as well. Nothing else may reach the gateway's URL. */
const TOKEN_RE = /^[A-Za-z0-9-]{8,100}$/;

const opcional = (s: z.ZodMiniType<string>) => z.optional(z.nullable(s));

/**
 * POST /controle/cartao/ (issue 5): normally `token` (tokenised in the browser) and no number or
 * CVV; a raw `numero` is accepted for compatibility (the server tokenises it and forgets it).
 * Only the shape is checked here: the number's rules are validarNumeroCartao's, the expiry's date
 * is checked against the clock by the server.
 */
export const cartaoInputSchema = z
  .object({
    token: opcional(z.string().check(z.refine((v) => TOKEN_RE.test(v), { error: MSG_CARTAO.tokenInvalido }))),
    numero: opcional(texto(30)),
    cvv: opcional(
      z.string().check(z.refine((v) => v === '' || /^\d{3,4}$/.test(v), { error: MSG_CARTAO.cvvInvalido })),
    ),
    bandeira: z
      .string({ error: MSG_CARTAO.bandeiraNaoReconhecida })
      .check(z.refine(isBandeira, { error: MSG_CARTAO.bandeiraNaoReconhecida })),
    titular: z.string({ error: MSG_CARTAO.titularObrigatorio }).check(
      z.refine((v) => v.trim() !== '', { error: MSG_CARTAO.titularObrigatorio, abort: true }),
      z.refine((v) => !CONTROL_RE.test(v), { error: MSG_CARTAO.textoInvalido, abort: true }),
      z.refine((v) => v.trim().length <= MAX_TITULAR, { error: MSG_CARTAO.titularLongo }),
    ),
    cnpjoucpf: z
      .string({ error: MSG_CARTAO.cnpjoucpfInvalido })
      .check(z.refine((v) => validarCnpjOuCpf(v) === null, { error: MSG_CARTAO.cnpjoucpfInvalido })),
    expiracao: z
      .string({ error: MSG_CARTAO.expiracaoInvalida })
      .check(z.refine((v) => lerExpiracao(v) !== null, { error: MSG_CARTAO.expiracaoInvalida })),
  })
  .check(
    z.refine((v) => Boolean(v.token) || Boolean(v.numero), {
      error: MSG_CARTAO.numeroObrigatorio,
      path: ['numero'],
    }),
  );
export type CartaoInput = z.input<typeof cartaoInputSchema>;
export type CartaoInputValido = z.infer<typeof cartaoInputSchema>;

/** The providers whose browser tokenisation the checkout knows (issue 23). */
export const PROVEDORES_TOKENIZACAO = ['sandbox', 'cielo', 'mercadopago'] as const;

/**
 * GET /controle/cartao/tokenizacao/: where and with what the browser tokenises the card.
 * `sandbox`/`cielo`: `url` is the Silent Order Post address and `access_token` its token;
 * `mercadopago`: `url` is Mercado Pago's SDK script and `access_token` the account's public key.
 */
export const tokenizacaoSchema = z.object({
  provedor: z.enum(PROVEDORES_TOKENIZACAO),
  url: z.string(),
  access_token: z.string(),
  /** Seconds. */
  expires_in: z.int(),
});
export type Tokenizacao = z.infer<typeof tokenizacaoSchema>;

/** The browser's POST to the tokenisation url (Cielo's Silent Order Post field names). */
export const sopCartaoInputSchema = z.object({
  AccessToken: texto(500),
  HolderName: texto(MAX_TITULAR),
  RawNumber: texto(30),
  /** MM/YYYY */
  Expiration: texto(7),
  SecurityCode: texto(4),
  EnableTokenize: z.literal(true),
});
export type SopCartaoInput = z.infer<typeof sopCartaoInputSchema>;

/** Its 201 answer. */
export const sopCartaoRespostaSchema = z.object({
  CardToken: z.string(),
  PaymentToken: z.optional(z.nullable(z.string())),
});
export type SopCartaoResposta = z.infer<typeof sopCartaoRespostaSchema>;

/** Its 400 answer: Cielo's `[{Code, Message}]`. */
export const sopErrosSchema = z.array(z.object({ Code: z.int(), Message: z.string() }));
export type SopErro = z.infer<typeof sopErrosSchema>[number];

/** The tokenisation's errors (issue 5 brief; Cielo's texts, as the gateway answers them). */
export const SOP_ERRO = {
  expiracaoInvalida: { Code: 126, Message: 'Data de expiração é inválida' },
  numeroInvalido: { Code: 128, Message: 'Número do cartão inválido' },
  tokenAcessoInvalido: { Code: 132, Message: 'Token de acesso inválido' },
} as const satisfies Record<string, SopErro>;

/** The customer's text for a tokenisation refusal (the first error that we know decides). */
export function sopErroTexto(erros: readonly SopErro[]): string {
  for (const e of erros) {
    if (e.Code === SOP_ERRO.expiracaoInvalida.Code) return MSG_CARTAO.expiracaoInvalida;
    if (e.Code === SOP_ERRO.numeroInvalido.Code) return MSG_CARTAO.numeroInvalido;
    if (e.Code === SOP_ERRO.tokenAcessoInvalido.Code) return MSG_CARTAO.tokenizacaoExpirada;
  }
  return MSG_CARTAO.erroTokenizar;
}
