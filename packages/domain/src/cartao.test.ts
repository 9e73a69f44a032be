import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SOP_ERRO,
  anosValidade,
  bandeirasAceitas,
  cartaoInputSchema,
  cartaoSalvoSchema,
  detectarBandeira,
  expiracaoVencida,
  formatarCnpjOuCpf,
  formatarExpiracao,
  formatarNumeroCartao,
  lerExpiracao,
  luhnValido,
  mascararCartao,
  sopErroTexto,
  validarCampoCartao,
  validarCartao,
  validarNumeroCartao,
} from './cartao.ts';
import type { CartaoFormValues } from './cartao.ts';
import { MSG_CARTAO } from './messages-cartao.ts';

/** `parcial` followed by the Luhn check digit that makes it valid. */
function comDigito(parcial: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValido(parcial + d)) return parcial + d;
  throw new Error('unreachable');
}

const agora = new Date(2026, 4, 15); // May 2026, local time

describe('detectarBandeira', () => {
  it.each([
    ['4111111111111111', 'Visa'],
    ['4000000000002503', 'Visa'],
    ['5555555555554444', 'Master'],
    ['5200000000002151', 'Master'],
    ['2223000048400011', 'Master'],
    ['2720990000000000', 'Master'],
    ['378282246310005', 'Amex'],
    ['341111111111111', 'Amex'],
    ['30569309025904', 'Diners'],
    ['36227206271667', 'Diners'],
    ['38520000023237', 'Diners'],
    ['6011111111111117', 'Discover'],
    ['6445644564456445', 'Discover'],
    ['6500000000000002', 'Discover'],
    // Elo BINs inside Visa's 4, Discover's 65 and elsewhere: Elo first.
    ['4011780000000000', 'Elo'],
    ['4389350000000000', 'Elo'],
    ['4576320000000000', 'Elo'],
    ['5067000000000000', 'Elo'],
    ['5090000000000000', 'Elo'],
    ['6362970000457013', 'Elo'],
    ['6500310000000000', 'Elo'],
    ['6550580000000000', 'Elo'],
    // Hipercard: 606282, and 3841xx before Diners' 38.
    ['6062825624254001', 'Hipercard'],
    ['3841001111222233', 'Hipercard'],
  ] as const)('%s → %s', (numero, bandeira) => {
    expect(detectarBandeira(numero)).toBe(bandeira);
  });

  it('reads a number with spaces and while it is typed', () => {
    expect(detectarBandeira('4111 1111 1111 1111')).toBe('Visa');
    expect(detectarBandeira('4')).toBe('Visa');
    expect(detectarBandeira('37')).toBe('Amex');
    // Elo's BIN needs six digits: until then 4011 is Visa.
    expect(detectarBandeira('4011')).toBe('Visa');
    expect(detectarBandeira('401178')).toBe('Elo');
  });

  it('answers null for an unknown prefix or nothing', () => {
    expect(detectarBandeira('')).toBeNull();
    expect(detectarBandeira('1234567890123456')).toBeNull();
    expect(detectarBandeira('9999')).toBeNull();
    // Just outside Elo's ranges, inside nobody else's.
    expect(detectarBandeira('5066980000000000')).toBeNull();
  });
});

describe('luhnValido', () => {
  it('accepts the test cards and refuses a changed digit', () => {
    expect(luhnValido('4111111111111111')).toBe(true);
    expect(luhnValido('378282246310005')).toBe(true);
    expect(luhnValido('4111111111111112')).toBe(false);
    expect(luhnValido('')).toBe(false);
    expect(luhnValido('4111 1111')).toBe(false);
  });

  it('catches any single changed digit (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 13, maxLength: 15 }),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (parcial, pos, delta) => {
          const n = comDigito(parcial);
          expect(luhnValido(n)).toBe(true);
          const i = pos % n.length;
          const trocado = n.slice(0, i) + ((Number(n[i]) + delta) % 10) + n.slice(i + 1);
          expect(luhnValido(trocado)).toBe(false);
        },
      ),
    );
  });
});

describe('validarNumeroCartao', () => {
  it.each([
    ['', MSG_CARTAO.numeroTamanho],
    ['4111', MSG_CARTAO.numeroTamanho],
    ['4111111111111', MSG_CARTAO.numeroTamanho], // 13 digits
    [comDigito('41111111111111111'), MSG_CARTAO.numeroTamanho], // 18 digits
    ['4111x11111111111', MSG_CARTAO.numeroTamanho],
    ['4111111111111112', MSG_CARTAO.numeroInvalido],
    [comDigito('123456789012345'), MSG_CARTAO.bandeiraNaoReconhecida],
    ['6011111111111117', MSG_CARTAO.bandeiraNaoAceita],
  ])('%s → %s', (numero, mensagem) => {
    expect(validarNumeroCartao(numero)).toBe(mensagem);
  });

  it('accepts 14, 15 and 16 digits, with spaces', () => {
    expect(validarNumeroCartao('30569309025904')).toBeNull();
    expect(validarNumeroCartao('378282246310005')).toBeNull();
    expect(validarNumeroCartao('4111 1111 1111 1111')).toBeNull();
    expect(validarNumeroCartao(comDigito('636297000045701'))).toBeNull();
  });

  it('allows Discover only in the profile', () => {
    expect(validarNumeroCartao('6011111111111117', { perfil: true })).toBeNull();
    expect(bandeirasAceitas()).not.toContain('Discover');
    expect(bandeirasAceitas({ perfil: true })).toContain('Discover');
  });

  it('allows only Mastercard and Visa for debit', () => {
    expect(validarNumeroCartao('4111111111111111', { debito: true })).toBeNull();
    expect(validarNumeroCartao('5555555555554444', { debito: true })).toBeNull();
    for (const n of ['378282246310005', '30569309025904', comDigito('636297000045701'), '6011111111111117']) {
      expect(validarNumeroCartao(n, { debito: true, perfil: true })).toBe(MSG_CARTAO.debitoSomenteMasterVisa);
    }
    expect(bandeirasAceitas({ debito: true, perfil: true })).toEqual(['Visa', 'Master']);
  });
});

describe('expiry', () => {
  it('offers this year and the next 19', () => {
    const anos = anosValidade(agora);
    expect(anos).toHaveLength(20);
    expect(anos[0]).toBe(2026);
    expect(anos.at(-1)).toBe(2045);
  });

  it('formats and reads MM/YYYY', () => {
    expect(formatarExpiracao('3', '2030')).toBe('03/2030');
    expect(formatarExpiracao(12, 2030)).toBe('12/2030');
    expect(lerExpiracao('03/2030')).toEqual({ mes: 3, ano: 2030 });
    expect(lerExpiracao('13/2030')).toBeNull();
    expect(lerExpiracao('3/2030')).toBeNull();
    expect(lerExpiracao('03/30')).toBeNull();
  });

  it('a card is good through the last day of its month', () => {
    expect(expiracaoVencida('05/2026', agora)).toBe(false);
    expect(expiracaoVencida('04/2026', agora)).toBe(true);
    expect(expiracaoVencida('01/2027', agora)).toBe(false);
    expect(expiracaoVencida('12/2025', agora)).toBe(true);
    expect(expiracaoVencida('lixo', agora)).toBe(true);
  });
});

const valido: CartaoFormValues = {
  numero: '4111 1111 1111 1111',
  mes: '05',
  ano: '2026',
  titular: 'MARIA DA SILVA',
  cnpjoucpf: '123.456.789-01',
  cvv: '123',
};

describe('validarCartao', () => {
  it('accepts a valid card', () => {
    expect(validarCartao(valido, { agora })).toEqual({});
  });

  it("gives the spec's messages, first per field", () => {
    expect(
      validarCartao({ numero: '', mes: '', ano: '', titular: ' ', cnpjoucpf: '123', cvv: '12' }, { agora }),
    ).toEqual({
      numero: 'Digite um número de 14 à 16 dígitos.',
      mes: 'Informe o mês.',
      ano: 'Informe o ano.',
      titular: MSG_CARTAO.titularObrigatorio,
      cnpjoucpf: 'O campo precisa ter 11 ou 14 dígitos.',
      cvv: MSG_CARTAO.cvvInvalido,
    });
  });

  it.each([
    ['ano', { ano: '2025' }, 'Informe o ano.'],
    ['ano', { ano: '2046' }, 'Informe o ano.'],
    ['ano', { ano: '2045' }, null],
    ['mes', { mes: '13' }, 'Informe o mês.'],
    ['mes', { mes: '04' }, MSG_CARTAO.cartaoVencido],
    ['mes', { mes: '04', ano: '2027' }, null],
    ['cnpjoucpf', { cnpjoucpf: '12.345.678/0001-95' }, null],
    ['cnpjoucpf', { cnpjoucpf: '123456789012' }, 'O campo precisa ter 11 ou 14 dígitos.'],
    ['cnpjoucpf', { cnpjoucpf: '1234567890a' }, 'O campo precisa ter 11 ou 14 dígitos.'],
    ['cvv', { cvv: '1234' }, null],
    ['cvv', { cvv: '12345' }, MSG_CARTAO.cvvInvalido],
    ['cvv', { cvv: '' }, MSG_CARTAO.cvvInvalido],
    ['titular', { titular: 'x'.repeat(101) }, MSG_CARTAO.titularLongo],
    ['titular', { titular: 'Ana\u0000' }, MSG_CARTAO.textoInvalido],
  ] as const)('%s %j → %s', (campo, mudanca, mensagem) => {
    expect(validarCampoCartao(campo, { ...valido, ...mudanca }, { agora })).toBe(mensagem);
  });

  it('CVV optional only when asked (the server compatibility path)', () => {
    expect(validarCartao({ ...valido, cvv: '' }, { agora, exigirCvv: false })).toEqual({});
    expect(validarCartao({ ...valido, cvv: '1' }, { agora, exigirCvv: false }).cvv).toBe(
      MSG_CARTAO.cvvInvalido,
    );
  });

  it('applies the debit and profile brand rules', () => {
    const amex = { ...valido, numero: '378282246310005' };
    expect(validarCartao(amex, { agora, debito: true }).numero).toBe(MSG_CARTAO.debitoSomenteMasterVisa);
    expect(validarCartao(amex, { agora })).toEqual({});
  });
});

describe('masks', () => {
  it('shows 12 asterisks and the last 4', () => {
    expect(mascararCartao('4111111111111111')).toBe('************1111');
    expect(mascararCartao('3782 822463 10005')).toBe('************0005');
    expect(mascararCartao('1234')).toBe('************1234');
  });

  it('groups the number as printed on the card', () => {
    expect(formatarNumeroCartao('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatarNumeroCartao('41111')).toBe('4111 1');
    expect(formatarNumeroCartao('378282246310005')).toBe('3782 822463 10005');
    expect(formatarNumeroCartao('30569309025904')).toBe('3056 930902 5904');
    expect(formatarNumeroCartao('4111 1111 1111 1111 999')).toBe('4111 1111 1111 1111');
    expect(formatarNumeroCartao('')).toBe('');
  });

  it('masks a CPF or a CNPJ', () => {
    expect(formatarCnpjOuCpf('12345678901')).toBe('123.456.789-01');
    expect(formatarCnpjOuCpf('1234')).toBe('123.4');
    expect(formatarCnpjOuCpf('12345678000195')).toBe('12.345.678/0001-95');
    expect(formatarCnpjOuCpf('123456789012345678')).toBe('12.345.678/9012-34');
  });
});

describe('wire schemas', () => {
  const base = {
    bandeira: 'Visa',
    titular: 'MARIA DA SILVA',
    cnpjoucpf: '12345678901',
    expiracao: '05/2030',
  };

  it('accepts a token or a number', () => {
    expect(
      cartaoInputSchema.safeParse({ ...base, token: '0b0c1b7e-5c1b-4f3a-9a3d-1d2e3f4a5b6c' }).success,
    ).toBe(true);
    expect(cartaoInputSchema.safeParse({ ...base, numero: '4111111111111111', cvv: '123' }).success).toBe(
      true,
    );
  });

  it('refuses neither, a bad token, an unknown brand, a bad expiry, in Portuguese', () => {
    const issues = (v: unknown) =>
      (cartaoInputSchema.safeParse(v).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);
    expect(issues(base)).toEqual([['numero', MSG_CARTAO.numeroObrigatorio]]);
    expect(issues({ ...base, token: 'a/../b' })).toEqual([['token', MSG_CARTAO.tokenInvalido]]);
    expect(
      issues({
        token: 'abcdefgh12',
        bandeira: 'Mastercard',
        titular: '',
        cnpjoucpf: '1',
        expiracao: '5/2030',
      }),
    ).toEqual([
      ['bandeira', MSG_CARTAO.bandeiraNaoReconhecida],
      ['titular', MSG_CARTAO.titularObrigatorio],
      ['cnpjoucpf', MSG_CARTAO.cnpjoucpfInvalido],
      ['expiracao', MSG_CARTAO.expiracaoInvalida],
    ]);
    expect(issues({ ...base, token: 'abcdefgh12', cvv: '12a' })).toEqual([['cvv', MSG_CARTAO.cvvInvalido]]);
  });

  it('parses a saved card', () => {
    const c = {
      id: 1,
      token: 't',
      bandeira: 'Visa',
      numero: '************1111',
      titular: 'MARIA',
      cnpjoucpf: '12345678901',
      datahora: '2026-05-15T12:00:00.000Z',
    };
    expect(cartaoSalvoSchema.parse(c)).toEqual(c);
  });

  it('turns tokenisation errors into Portuguese', () => {
    expect(sopErroTexto([SOP_ERRO.expiracaoInvalida])).toBe('Data de expiração é inválida');
    expect(sopErroTexto([SOP_ERRO.numeroInvalido])).toBe(MSG_CARTAO.numeroInvalido);
    expect(sopErroTexto([SOP_ERRO.tokenAcessoInvalido])).toBe(MSG_CARTAO.tokenizacaoExpirada);
    expect(sopErroTexto([{ Code: 999, Message: 'x' }])).toBe(MSG_CARTAO.erroTokenizar);
    expect(sopErroTexto([])).toBe(MSG_CARTAO.erroTokenizar);
  });
});
