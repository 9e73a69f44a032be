import fc from 'fast-check';
import { hasError, parsePix, PixElementType } from 'pix-utils';
import { computeCRC } from 'pix-utils/dist/main/crc';
import { parseEmv } from 'pix-utils/dist/main/emvHandler';
import { describe, expect, it } from 'vitest';
import { crc16, gerarBrCode, novoTxid, VALOR_MAXIMO_CENTS } from './br-code.ts';
import type { BrCodeParams } from './br-code.ts';

const EVP = '123e4567-e12b-12d1-a456-426655440000';
const BASE: BrCodeParams = {
  chavePix: EVP,
  valor: 1000,
  nome: 'Padaria',
  cidade: 'Sao Paulo',
  txid: 'abc123',
};

interface Campo {
  id: string;
  valor: string;
}

/** Splits ID-length-value fields, failing on any length that does not match its value. */
function lerCampos(texto: string): Campo[] {
  const campos: Campo[] = [];
  let i = 0;
  while (i < texto.length) {
    const id = texto.slice(i, i + 2);
    const tamanho = texto.slice(i + 2, i + 4);
    expect(tamanho, `tamanho do campo ${id}`).toMatch(/^\d\d$/);
    const valor = texto.slice(i + 4, i + 4 + Number(tamanho));
    expect(valor.length, `campo ${id}`).toBe(Number(tamanho));
    campos.push({ id, valor });
    i += 4 + Number(tamanho);
  }
  return campos;
}

function campo(texto: string, id: string): string | undefined {
  return lerCampos(texto).find((c) => c.id === id)?.valor;
}

/** pix-utils' own parser, which also rejects a code whose CRC does not match. */
function decodificar(brCode: string) {
  const pix = parsePix(brCode);
  if (hasError(pix)) throw new Error(`pix-utils recusou ${brCode}: ${pix.message}`);
  return pix;
}

function tags(brCode: string) {
  const emv = parseEmv({ emvCode: brCode });
  if (!emv.isValid) throw new Error(`EMV inválido: ${brCode}`);
  return emv;
}

describe('crc16', () => {
  // Published codes with their CRCs: CRC-16/CCITT-FALSE's catalogue check value, the examples of
  // the Manual de Padrões para Iniciação do Pix and of the BR Code manual, pix-utils' README and a
  // bank's dynamic code quoted in bacen/pix-api#312.
  it.each([
    ['123456789', '29B1'],
    [
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304',
      '1D3D',
    ],
    [
      '00020104141234567890123426580014BR.GOV.BCB.PIX0136123e4567-e12b-12d1-a456-42665544000027300012BR.COM.OUTRO011001234567895204000053039865406123.455802BR5917NOME DO RECEBEDOR6008BRASILIA61087007490062190515RP12345678-201980390012BR.COM.OUTRO01190123.ABCD.3456.WXYZ6304',
      'AD38',
    ],
    [
      '00020126650014br.gov.bcb.pix0119nubank@thalesog.com0220Gerado por Pix-Utils52040000530398654041.005802BR5914Thales Ogliari6009Sao Paulo62070503***6304',
      '6069',
    ],
    [
      '00020126540014br.gov.bcb.pix2532https://pix.thalesogliari.com.br5204000053039865802BR5914Thales Ogliari6009SAO PAULO62070503***6304',
      '3FD3',
    ],
    [
      '00020101021226770014BR.GOV.BCB.PIX2555api.itau/pix/qr/v2/f50feab7-1273-48c3-a296-db458e212dbf5204000053039865802BR5925KABUM COMERCIO ELETRONICO6009SAO PAULO62070503***6304',
      '7469',
    ],
  ])('%s → %s', (texto, esperado) => {
    expect(crc16(texto)).toBe(esperado);
  });

  it('keeps leading zeros (values below 0x1000)', () => {
    // 'x57' and 'x44': CRCs 01E1 and 02B3 by pix-utils' computeCRC.
    expect(crc16('x57')).toBe('01E1');
    expect(crc16('x44')).toBe('02B3');
  });

  it('agrees with pix-utils on any text', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 300 }).filter((s) => !/6304\w{4}$/.test(s)),
        (texto) => crc16(texto) === computeCRC(texto),
      ),
    );
  });
});

describe('gerarBrCode', () => {
  it('writes the fields of a key code in order, with lengths and CRC', () => {
    // Assembled by hand from the manual; the CRC (1E7C) is pix-utils' computeCRC of the rest.
    expect(
      gerarBrCode({
        chavePix: EVP,
        valor: 50_000,
        nome: 'Fulano de Tal',
        cidade: 'Brasília',
        txid: 'E2Ex0T5J1o8x5aCpWCZRk3m92',
      }),
    ).toBe(
      '000201' +
        '010212' +
        '26580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000' +
        '52040000' +
        '5303986' +
        '5406500.00' +
        '5802BR' +
        '5913FULANO DE TAL' +
        '6008BRASILIA' +
        '62290525E2Ex0T5J1o8x5aCpWCZRk3m92' +
        '63041E7C',
    );
  });

  it('writes a location code without amount and with txid ***, as the manual asks of dynamic codes', () => {
    // CRC 72BD: pix-utils' computeCRC of the rest.
    expect(
      gerarBrCode({
        ...BASE,
        url: 'pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25',
        nome: 'Padaria',
        cidade: 'São Paulo',
      }),
    ).toBe(
      '000201' +
        '010212' +
        '26760014br.gov.bcb.pix2554pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25' +
        '52040000' +
        '5303986' +
        '5802BR' +
        '5907PADARIA' +
        '6009SAO PAULO' +
        '62070503***' +
        '630472BD',
    );
  });

  it.each([
    ['CPF', '12345678909'],
    ['CNPJ', '11222333000181'],
    ['telefone', '+5548999998888'],
    ['e-mail', 'pagamentos@rango.com.br'],
    ['chave aleatória', EVP],
  ])('puts a %s key in 26-01', (_tipo, chavePix) => {
    const codigo = gerarBrCode({ ...BASE, chavePix });
    expect(lerCampos(campo(codigo, '26') ?? '')).toEqual([
      { id: '00', valor: 'br.gov.bcb.pix' },
      { id: '01', valor: chavePix },
    ]);
    expect(decodificar(codigo)).toMatchObject({ type: PixElementType.STATIC, pixKey: chavePix });
  });

  it('has every top-level field once, in ID order, with the CRC last', () => {
    const ids = lerCampos(gerarBrCode(BASE)).map((c) => c.id);
    expect(ids).toEqual(['00', '01', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
  });

  it("writes '***' in 62-05 when no txid is given", () => {
    const { txid: _sem, ...semTxid } = BASE;
    expect(campo(gerarBrCode(semTxid), '62')).toBe('0503***');
  });

  describe('amount (54) from cents', () => {
    it.each([
      [1, '0.01'],
      [10, '0.10'],
      [99, '0.99'],
      [100, '1.00'],
      [1000, '10.00'],
      [1005, '10.05'],
      [123_456, '1234.56'],
      [29, '0.29'],
      [100_000_007, '1000000.07'],
      [VALOR_MAXIMO_CENTS, '999999999.99'],
    ])('%i cents → %s', (cents, texto) => {
      expect(campo(gerarBrCode({ ...BASE, valor: cents }), '54')).toBe(texto);
    });

    it('round-trips any amount exactly', () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: VALOR_MAXIMO_CENTS }), (cents) => {
          const texto = campo(gerarBrCode({ ...BASE, valor: cents }), '54') ?? '';
          expect(texto).toMatch(/^(0|[1-9]\d*)\.\d\d$/);
          expect(Number(texto.replace('.', ''))).toBe(cents);
        }),
      );
    });
  });

  describe('name (59) and city (60)', () => {
    it.each([
      ['Pizzaria São João', 'PIZZARIA SAO JOAO'],
      ['Açaí & Cia.', 'ACAI & CIA.'],
      ['  Bar   do\tZé  ', 'BAR DO ZE'],
      ['Straße', 'STRASSE'],
      ['Café ☕ Bom', 'CAFE BOM'],
      ['Ｆｕｌｌ width', 'FULL WIDTH'],
      ['Restaurante e Pizzaria Bom Paladar Ltda', 'RESTAURANTE E PIZZARIA BO'],
      // The cut lands on a space: no trailing blank is left.
      ['Lanchonete da Esquina do Centro', 'LANCHONETE DA ESQUINA DO'],
      ['ÁÉÍÓÚÂÊÔÃÕÇÀÜáéíóúâêôãõçàü', 'AEIOUAEOAOCAUAEIOUAEOAOCA'],
    ])('name %j → %j', (nome, esperado) => {
      expect(campo(gerarBrCode({ ...BASE, nome }), '59')).toBe(esperado);
    });

    it.each([
      ['Florianópolis', 'FLORIANOPOLIS'],
      ['São José dos Campos', 'SAO JOSE DOS CA'],
      ['Balneário Camboriú', 'BALNEARIO CAMBO'],
      ['Rio de Janeiro', 'RIO DE JANEIRO'],
      ['Itajaí', 'ITAJAI'],
    ])('city %j → %j', (cidade, esperado) => {
      expect(campo(gerarBrCode({ ...BASE, cidade }), '60')).toBe(esperado);
    });
  });

  describe('refuses bad input with a clear error', () => {
    it.each<[string, Partial<BrCodeParams>, RegExp]>([
      ['txid with a hyphen', { txid: 'RP12345678-2019' }, /txid inválido/],
      ['txid of 26 characters', { txid: 'a'.repeat(26) }, /txid inválido/],
      ['empty txid', { txid: '' }, /txid inválido/],
      ['txid with an accent', { txid: 'pedidoçã' }, /txid inválido/],
      ['zero amount', { valor: 0 }, /valor inválido/],
      ['negative amount', { valor: -100 }, /valor inválido/],
      ['fractional cents', { valor: 10.5 }, /valor inválido/],
      ['NaN', { valor: Number.NaN }, /valor inválido/],
      ['amount above 999999999.99', { valor: VALOR_MAXIMO_CENTS + 1 }, /valor inválido/],
      ['empty name', { nome: '   ' }, /nome vazio/],
      ['name of symbols only', { nome: '☕☕' }, /nome vazio/],
      ['empty city', { cidade: '' }, /cidade vazio/],
      ['empty key', { chavePix: '' }, /chave PIX inválida/],
      ['key that is no DICT key', { chavePix: 'rango' }, /chave PIX inválida/],
      ['CPF with dots', { chavePix: '123.456.789-09' }, /chave PIX inválida/],
      ['phone without +', { chavePix: '4899998888' }, /chave PIX inválida/],
      ['e-mail longer than 77', { chavePix: `${'a'.repeat(70)}@rango.com` }, /chave PIX inválida/],
      ['url with https://', { url: 'https://pix.example.com/qr/1' }, /sem o protocolo/],
      ['empty url', { url: '' }, /url inválida/],
      ['url with a space', { url: 'pix.example.com/qr 1' }, /url inválida/],
      ['url longer than 77', { url: `pix.example.com/${'a'.repeat(62)}` }, /url inválida/],
    ])('%s', (_caso, mudanca, mensagem) => {
      expect(() => gerarBrCode({ ...BASE, ...mudanca })).toThrow(mensagem);
    });

    it('accepts a key and a url of exactly 77 characters (field 26 at its 99 maximum)', () => {
      const email = `${'a'.repeat(67)}@rango.com`;
      expect(email).toHaveLength(77);
      expect(campo(gerarBrCode({ ...BASE, chavePix: email }), '26')).toHaveLength(99);
      const url = `pix.example.com/${'a'.repeat(61)}`;
      expect(url).toHaveLength(77);
      expect(campo(gerarBrCode({ ...BASE, url }), '26')).toHaveLength(99);
    });
  });

  describe('decoded by pix-utils', () => {
    it('gives back key, amount, name, city and txid of a key code', () => {
      const pix = decodificar(
        gerarBrCode({
          chavePix: 'pagamentos@rango.com.br',
          valor: 4_590,
          nome: 'Hamburgueria Três Irmãos',
          cidade: 'Joinville',
          txid: 'PED000123',
        }),
      );
      expect(pix).toMatchObject({
        type: PixElementType.STATIC,
        pixKey: 'pagamentos@rango.com.br',
        transactionAmount: 45.9,
        merchantName: 'HAMBURGUERIA TRES IRMAOS',
        merchantCity: 'JOINVILLE',
        txid: 'PED000123',
        merchantCategoryCode: '0000',
        transactionCurrency: '986',
        countryCode: 'BR',
      });
    });

    it('gives back url, name and city of a location code, marked single-use', () => {
      const url = 'pix.example.com/qr/v2/cobv/9d36b84f';
      const codigo = gerarBrCode({ ...BASE, url });
      expect(decodificar(codigo)).toMatchObject({
        type: PixElementType.DYNAMIC,
        url,
        merchantName: 'PADARIA',
        merchantCity: 'SAO PAULO',
      });
      const emv = tags(codigo);
      expect(emv.getTag(1)).toBe('12');
      expect(emv.getTag(54)).toBeUndefined();
      expect(emv.getSubTag(5, 62)).toBe('***');
    });

    it('notices a changed character through the CRC', () => {
      const codigo = gerarBrCode(BASE);
      const adulterado = codigo.replace('5405' + '10.00', '5405' + '90.00');
      expect(adulterado).not.toBe(codigo);
      expect(hasError(parsePix(adulterado))).toBe(true);
    });
  });

  describe('property: any valid input', () => {
    const digitos = (n: number) => fc.stringMatching(new RegExp(`^\\d{${n}}$`));
    const chave = fc.oneof(
      digitos(11),
      digitos(14),
      fc.stringMatching(/^\+[1-9]\d{10,12}$/),
      fc.stringMatching(/^[a-z0-9._-]{1,40}@[a-z0-9-]{1,20}\.(com|com\.br|net)$/),
      fc.uuid(),
    );
    // Letters a Brazilian name or city may carry, each with the ASCII it must become.
    const DE = "áàâãéêíóôõúüçÁÃÇÉÔabmzK07 &.-'";
    const PARA = "AAAAEEIOOOUUCAACEOABMZK07 &.-'";
    const ASCII = Object.fromEntries([...DE].map((c, i) => [c, PARA[i]!]));
    const texto = fc
      .string({ unit: fc.constantFrom(...DE), minLength: 1, maxLength: 40 })
      .filter((s) => s.trim() !== '');
    const esperado = (s: string, max: number) =>
      [...s]
        .map((c) => ASCII[c])
        .join('')
        .replace(/ +/g, ' ')
        .trim()
        .slice(0, max)
        .trimEnd();
    const entrada = fc.record({
      chavePix: chave,
      valor: fc.integer({ min: 1, max: VALOR_MAXIMO_CENTS }),
      nome: texto,
      cidade: texto,
      txid: fc.stringMatching(/^[A-Za-z0-9]{1,25}$/),
    });

    it('decodes to the same key, amount, name, city and txid, with a matching CRC', () => {
      fc.assert(
        fc.property(entrada, (p) => {
          const codigo = gerarBrCode(p);
          expect(codigo.slice(-8, -4)).toBe('6304');
          expect(codigo.slice(-4)).toBe(computeCRC(codigo.slice(0, -4)));
          const pix = decodificar(codigo);
          expect(pix).toMatchObject({
            type: PixElementType.STATIC,
            pixKey: p.chavePix,
            merchantName: esperado(p.nome, 25),
            merchantCity: esperado(p.cidade, 15),
            txid: p.txid,
          });
          expect(tags(codigo).getTag(54)).toBe(
            `${Math.floor(p.valor / 100)}.${String(p.valor % 100).padStart(2, '0')}`,
          );
        }),
        { numRuns: 300 },
      );
    });

    it('decodes a location code to the same url, name and city', () => {
      const url = fc.stringMatching(/^[a-z0-9.-]{1,20}\.[a-z]{2,3}\/[A-Za-z0-9/_-]{1,50}$/);
      fc.assert(
        fc.property(entrada, url, (p, u) => {
          const codigo = gerarBrCode({ ...p, url: u });
          expect(codigo.slice(-4)).toBe(computeCRC(codigo.slice(0, -4)));
          expect(decodificar(codigo)).toMatchObject({
            type: PixElementType.DYNAMIC,
            url: u,
            merchantName: esperado(p.nome, 25),
            merchantCity: esperado(p.cidade, 15),
          });
        }),
        { numRuns: 200 },
      );
    });
  });
});

describe('novoTxid', () => {
  it('makes 25 ASCII letters or digits that gerarBrCode accepts', () => {
    const txid = novoTxid();
    expect(txid).toMatch(/^[A-Za-z0-9]{25}$/);
    expect(decodificar(gerarBrCode({ ...BASE, txid }))).toMatchObject({ txid });
  });

  it('never repeats and uses all 62 characters', () => {
    const txids = Array.from({ length: 2000 }, novoTxid);
    expect(new Set(txids).size).toBe(txids.length);
    // 50 000 draws from 62 symbols: a missing one would mean a biased or truncated alphabet.
    expect(new Set(txids.join('')).size).toBe(62);
  });
});
