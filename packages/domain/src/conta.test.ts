import { describe, expect, it } from 'vitest';
import {
  cadastroInputSchema,
  isEmail,
  loginInputSchema,
  perfilInputSchema,
  recuperarInputSchema,
  refreshInputSchema,
  resetarSenhaFormSchema,
  resetarSenhaInputSchema,
  socialLoginInputSchema,
} from './conta.ts';
import { MSG_CONTA } from './messages-conta.ts';

interface Issue {
  path: PropertyKey[];
  message: string;
}
interface Parser {
  safeParse(v: unknown): { success: true } | { success: false; error: { issues: Issue[] } };
}

/** The refusal as the server answers it: `{campo: [mensagens]}`. */
function messages(schema: Parser, value: unknown): Record<string, string[]> {
  const r = schema.safeParse(value);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const i of r.error.issues)
    (out[i.path.map(String).join('.') || 'non_field_errors'] ??= []).push(i.message);
  return out;
}

const CADASTRO = {
  nomeourazaosocial: 'Maria',
  email: 'maria@example.com',
  telefone: '(11) 98765-4321',
  senha: 'abcd',
  confirm: 'abcd',
};

describe('cadastroInputSchema (spec section 5, sign-up)', () => {
  it.each([
    ['name missing', { nomeourazaosocial: undefined }, { nomeourazaosocial: [MSG_CONTA.nomeObrigatorio] }],
    ['name blank', { nomeourazaosocial: '   ' }, { nomeourazaosocial: [MSG_CONTA.nomeObrigatorio] }],
    ['name too long', { nomeourazaosocial: 'x'.repeat(151) }, { nomeourazaosocial: [MSG_CONTA.textoLongo] }],
    ['e-mail missing', { email: undefined }, { email: [MSG_CONTA.emailObrigatorio] }],
    ['e-mail empty', { email: '' }, { email: [MSG_CONTA.emailObrigatorio] }],
    ['e-mail invalid', { email: 'maria@' }, { email: [MSG_CONTA.emailInvalido] }],
    ['e-mail with space', { email: 'ma ria@example.com' }, { email: [MSG_CONTA.emailInvalido] }],
    ['phone missing', { telefone: undefined }, { telefone: [MSG_CONTA.telefoneObrigatorio] }],
    ['phone empty', { telefone: '' }, { telefone: [MSG_CONTA.telefoneObrigatorio] }],
    ['phone below 1000000000', { telefone: '999999999' }, { telefone: [MSG_CONTA.telefoneInvalido] }],
    ['phone with 12 digits', { telefone: '119876543210' }, { telefone: [MSG_CONTA.telefoneInvalido] }],
    [
      // The equality check runs only once every field is valid: one message per field.
      'password missing',
      { senha: undefined, confirm: 'x' },
      { senha: [MSG_CONTA.senhaObrigatoria] },
    ],
    ['password of 3', { senha: 'abc', confirm: 'abc' }, { senha: [MSG_CONTA.senhaCurta] }],
    [
      'password of 129',
      { senha: 'x'.repeat(129), confirm: 'x'.repeat(129) },
      { senha: [MSG_CONTA.senhaLonga] },
    ],
    ['confirmation missing', { confirm: '' }, { confirm: [MSG_CONTA.confirmeSenha] }],
    ['confirmation differs', { confirm: 'abce' }, { confirm: [MSG_CONTA.senhasNaoCombinam] }],
  ])('%s', (_name, patch, expected) => {
    expect(messages(cadastroInputSchema, { ...CADASTRO, ...patch })).toEqual(expected);
  });

  it('accepts a valid sign-up and gives the phone as digits', () => {
    const r = cadastroInputSchema.parse(CADASTRO);
    expect(r.telefone).toBe('11987654321');
    expect(cadastroInputSchema.parse({ ...CADASTRO, telefone: 1133334444 }).telefone).toBe('1133334444');
  });

  it('the messages are the spec words', () => {
    expect(MSG_CONTA).toMatchObject({
      nomeObrigatorio: 'Seu nome é obrigatório.',
      emailObrigatorio: 'O email é obrigatório.',
      emailInvalido: 'Digite um email válido.',
      telefoneObrigatorio: 'Telefone é obrigatório',
      telefoneInvalido: 'Telefone deve ter o DDD e 8 dígitos (fixo) ou 9 dígitos (celular)!',
      senhaObrigatoria: 'A senha é obrigatória.',
      senhaCurta: 'Mínimo de 4 caracteres.',
      confirmeSenha: 'Por favor, confirme sua senha!',
      senhasNaoCombinam: 'As duas senhas não combinam!',
      cpfInvalido: 'O CPF precisa ter 11 dígitos.',
      sessaoExpirada: 'Sua sessão expirou, para continuar é preciso fazer login navamente.',
    });
  });
});

describe('login, recovery, reset, refresh, social', () => {
  it.each([
    [
      'login empty',
      loginInputSchema,
      {},
      { email: [MSG_CONTA.emailObrigatorio], senha: [MSG_CONTA.senhaObrigatoria] },
    ],
    ['login bad e-mail', loginInputSchema, { email: 'x', senha: 'a' }, { email: [MSG_CONTA.emailInvalido] }],
    // Login does not apply the minimum length: an old short password still gets an honest answer.
    ['login short password ok', loginInputSchema, { email: 'a@b.co', senha: 'a' }, {}],
    ['recovery empty', recuperarInputSchema, {}, { email: [MSG_CONTA.emailObrigatorio] }],
    ['recovery bad e-mail', recuperarInputSchema, { email: 'a@b' }, { email: [MSG_CONTA.emailInvalido] }],
    ['reset empty', resetarSenhaInputSchema, {}, { senha: [MSG_CONTA.senhaObrigatoria] }],
    ['reset short', resetarSenhaInputSchema, { senha: 'abc' }, { senha: [MSG_CONTA.senhaCurta] }],
    [
      'reset form differs',
      resetarSenhaFormSchema,
      { senha: 'abcd', confirm: 'abce' },
      { confirm: [MSG_CONTA.senhasNaoCombinam] },
    ],
    [
      'reset form no confirm',
      resetarSenhaFormSchema,
      { senha: 'abcd' },
      { confirm: [MSG_CONTA.confirmeSenha] },
    ],
    [
      'login e-mail with NUL',
      loginInputSchema,
      { email: 'a\u0000@b.co', senha: 'a' },
      { email: [MSG_CONTA.textoInvalido] },
    ],
    [
      'recovery e-mail with a newline',
      recuperarInputSchema,
      { email: 'a@b.co\nBcc: c@d.co' },
      { email: [MSG_CONTA.textoInvalido] },
    ],
    ['refresh empty', refreshInputSchema, {}, { refresh: [MSG_CONTA.sessaoExpirada] }],
    ['social no token', socialLoginInputSchema, {}, { access_token: [MSG_CONTA.socialFalhou] }],
    [
      'social huge token',
      socialLoginInputSchema,
      { access_token: 'x'.repeat(8193) },
      { access_token: [MSG_CONTA.socialFalhou] },
    ],
  ] as const)('%s', (_name, schema, value, expected) => {
    expect(messages(schema as Parser, value)).toEqual(expected);
  });
});

describe('isEmail (strict: nothing that could add a recipient)', () => {
  const long = (n: number) => 'a'.repeat(n);
  it.each([
    'maria@example.com',
    'a@b.co',
    'Maria.Silva@Example.COM.br',
    'joao+pedidos@mail.example.com',
    "o'neil@example.ie",
    "x!#$%&'*+/=?^_`{|}~-y@example.com",
    'a.b.c@sub-domain.example.org',
    '1234@123.example.net',
    `${long(64)}@example.com`,
    `a@${long(63)}.${long(63)}.${long(63)}.${long(56)}.com`,
  ])('accepts %s', (email) => {
    expect(isEmail(email)).toBe(true);
  });

  it.each([
    'victim@example.com,',
    'victim@example.com,attacker@example.com',
    'a@b.co;c@d.co',
    'a:b@example.com',
    '<a@example.com>',
    'Maria <a@example.com>',
    '"a"@example.com',
    'a"b@example.com',
    'a(b)@example.com',
    'a[b]@example.com',
    'a\\b@example.com',
    'a b@example.com',
    'a@exa mple.com',
    '.a@example.com',
    'a.@example.com',
    'a..b@example.com',
    'a@example..com',
    'a@.example.com',
    'a@-example.com',
    'a@example-.com',
    'a@example.c',
    'a@example.c0m',
    'a@example',
    'a@b',
    'a@@example.com',
    'a@example.com.',
    'a@[127.0.0.1]',
    'josé@example.com',
    'a@exämple.com',
    '@example.com',
    'a@',
    `${long(65)}@example.com`,
    `a@${long(64)}.com`,
    `a@${long(63)}.${long(63)}.${long(63)}.${long(57)}.com`,
  ])('refuses %s', (email) => {
    expect(isEmail(email)).toBe(false);
  });

  it('keeps the spec message', () => {
    expect(messages(loginInputSchema, { email: 'victim@example.com,', senha: 'x' })).toEqual({
      email: ['Digite um email válido.'],
    });
  });
});

describe('perfilInputSchema (spec section 5, profile)', () => {
  it.each([
    ['name blank', { nomeourazaosocial: '' }, { nomeourazaosocial: [MSG_CONTA.nomeObrigatorio] }],
    ['CPF of 10 digits', { cnpjoucpf: '123.456.789-0' }, { cnpjoucpf: [MSG_CONTA.cpfInvalido] }],
    ['CPF not text', { cnpjoucpf: 12345678909 }, { cnpjoucpf: [MSG_CONTA.cpfInvalido] }],
    ['phone too small', { telefone: '12345' }, { telefone: [MSG_CONTA.telefoneInvalido] }],
    ['name with NUL', { nomeourazaosocial: 'Ana\u0000' }, { nomeourazaosocial: [MSG_CONTA.textoInvalido] }],
    ['name with DEL', { nomeourazaosocial: 'Ana\u007f' }, { nomeourazaosocial: [MSG_CONTA.textoInvalido] }],
    ['empty patch', {}, {}],
    ['CPF cleared', { cnpjoucpf: '' }, {}],
  ])('%s', (_name, value, expected) => {
    expect(messages(perfilInputSchema, value)).toEqual(expected);
  });

  it('keeps CPF digits and drops the read-only e-mail', () => {
    const r = perfilInputSchema.parse({ cnpjoucpf: '123.456.789-09', email: 'outro@example.com' });
    expect(r).toEqual({ cnpjoucpf: '12345678909' });
  });
});
