import { describe, expect, it } from 'vitest';
import {
  UFS,
  cepAnswerSchema,
  enderecoGeocodeQuery,
  enderecoInputSchema,
  isCep,
  maskCep,
  maskTelefone,
  telefoneSemDdi,
  toUfSigla,
} from './endereco.ts';
import { MSG_CONTA } from './messages-conta.ts';

const noAccents = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

const VALIDO = {
  cep: '01414-001',
  numero: '595',
  rua: 'Rua Haddock Lobo',
  bairro: 'Cerqueira César',
  cidade: 'São Paulo',
  uf: 'SP',
};

/** The 400 body the server derives from a zod error: field → messages. */
function erros(input: unknown): Record<string, string[]> {
  const r = enderecoInputSchema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of r.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

describe('toUfSigla', () => {
  it.each(Object.entries(UFS))('%s ← %s, with and without accents, in any case', (sigla, nome) => {
    expect(toUfSigla(nome)).toBe(sigla);
    expect(toUfSigla(noAccents(nome))).toBe(sigla);
    expect(toUfSigla(nome.toUpperCase())).toBe(sigla);
    expect(toUfSigla(`  ${noAccents(nome).toLowerCase()} `)).toBe(sigla);
    expect(toUfSigla(sigla.toLowerCase())).toBe(sigla);
  });

  it('upper-cases a two-letter sigla and leaves anything else (trimmed) for the rule to judge', () => {
    expect(toUfSigla('sp')).toBe('SP');
    expect(toUfSigla(' rj ')).toBe('RJ');
    expect(toUfSigla('Xyz')).toBe('Xyz');
    expect(toUfSigla(' S ')).toBe('S');
    expect(toUfSigla('')).toBe('');
  });
});

describe('maskCep and isCep', () => {
  it.each([
    ['01414001', '01414-001'],
    ['01414-001', '01414-001'],
    ['0141', '0141'],
    ['01414', '01414'],
    ['014140', '01414-0'],
    ['01.414-001', '01414-001'],
    ['01414001999', '01414-001'],
    ['abc', ''],
    ['', ''],
  ])('maskCep(%j) = %j', (raw, masked) => {
    expect(maskCep(raw)).toBe(masked);
    expect(maskCep(raw).length).toBeLessThanOrEqual(9);
  });

  it.each([
    ['01414-001', true],
    ['01414001', true],
    [' 01414-001 ', true],
    ['01414-01', false],
    ['0141-4001', false],
    ['01414--001', false],
    ['01414-0011', false],
    ['abcde-fgh', false],
    ['', false],
  ])('isCep(%j) = %s', (raw, ok) => {
    expect(isCep(raw)).toBe(ok);
  });
});

describe('maskTelefone', () => {
  it.each([
    ['', ''],
    ['1', '(1'],
    ['11', '(11'],
    ['119', '(11) 9'],
    ['119731', '(11) 9731'],
    ['1197314', '(11) 9731-4'],
    ['1130624178', '(11) 3062-4178'],
    ['11973142256', '(11) 97314-2256'],
    ['(11) 97314-2256', '(11) 97314-2256'],
    ['119731422561234', '(11) 97314-2256'],
  ])('maskTelefone(%j) = %j', (raw, masked) => {
    expect(maskTelefone(raw)).toBe(masked);
  });
});

describe('telefoneSemDdi', () => {
  it.each([
    ['+55 11 98765-4321', '11987654321'],
    ['+55 (11) 3062-4178', '1130624178'],
    ['5511987654321', '11987654321'],
    ['(11) 98765-4321', null],
    ['11987654321', null],
    ['+1 415 555 0100', null],
    ['', null],
  ])('telefoneSemDdi(%j) = %j', (text, nacional) => {
    expect(telefoneSemDdi(text)).toBe(nacional);
  });
});

describe('enderecoInputSchema', () => {
  it('accepts the form’s payload and turns a state’s name into its sigla', () => {
    const r = enderecoInputSchema.parse({ ...VALIDO, uf: 'São Paulo', complemento: null, idtipoendereco: 1 });
    expect(r.uf).toBe('SP');
    expect(enderecoInputSchema.parse({ ...VALIDO, uf: 'sao paulo' }).uf).toBe('SP');
    expect(enderecoInputSchema.parse({ ...VALIDO, cep: '01414001' }).cep).toBe('01414001');
  });

  it.each(['cep', 'numero', 'rua', 'bairro', 'cidade', 'uf'])(
    '%s missing, empty or blank: “Campo obrigatório.”',
    (campo) => {
      const { [campo as keyof typeof VALIDO]: _omit, ...sem } = VALIDO;
      expect(erros(sem)).toEqual({ [campo]: ['Campo obrigatório.'] });
      expect(erros({ ...VALIDO, [campo]: '' })).toEqual({ [campo]: ['Campo obrigatório.'] });
      expect(erros({ ...VALIDO, [campo]: '   ' })).toEqual({ [campo]: ['Campo obrigatório.'] });
      expect(MSG_CONTA.campoObrigatorio).toBe('Campo obrigatório.');
    },
  );

  it('every required field at once', () => {
    expect(Object.keys(erros({})).sort()).toEqual(['bairro', 'cep', 'cidade', 'numero', 'rua', 'uf']);
  });

  it('uf that is neither two letters nor a state’s name: “Sigla da UF deve ter duas letras”', () => {
    for (const uf of ['Xyz', 'S', 'S1', 'Paulista']) {
      expect(erros({ ...VALIDO, uf })).toEqual({ uf: ['Sigla da UF deve ter duas letras'] });
    }
    expect(MSG_CONTA.ufDuasLetras).toBe('Sigla da UF deve ter duas letras');
  });

  it('complemento and detalhe are optional; too long texts are refused', () => {
    expect(erros({ ...VALIDO, complemento: undefined, detalhe: null })).toEqual({});
    expect(erros({ ...VALIDO, rua: 'x'.repeat(121) })).toEqual({ rua: [MSG_CONTA.textoLongo] });
    expect(erros({ ...VALIDO, detalhe: 'x'.repeat(121) })).toEqual({ detalhe: [MSG_CONTA.textoLongo] });
    expect(erros({ ...VALIDO, numero: '1'.repeat(21) })).toEqual({ numero: [MSG_CONTA.textoLongo] });
  });

  it.each(['cep', 'numero', 'rua', 'bairro', 'cidade', 'complemento', 'detalhe'])(
    '%s with a control character (NUL, newline, DEL): “Texto com caracteres inválidos.”',
    (campo) => {
      for (const c of ['\u0000', '\n', '\u001f', '\u007f']) {
        const value = campo === 'cep' ? `01414${c}001` : `Rua${c}X`;
        expect(erros({ ...VALIDO, [campo]: value })).toEqual({ [campo]: [MSG_CONTA.textoInvalido] });
      }
      expect(MSG_CONTA.textoInvalido).toBe('Texto com caracteres inválidos.');
    },
  );

  it('refuses a CEP that is not 8 digits and any idtipoendereco but 1', () => {
    expect(erros({ ...VALIDO, cep: '1234' })).toEqual({ cep: ['Campo obrigatório.'] });
    expect(Object.keys(erros({ ...VALIDO, idtipoendereco: 2 }))).toEqual(['idtipoendereco']);
  });
});

describe('enderecoGeocodeQuery and cepAnswerSchema', () => {
  it('joins rua, numero, bairro, cidade, uf', () => {
    expect(enderecoGeocodeQuery({ ...VALIDO, rua: ' Rua Haddock Lobo ' })).toBe(
      'Rua Haddock Lobo, 595, Cerqueira César, São Paulo, SP',
    );
  });

  it('reads a found answer and {erro: true}', () => {
    expect(cepAnswerSchema.safeParse({ erro: true }).success).toBe(true);
    expect(
      cepAnswerSchema.safeParse({ cep: '01414-001', logradouro: 'R', bairro: 'B', localidade: 'L', uf: 'SP' })
        .success,
    ).toBe(true);
    expect(cepAnswerSchema.safeParse({ erro: false }).success).toBe(false);
  });
});
