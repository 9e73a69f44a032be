/**
 * The PIX "copia e cola" text (BR Code) of a charge, following Banco Central's Manual de Padrões
 * para Iniciação do Pix (EMV QRCPS-MPM). Pure: no I/O; the QR image is qr-image.ts.
 *
 * Every field is ID (2 digits) + length (2 digits) + value, in this order:
 *   00 '01' payload format · 01 '12' single use · 26 account (00 GUI, then 01 key or 25 location)
 *   · 52 '0000' · 53 '986' (BRL) · 54 amount · 58 'BR' · 59 name · 60 city · 62 (05 txid) · 63 CRC.
 */
import { randomInt } from 'node:crypto';

export interface BrCodeParams {
  /** The receiver's DICT key: CPF, CNPJ, +E.164 phone, e-mail or random key (EVP). Unused with `url`. */
  chavePix: string;
  /** Amount in cents, 1 to 99 999 999 999. */
  valor: number;
  /** Receiver's name (field 59): normalised to uppercase ASCII, cut at 25. */
  nome: string;
  /** Receiver's city (field 60): normalised to uppercase ASCII, cut at 15. */
  cidade: string;
  /** Up to 25 ASCII letters or digits (field 62-05); '***' when absent. Unused with `url`. */
  txid?: string;
  /** Location of a PSP's dynamic payload (field 26-25), without 'https://'. */
  url?: string;
}

/** Largest amount field 54 can hold with two decimals in 13 characters ('999999999.99' and up). */
export const VALOR_MAXIMO_CENTS = 99_999_999_999;

const GUI_PIX = 'br.gov.bcb.pix';
const TXID_AUSENTE = '***';
const NOME_MAX = 25;
const CIDADE_MAX = 15;
// Field 26 holds at most 99 characters: GUI (4 + 14) and the key or URL's own 4-character header.
const CHAVE_OU_URL_MAX = 99 - (4 + GUI_PIX.length) - 4;
const ALFANUMERICOS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

const CHAVE_FORMATOS: readonly RegExp[] = [
  /^\d{11}$/, // CPF
  /^\d{14}$/, // CNPJ
  /^\+[1-9]\d{7,14}$/, // phone, E.164
  /^[\x21-\x3f\x41-\x7e]+@[\x21-\x3f\x41-\x7e]+\.[\x21-\x3f\x41-\x7e]+$/, // e-mail (ASCII, no spaces)
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, // random key (EVP)
];

/** The BR Code of a single-use PIX charge; throws an Error naming the bad input. */
export function gerarBrCode(p: BrCodeParams): string {
  const valor = formatarValor(p.valor);
  const nome = normalizarTexto(p.nome, NOME_MAX, 'nome');
  const cidade = normalizarTexto(p.cidade, CIDADE_MAX, 'cidade');
  if (p.txid !== undefined) validarTxid(p.txid);

  // With a location URL the code is the manual's "QR dinâmico": amount and txid live in the
  // payload the payer's bank fetches, and the manual says 54 and 62-05 are not filled (62-05 '***').
  const dinamico = p.url !== undefined;
  const conta = dinamico ? campo('25', validarUrl(p.url ?? '')) : campo('01', validarChave(p.chavePix));
  const txid = dinamico ? TXID_AUSENTE : (p.txid ?? TXID_AUSENTE);

  const semCrc =
    campo('00', '01') +
    campo('01', '12') +
    campo('26', campo('00', GUI_PIX) + conta) +
    campo('52', '0000') +
    campo('53', '986') +
    (dinamico ? '' : campo('54', valor)) +
    campo('58', 'BR') +
    campo('59', nome) +
    campo('60', cidade) +
    campo('62', campo('05', txid)) +
    '6304';
  return semCrc + crc16(semCrc);
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) of the UTF-8 bytes, as 4 uppercase hex digits. */
export function crc16(texto: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(texto)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** A new txid: 25 letters and digits from the CSPRNG (randomInt is unbiased). */
export function novoTxid(): string {
  let txid = '';
  for (let i = 0; i < 25; i++) txid += ALFANUMERICOS[randomInt(ALFANUMERICOS.length)];
  return txid;
}

function campo(id: string, valor: string): string {
  if (valor.length > 99) throw new Error(`BR Code: campo ${id} com ${valor.length} caracteres (máximo 99)`);
  return id + String(valor.length).padStart(2, '0') + valor;
}

/** Cents to 'R.CC' with integer arithmetic only, so no float can round a cent away. */
function formatarValor(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0 || cents > VALOR_MAXIMO_CENTS) {
    throw new Error(
      `BR Code: valor inválido (${cents}); esperado inteiro de 1 a ${VALOR_MAXIMO_CENTS} centavos`,
    );
  }
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Uppercase printable ASCII without accents ('São João' → 'SAO JOAO'), spaces collapsed, cut at `max`. */
function normalizarTexto(texto: string, max: number, nomeCampo: string): string {
  const normalizado = texto
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    // Tabs and other blanks become spaces before the non-ASCII filter could glue words together.
    .replace(/\s+/g, ' ')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/ +/g, ' ')
    .trim()
    .slice(0, max)
    .trimEnd();
  if (normalizado === '') throw new Error(`BR Code: ${nomeCampo} vazio depois de normalizado ('${texto}')`);
  return normalizado;
}

function validarTxid(txid: string): void {
  if (!/^[A-Za-z0-9]{1,25}$/.test(txid)) {
    throw new Error(`BR Code: txid inválido ('${txid}'); esperado de 1 a 25 letras ou dígitos ASCII`);
  }
}

function validarChave(chave: string): string {
  if (chave.length > CHAVE_OU_URL_MAX || !CHAVE_FORMATOS.some((formato) => formato.test(chave))) {
    throw new Error(
      `BR Code: chave PIX inválida ('${chave}'); esperado CPF, CNPJ, telefone +E.164, e-mail ou chave aleatória`,
    );
  }
  return chave;
}

function validarUrl(url: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    throw new Error(`BR Code: url sem o protocolo ('${url}'); o manual pede a location sem 'https://'`);
  }
  if (!/^[\x21-\x7e]+$/.test(url) || url.length > CHAVE_OU_URL_MAX) {
    throw new Error(`BR Code: url inválida ('${url}'); esperado de 1 a ${CHAVE_OU_URL_MAX} caracteres ASCII`);
  }
  return url;
}
