/**
 * Addresses (spec sections 2, 3, 5, 7): the address form's payload with the spec's rules, the
 * fetched form, the CEP mask, and the state name → sigla conversion. The wizard and the server
 * route validate with the same `enderecoInputSchema`.
 */
import { z } from 'zod/mini';
import { MSG_CONTA } from './messages-conta.ts';

/** The 27 federative units: sigla → name. */
export const UFS: Readonly<Record<string, string>> = {
  AC: 'Acre',
  AL: 'Alagoas',
  AP: 'Amapá',
  AM: 'Amazonas',
  BA: 'Bahia',
  CE: 'Ceará',
  DF: 'Distrito Federal',
  ES: 'Espírito Santo',
  GO: 'Goiás',
  MA: 'Maranhão',
  MT: 'Mato Grosso',
  MS: 'Mato Grosso do Sul',
  MG: 'Minas Gerais',
  PA: 'Pará',
  PB: 'Paraíba',
  PR: 'Paraná',
  PE: 'Pernambuco',
  PI: 'Piauí',
  RJ: 'Rio de Janeiro',
  RN: 'Rio Grande do Norte',
  RS: 'Rio Grande do Sul',
  RO: 'Rondônia',
  RR: 'Roraima',
  SC: 'Santa Catarina',
  SP: 'São Paulo',
  SE: 'Sergipe',
  TO: 'Tocantins',
};

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

const SIGLA_BY_NAME = new Map(Object.entries(UFS).map(([sigla, nome]) => [fold(nome), sigla]));

/**
 * The sigla to send (spec: 'The uf sent is converted from full state name to abbreviation'):
 * 'São Paulo' / 'sao paulo' → 'SP', 'sp' → 'SP'; anything else is returned trimmed, unchanged,
 * for the 2-letter rule to judge.
 */
export function toUfSigla(value: string): string {
  const v = value.trim();
  const byName = SIGLA_BY_NAME.get(fold(v));
  if (byName) return byName;
  return /^[a-zA-Z]{2}$/.test(v) ? v.toUpperCase() : v;
}

/** The CEP mask: digits, hyphen after the fifth, at most 9 characters ('01414001' → '01414-001'). */
export function maskCep(value: string): string {
  const d = value.replace(/\D+/g, '').slice(0, 8);
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
}

/** True for a complete CEP ('01414-001' or '01414001'). */
export const isCep = (value: string): boolean => /^\d{5}-?\d{3}$/.test(value.trim());

/** The phone mask of the sign-up form: '(99) 99999-9999' (a fixed line shows '(99) 9999-9999'). */
export function maskTelefone(value: string): string {
  const d = value.replace(/\D+/g, '').slice(0, 11);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  const ddd = d.slice(0, 2);
  const rest = d.slice(2);
  if (rest.length <= 4) return `(${ddd}) ${rest}`;
  const split = d.length === 11 ? 5 : 4;
  return `(${ddd}) ${rest.slice(0, split)}-${rest.slice(split)}`;
}

/**
 * A pasted phone with Brazil's country code ('+55 11 98765-4321', 12 or 13 digits starting with
 * 55): its national digits ('11987654321'), for maskTelefone. Null for anything else, which the
 * field takes as typed (maskTelefone keeps the first 11 digits).
 */
export function telefoneSemDdi(text: string): string | null {
  const d = text.replace(/\D+/g, '');
  return (d.length === 12 || d.length === 13) && d.startsWith('55') ? d.slice(2) : null;
}

const MAX_CAMPO = 120;

// eslint-disable-next-line no-control-regex -- the point: C0 controls and DEL.
const CONTROL_RE = /[\u0000-\u001f\u007f]/;

/**
 * True when `value` holds a control character (U+0000–U+001F, U+007F). No field of ours needs
 * one, and PostgreSQL refuses NUL in text outright (it would be a 500), so every free-text field
 * refuses them with MSG_CONTA.textoInvalido.
 */
export const hasControlChars = (value: string): boolean => CONTROL_RE.test(value);

const campo = (max = MAX_CAMPO) =>
  z.string({ error: MSG_CONTA.campoObrigatorio }).check(
    z.refine((v) => v.trim() !== '', { error: MSG_CONTA.campoObrigatorio, abort: true }),
    z.refine((v) => !hasControlChars(v), { error: MSG_CONTA.textoInvalido, abort: true }),
    z.refine((v) => v.length <= max, { error: MSG_CONTA.textoLongo }),
  );

const opcional = z.optional(
  z.nullable(
    z.string().check(
      z.refine((v) => !hasControlChars(v), { error: MSG_CONTA.textoInvalido, abort: true }),
      z.refine((v) => v.length <= MAX_CAMPO, { error: MSG_CONTA.textoLongo }),
    ),
  ),
);

/** POST/PUT /controle/endereco/: the spec's fields; `uf` may come as a state's full name. */
export const enderecoInputSchema = z.object({
  cep: campo(9).check(z.refine((v) => isCep(v), { error: MSG_CONTA.campoObrigatorio })),
  numero: campo(20),
  rua: campo(),
  bairro: campo(),
  cidade: campo(),
  uf: z.pipe(
    z.pipe(z.string({ error: MSG_CONTA.campoObrigatorio }), z.transform(toUfSigla)),
    z.string().check(
      z.refine((v) => v !== '', { error: MSG_CONTA.campoObrigatorio, abort: true }),
      z.refine((v) => /^[A-Z]{2}$/.test(v), { error: MSG_CONTA.ufDuasLetras }),
    ),
  ),
  complemento: opcional,
  detalhe: opcional,
  /** Always 1 (spec section 3). */
  idtipoendereco: z.optional(z.literal(1)),
});
export type EnderecoInput = z.input<typeof enderecoInputSchema>;
export type EnderecoValido = z.infer<typeof enderecoInputSchema>;

/** An address as fetched (GET /controle/endereco/, clienteendereco_set). */
export const enderecoSchema = z.object({
  id: z.int(),
  idtipoendereco: z.int(),
  cep: z.string(),
  rua: z.string(),
  numero: z.string(),
  bairro: z.string(),
  cidade: z.object({ descricao: z.string(), uf: z.object({ sigla: z.string() }) }),
  uf: z.string(),
  complemento: z.nullable(z.string()),
  detalhe: z.nullable(z.string()),
  /** Ours: the geocoded point (null when the geocoder could not place it). */
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
});
export type Endereco = z.infer<typeof enderecoSchema>;
export const enderecosSchema = z.array(enderecoSchema);

/**
 * What is geocoded (GET /api/geocode/ and the server's geocoder port): spec section 7's
 * 'rua, numero, bairro, cidade, uf'; the CEP, when known, helps the embedded table.
 */
export interface GeocodeQuery {
  rua: string;
  numero: string;
  bairro: string;
  cidade: string;
  /** Two-letter sigla. */
  uf: string;
  cep?: string | undefined;
}

/** The geocoder's query string (spec section 7: 'rua, numero, bairro, cidade, uf'). */
export const enderecoGeocodeQuery = (e: GeocodeQuery) =>
  [e.rua, e.numero, e.bairro, e.cidade, e.uf].map((p) => p.trim()).join(', ');

/** The CEP lookup's answer, ViaCEP's shape (ours: GET /api/cep/{cep}/). */
export const cepAnswerSchema = z.union([
  z.object({
    cep: z.string(),
    logradouro: z.string(),
    bairro: z.string(),
    localidade: z.string(),
    uf: z.string(),
  }),
  z.object({ erro: z.literal(true) }),
]);
export type CepAnswer = z.infer<typeof cepAnswerSchema>;

/** The geocoder's answer (ours: GET /api/geocode/?endereco=…). */
export const geocodeAnswerSchema = z.object({ latitude: z.number(), longitude: z.number() });
export type GeocodeAnswer = z.infer<typeof geocodeAnswerSchema>;
