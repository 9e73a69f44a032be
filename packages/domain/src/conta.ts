/**
 * Accounts (spec sections 3, 5, 7, 8): the sign-up, login, recovery, reset and profile payloads
 * with the spec's validation messages. The app's forms and the server's routes validate with
 * these same schemas, so a field refused on one side is refused with the same words on the other.
 */
import { z } from 'zod/mini';
import { enderecosSchema, hasControlChars } from './endereco.ts';
import { MSG_CONTA } from './messages-conta.ts';

/** Longest text we accept in a name or e-mail (an honest 400, never a huge row). */
export const MAX_TEXTO = 150;
export const MAX_EMAIL = 254;
/** argon2 hashes anything, but a megabyte password is a denial of service, not a password. */
export const MAX_SENHA = 128;
export const MIN_SENHA = 4;

/** Digits only ('(11) 98765-4321' → '11987654321'). */
export const onlyDigits = (value: string): string => value.replace(/\D+/g, '');

/**
 * A strict addr-spec, so nothing in it can be read as a second recipient or a display name
 * (`victim@example.com,`, `a@b.co;c@d.co`, `"x" <y@z.co>`): a local part of RFC 5322 atext
 * (letters, digits and !#$%&'*+/=?^_`{|}~-) in dot-separated runs (no leading, trailing or
 * double dot), at most 64 characters; a domain of labels of letters, digits and inner hyphens
 * (at most 63 each) ending in a TLD of two or more letters. No quoted local parts, IP literals
 * or non-ASCII: real addresses of customers do not need them. The sent mail is the real check.
 */
const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const EMAIL_RE = new RegExp(`^(?=[^@]{1,64}@)${ATEXT}(?:\\.${ATEXT})*@(?:${LABEL}\\.)+[A-Za-z]{2,63}$`);

/** True when `value` is an e-mail address by the rule above (spec: 'Digite um email válido.'). */
export const isEmail = (value: string): boolean => value.length <= MAX_EMAIL && EMAIL_RE.test(value);

/** Lower-cased, trimmed: the one form an e-mail is stored and compared in. */
export const normalizeEmail = (value: string): string => value.trim().toLowerCase();

/**
 * A required text: missing, not a string or blank all give `required`; the other checks run only
 * on a non-blank value, so each field reports one message, the first that applies.
 */
function requiredText(required: string, ...checks: ((v: string) => string | undefined)[]) {
  return z.string({ error: required }).check(
    z.refine((v) => v.trim() !== '', { error: required, abort: true }),
    z.superRefine((v, ctx) => {
      for (const check of checks) {
        const message = check(v);
        if (message) {
          ctx.issues.push({ code: 'custom', message, input: v });
          return;
        }
      }
    }),
  );
}

const maxLength = (n: number, message: string) => (v: string) => (v.length > n ? message : undefined);

/** No control characters (see hasControlChars): PostgreSQL refuses NUL, and no name needs one. */
const semControle = (v: string) => (hasControlChars(v) ? MSG_CONTA.textoInvalido : undefined);

const nomeSchema = requiredText(
  MSG_CONTA.nomeObrigatorio,
  semControle,
  maxLength(MAX_TEXTO, MSG_CONTA.textoLongo),
);

const emailSchema = requiredText(MSG_CONTA.emailObrigatorio, semControle, (v) =>
  isEmail(v.trim()) ? undefined : MSG_CONTA.emailInvalido,
);

/** True when the phone's digits make a number ≥ 1000000000 with at most 11 digits (DDD + 9). */
export function isTelefone(value: string): boolean {
  const digits = onlyDigits(value);
  return digits.length <= 11 && Number(digits) >= 1_000_000_000;
}

/** Spec: required, numeric, at least 1000000000. Accepts the masked form and digits. */
const telefoneSchema = z.pipe(
  z.union(
    [z.string({ error: MSG_CONTA.telefoneObrigatorio }), z.number({ error: MSG_CONTA.telefoneObrigatorio })],
    {
      error: MSG_CONTA.telefoneObrigatorio,
    },
  ),
  z.pipe(
    z.pipe(
      z.transform((v: string | number) => (typeof v === 'number' ? String(Math.trunc(v)) : v)),
      requiredText(MSG_CONTA.telefoneObrigatorio, (v) =>
        isTelefone(v) ? undefined : MSG_CONTA.telefoneInvalido,
      ),
    ),
    // Stored and sent as digits only (spec: 'digits only').
    z.transform(onlyDigits),
  ),
);

const senhaSchema = requiredText(
  MSG_CONTA.senhaObrigatoria,
  (v) => (v.length < MIN_SENHA ? MSG_CONTA.senhaCurta : undefined),
  maxLength(MAX_SENHA, MSG_CONTA.senhaLonga),
);

const confirmSchema = requiredText(MSG_CONTA.confirmeSenha);

/** 'As duas senhas não combinam!' on `confirm` (sign-up and reset forms). */
const senhasIguais = z.superRefine((v: { senha: string; confirm: string }, ctx) => {
  if (v.senha !== v.confirm) {
    ctx.issues.push({
      code: 'custom',
      message: MSG_CONTA.senhasNaoCombinam,
      path: ['confirm'],
      input: v.confirm,
    });
  }
});

/** POST /controle/cliente/ (sign-up). `confirm` must equal `senha`. */
export const cadastroInputSchema = z
  .object({
    nomeourazaosocial: nomeSchema,
    email: emailSchema,
    telefone: telefoneSchema,
    senha: senhaSchema,
    confirm: confirmSchema,
  })
  .check(senhasIguais);
export type CadastroInput = z.infer<typeof cadastroInputSchema>;

/** POST /controle/token/ */
export const loginInputSchema = z.object({
  email: emailSchema,
  senha: requiredText(MSG_CONTA.senhaObrigatoria),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/** POST /controle/token/refresh/ */
export const refreshInputSchema = z.object({ refresh: requiredText(MSG_CONTA.sessaoExpirada) });
/** POST /controle/cliente/token-resete-senha/ */
export const recuperarInputSchema = z.object({ email: emailSchema });
export type RecuperarInput = z.infer<typeof recuperarInputSchema>;

/** POST /controle/cliente/{uuid}/resetar-senha/{token}/ (the server reads only `senha`). */
export const resetarSenhaInputSchema = z.object({ senha: senhaSchema });
export type ResetarSenhaInput = z.infer<typeof resetarSenhaInputSchema>;

/** The reset form: the new password and its confirmation (same rules as sign-up). */
export const resetarSenhaFormSchema = z
  .object({ senha: senhaSchema, confirm: confirmSchema })
  .check(senhasIguais);

/** CPF: 11 digits (spec section 5, profile). Empty means not given. */
export const cpfSchema = z
  .pipe(
    z.string({ error: MSG_CONTA.cpfInvalido }),
    z.transform((v: string) => onlyDigits(v)),
  )
  .check(z.refine((v) => v === '' || v.length === 11, { error: MSG_CONTA.cpfInvalido }));

/**
 * PATCH /controle/cliente/{id}/ (profile). The e-mail is read-only: the server ignores it.
 * Every field optional (PATCH), each with the spec's rule when present.
 */
export const perfilInputSchema = z.object({
  nomeourazaosocial: z.optional(nomeSchema),
  cnpjoucpf: z.optional(z.nullable(cpfSchema)),
  telefone: z.optional(telefoneSchema),
});
export type PerfilInput = z.infer<typeof perfilInputSchema>;

/** POST /controle/cliente/social/{provider}/: the provider's token plus profile fields we ignore. */
export const socialLoginInputSchema = z.looseObject({
  access_token: requiredText(MSG_CONTA.socialFalhou, maxLength(8192, MSG_CONTA.socialFalhou)),
});
export const SOCIAL_PROVIDERS = ['google-oauth2', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** Which social logins the server has configured (ours: GET /controle/cliente/social/). */
export const socialConfigSchema = z.object({
  google: z.nullable(z.object({ client_id: z.string() })),
  facebook: z.nullable(z.object({ app_id: z.string() })),
});
export type SocialConfig = z.infer<typeof socialConfigSchema>;

/** A customer as fetched: GET /controle/cliente/ answers a list whose first element is this. */
export const clienteSchema = z.object({
  id: z.int(),
  nomeourazaosocial: z.string(),
  cnpjoucpf: z.nullable(z.string()),
  email: z.string(),
  telefone: z.nullable(z.string()),
  clienteendereco_set: enderecosSchema,
});
export type Cliente = z.infer<typeof clienteSchema>;
export const clientesSchema = z.array(clienteSchema);
