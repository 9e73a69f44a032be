import { createHash, timingSafeEqual } from 'node:crypto';
import { GatewayIndisponivelError, statusDeCielo } from '../port.ts';
import type {
  BandeiraGateway,
  CartaoTokenizado,
  CobrancaCartao,
  PixGerado,
  ResultadoPagamento,
} from '../port.ts';

/**
 * Cielo's wire format (cielo.ts holds the calls): reading its answers (sales, PIX, the card vault,
 * errors scrubbed of card data) and writing its bodies (the card sale), pure functions.
 */

/** Cielo's maximum (and default) lifetime of a PIX QR code. */
export const PIX_VALIDADE_MAXIMA_SEGUNDOS = 86_400;

/** Cielo's English error texts the app shows, in the spec's words (spec section 8). */
export const TRADUCOES: Record<number, string> = {
  126: 'Data de expiração é inválida',
};

/** Cielo's MerchantOrderId: letters and digits only; 25 characters for PIX (Cielo2), 50 for cards. */
export const MERCHANT_ORDER_ID_MAX = 25;

/**
 * Our `chave` as Cielo's MerchantOrderId, the same for the sale and for the query that finds it.
 * Cielo allows only [A-Za-z0-9] and, for PIX, 25 characters: a key that already fits is sent as is;
 * any other keeps a readable prefix and ends with a hash of the whole key, so two keys never meet.
 */
export function merchantOrderIdDe(chave: string): string {
  if (/^[A-Za-z0-9]+$/.test(chave) && chave.length <= MERCHANT_ORDER_ID_MAX) return chave;
  const hash = createHash('sha256').update(chave).digest('hex').slice(0, 10);
  return chave.replace(/[^A-Za-z0-9]/g, '').slice(0, MERCHANT_ORDER_ID_MAX - hash.length) + hash;
}

/** Namespace of the RequestIds we derive from a key (UUID version 5, RFC 9562). */
export const NAMESPACE_REQUEST_ID = Buffer.from('6c1f3b0a8e2d4f7a9b5c0d1e2f3a4b5c', 'hex');

/**
 * The RequestId of a sale: derived from the key, so Cielo's logs tie every attempt of one key
 * together (we never resend one, but a support ticket can name it).
 */
export function requestIdDe(chave: string): string {
  const h = createHash('sha1').update(NAMESPACE_REQUEST_ID).update(chave).digest().subarray(0, 16);
  h.writeUInt8((h.readUInt8(6) & 0x0f) | 0x50, 6);
  h.writeUInt8((h.readUInt8(8) & 0x3f) | 0x80, 8);
  const x = h.toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

// ---- Reading Cielo's JSON -------------------------------------------------------------------------

/**
 * A field by name, ignoring case: Cielo's API is case-insensitive and its documentation mixes
 * spellings (`PaymentId`/`Paymentid`, `QrCodeBase64Image`/`QrcodeBase64Image`).
 */
export function campo(obj: unknown, nome: string): unknown {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) return undefined;
  const alvo = nome.toLowerCase();
  for (const [k, v] of Object.entries(obj)) if (k.toLowerCase() === alvo) return v;
  return undefined;
}

export function texto(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() === '' ? null : v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

export function inteiro(v: unknown): number | null {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d{1,15}$/.test(v.trim())) return Number(v.trim());
  return null;
}

/** Cielo's dates ('2020-10-15 18:53:20', or with a 'T') are Brasília time (UTC−3) unless they say otherwise. */
export function dataCielo(v: unknown): number | null {
  if (typeof v !== 'string') return null;
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(v.trim());
  if (!m) return null;
  const t = Date.parse(`${m[1]}T${m[2]}${m[3] ?? ''}${m[4] ?? '-03:00'}`);
  return Number.isNaN(t) ? null : t;
}

export const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/** What we put in a URL path as an id: Cielo's ids are GUIDs; anything else is not one of theirs. */
export const ID_SEGURO = /^[A-Za-z0-9-]{1,64}$/;

/** Long digit runs (a card number, spaced or not) in a text that came from outside. */
export const SEQUENCIA_DE_CARTAO = /\d(?:[ .-]?\d){11,18}/g;

/** A text from Cielo without the card number, the CVV or anything shaped like a card number. */
export function semDadosDoCartao(t: string, segredos: readonly string[]): string {
  let limpo = t;
  for (const s of segredos) if (s.length >= 3) limpo = limpo.split(s).join('***');
  return limpo.replace(SEQUENCIA_DE_CARTAO, '***').slice(0, 300);
}

export function errosDe(corpo: unknown, segredos: readonly string[]): { Code: number; Message: string }[] {
  const erros = (Array.isArray(corpo) ? corpo : [])
    .map((e: unknown) => {
      const code = inteiro(campo(e, 'Code')) ?? 0;
      const message = TRADUCOES[code] ?? semDadosDoCartao(texto(campo(e, 'Message')) ?? '', segredos);
      return { Code: code, Message: message };
    })
    .filter((e) => e.Code !== 0 || e.Message !== '');
  return erros.length > 0 ? erros : [{ Code: 0, Message: 'Requisição recusada pela Cielo' }];
}

export const BANDEIRAS: Record<string, BandeiraGateway> = {
  visa: 'Visa',
  master: 'Master',
  mastercard: 'Master',
  amex: 'Amex',
  elo: 'Elo',
  diners: 'Diners',
  discover: 'Discover',
  hipercard: 'Hipercard',
};

/**
 * A brand from the card's first digits (Cielo's card query answers the masked number, its first six
 * digits included). Elo and Hipercard ranges first: they sit inside Visa's and Discover's.
 */
export function bandeiraPeloBin(numero: string): BandeiraGateway | null {
  const d = numero.replace(/\D/g, '');
  if (
    /^(4011(78|79)|43(1274|8935)|45(1416|7393|763[12])|50(4175|6699|67[0-7]\d|9000)|627780|63(6297|6368)|650(03[^4]|04\d|05[01]|4(0[5-9]|3\d|8[5-9]|9\d)|5([0-2]\d|3[0-8])|9([2-6]\d|7[0-8])|541|700|720|901)|651652|655000|655021)/.test(
      d,
    )
  )
    return 'Elo';
  if (/^(606282|3841[046]0)/.test(d)) return 'Hipercard';
  if (/^3[47]/.test(d)) return 'Amex';
  if (/^(30[0-5]|36|38)/.test(d)) return 'Diners';
  if (/^(6011|65|64[4-9])/.test(d)) return 'Discover';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(d)) return 'Master';
  if (/^4/.test(d)) return 'Visa';
  return null;
}

/** Seconds from an expiry Cielo/Braspag gives as seconds or as a (Brasília) instant. */
export function segundosAte(v: unknown, agora: number): number | null {
  const n = inteiro(v);
  if (n !== null) return Math.max(0, n);
  const t = dataCielo(v);
  return t === null ? null : Math.max(0, Math.floor((t - agora) / 1000));
}

export function basic(id: string, segredo: string): string {
  return `Basic ${Buffer.from(`${id}:${segredo}`).toString('base64')}`;
}

/** Constant-time comparison that does not reveal the length either. */
export function iguais(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
}

/** Names on a card: letters and spaces, without accents, ≤ 25 characters (Cielo's error 214 otherwise). */
export function titularCielo(nome: string): string {
  return nome
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z ]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 25);
}

/** Statement text: letters, digits and spaces, ≤ 13 characters. */
export function softDescriptor(s: string | undefined): string | null {
  if (!s) return null;
  const limpo = s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ]/g, '')
    .trim()
    .slice(0, 13)
    .trim();
  return limpo === '' ? null : limpo;
}

export function cliente(c: { nome: string; cpf: string | null }): Record<string, string> {
  const cpf = c.cpf?.replace(/\D/g, '') ?? '';
  return { Name: c.nome.slice(0, 255), ...(cpf ? { Identity: cpf, IdentityType: 'CPF' } : {}) };
}

/** Of the payments one key found, the one that tells most: paid, then waiting, then refunded, then the rest. */
export const PRIORIDADE: Record<ResultadoPagamento['estado'], number> = {
  pago: 0,
  pendente: 1,
  estornado: 2,
  expirado: 3,
  negado: 4,
};

export function lerPix(p: unknown, agora: number, expiraEm?: string): PixGerado | null {
  const qrcode = texto(campo(p, 'QrCodeString'));
  const imagem = texto(campo(p, 'QrCodeBase64Image'));
  if (!qrcode || !imagem) return null;
  let expira = expiraEm;
  if (!expira) {
    // Cielo answers the creation instant, and the lifetime when it was set; its default is 24 h.
    // Without a creation instant the longest lifetime Cielo allows is the only safe guess.
    const segundos =
      inteiro(campo(p, 'QrCodeExpiration')) ??
      inteiro(campo(campo(p, 'QrCode'), 'Expiration')) ??
      PIX_VALIDADE_MAXIMA_SEGUNDOS;
    const inicio = dataCielo(campo(p, 'ReceivedDate')) ?? agora;
    expira = new Date(inicio + segundos * 1000).toISOString();
  }
  return {
    qrcode,
    imagem: imagem.startsWith('data:') ? imagem : `data:image/png;base64,${imagem}`,
    expiraEm: expira,
  };
}

/** A sale as Cielo answers it (`{MerchantOrderId, Customer, Payment}`); null when it is not one. */
export function lerVenda(venda: unknown, pixExpiraEm?: string): ResultadoPagamento | null {
  const p = campo(venda, 'Payment');
  const status = inteiro(campo(p, 'Status'));
  if (status === null) return null;
  const agora = Date.now();
  const cartao = campo(p, 'CreditCard') ?? campo(p, 'DebitCard');
  const pix = lerPix(p, agora, pixExpiraEm);
  let estado = statusDeCielo(status);
  if (pix && estado === 'pendente' && Date.parse(pix.expiraEm) <= agora) estado = 'expirado';
  const mensagem = texto(campo(p, 'ReturnMessage')) ?? texto(campo(p, 'ProviderReturnMessage'));
  return {
    paymentId: texto(campo(p, 'PaymentId')),
    estado,
    returnCode: texto(campo(p, 'ReturnCode')) ?? texto(campo(p, 'ProviderReturnCode')),
    returnMessage: mensagem === null ? null : semDadosDoCartao(mensagem, []),
    authenticationUrl: texto(campo(p, 'AuthenticationUrl')),
    cardToken: texto(campo(cartao, 'CardToken')),
    pix,
  };
}

/**
 * The sale body. With a token the CVV is optional (a saved card is paid without it); a CVV or a
 * number given is forwarded here once and kept nowhere.
 */
export function corpoCartao(req: CobrancaCartao): unknown {
  const c = req.cartao;
  const debito = req.tipo === 'debito';
  const autenticar = debito || req.autenticacao !== null;
  const noCartao: Record<string, unknown> = c.token
    ? { CardToken: c.token, ...(c.cvv ? { SecurityCode: c.cvv } : {}), Brand: c.bandeira }
    : {
        CardNumber: (c.numero ?? '').replace(/\D/g, ''),
        Holder: titularCielo(c.titular ?? req.comprador.nome),
        ExpirationDate: c.expiracao ?? '',
        ...(c.cvv ? { SecurityCode: c.cvv } : {}),
        SaveCard: req.salvar,
        Brand: c.bandeira,
      };
  const a = req.autenticacao;
  const externa = a
    ? Object.fromEntries(
        Object.entries({
          Cavv: a.cavv,
          Xid: a.xid,
          Eci: a.eci,
          Version: a.version,
          ReferenceId: a.referenceid,
        }).filter(([, v]) => v !== null && v !== ''),
      )
    : null;
  const soft = softDescriptor(req.softDescriptor);
  return {
    MerchantOrderId: merchantOrderIdDe(req.chave),
    Customer: cliente(req.comprador),
    Payment: {
      Type: debito ? 'DebitCard' : 'CreditCard',
      Amount: req.valor,
      Currency: 'BRL',
      Country: 'BRA',
      Installments: 1,
      ...(debito ? {} : { Capture: true }),
      Authenticate: autenticar,
      ...(autenticar ? { ReturnUrl: req.returnUrl } : {}),
      ...(soft ? { SoftDescriptor: soft } : {}),
      [debito ? 'DebitCard' : 'CreditCard']: noCartao,
      ...(externa ? { ExternalAuthentication: externa } : {}),
      // Mastercard requires the initiator on purchases that store or use a stored card (CIT, C1).
      ...(c.bandeira === 'Master' && (c.token || req.salvar)
        ? { InitiatedTransactionIndicator: { Category: 'C1', Subcategory: 'CredentialsOnFile' } }
        : {}),
    },
  };
}

export function cartaoDaConsulta(token: string, corpo: unknown): CartaoTokenizado {
  const numero = texto(campo(corpo, 'CardNumber')) ?? '';
  const marca = texto(campo(corpo, 'Brand'));
  const bandeira = (marca && BANDEIRAS[marca.toLowerCase()]) || bandeiraPeloBin(numero);
  const final = numero.replace(/\D/g, '').slice(-4);
  if (!bandeira || final.length !== 4)
    throw new GatewayIndisponivelError('cielo: cartão sem bandeira ou final');
  return {
    token,
    bandeira,
    final,
    titular: texto(campo(corpo, 'Holder')) ?? '',
    expiracao: texto(campo(corpo, 'ExpirationDate')) ?? '',
  };
}
