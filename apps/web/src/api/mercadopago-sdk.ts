/**
 * Mercado Pago's browser SDK (issue 23 part 2): card tokenisation for an establishment whose
 * payment account is Mercado Pago. Its script (`MERCADOPAGO_SDK_URL`, MP's documented
 * https://sdk.mercadopago.com/js/v2; a local fake in the tests) is loaded only here, when the
 * customer pays with a card typed now, never with the page. Its documented interface:
 * `new MercadoPago(publicKey, {locale})` and `createCardToken({cardNumber, cardholderName,
 * cardExpirationMonth, cardExpirationYear, securityCode, identificationType,
 * identificationNumber})` → `{id, …}`: the number and CVV go from here to Mercado Pago only; our
 * API gets the token.
 *
 * Only api/cartoes.ts imports this module (lazily loaded chunks: never the menu route's).
 */

/** What `createCardToken` takes (Mercado Pago's SDK v2, "Core methods"). */
export interface DadosCartaoMercadoPago {
  cardNumber: string;
  cardholderName: string;
  cardExpirationMonth: string;
  cardExpirationYear: string;
  securityCode: string;
  identificationType: 'CPF' | 'CNPJ';
  identificationNumber: string;
}

interface MercadoPagoSdk {
  createCardToken(dados: DadosCartaoMercadoPago): Promise<{ id?: unknown } | null | undefined>;
}

type MercadoPagoConstrutor = new (publicKey: string, opcoes?: { locale?: string }) => MercadoPagoSdk;

declare global {
  interface Window {
    MercadoPago?: MercadoPagoConstrutor;
  }
}

/** Mercado Pago refused the card (its `cause` codes) or could not be reached (`codigos` empty). */
export class RecusaMercadoPago extends Error {
  constructor(readonly codigos: readonly string[]) {
    super('mercadopago: tokenização recusada');
    this.name = 'RecusaMercadoPago';
  }
}

const carregando = new Map<string, Promise<MercadoPagoConstrutor>>();

/** The script's address as a `<script src>` may take it: absolute http(s) only. */
function urlDoScript(url: string): string | null {
  try {
    const u = new URL(url, window.location.origin);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

/** Loads the SDK once per page (a failed load is tried again next time). */
export function carregarSdkMercadoPago(url: string): Promise<MercadoPagoConstrutor> {
  const src = urlDoScript(url);
  if (src === null) return Promise.reject(new RecusaMercadoPago([]));
  if (window.MercadoPago) return Promise.resolve(window.MercadoPago);
  let p = carregando.get(src);
  if (!p) {
    p = new Promise<MercadoPagoConstrutor>((resolve, reject) => {
      const s = document.createElement('script');
      s.src = src;
      s.async = true;
      s.onload = () => {
        if (window.MercadoPago) resolve(window.MercadoPago);
        else reject(new RecusaMercadoPago([]));
      };
      s.onerror = () => {
        carregando.delete(src);
        s.remove();
        reject(new RecusaMercadoPago([]));
      };
      document.head.appendChild(s);
    });
    carregando.set(src, p);
    p.catch(() => carregando.delete(src));
  }
  return p;
}

/** The `cause[].code` of a refusal, however the SDK shaped it (an array, or an Error with `cause`). */
function codigosDe(e: unknown): string[] {
  const lista: unknown = Array.isArray(e) ? e : (e as { cause?: unknown } | null)?.cause;
  if (!Array.isArray(lista)) return [];
  return lista
    .map((c: unknown) => (c as { code?: unknown } | null)?.code)
    .filter((c): c is string | number => typeof c === 'string' || typeof c === 'number')
    .map(String)
    .slice(0, 10);
}

export interface CartaoMercadoPago {
  /** Digits only. */
  numero: string;
  cvv: string;
  titular: string;
  /** MM/YYYY */
  expiracao: string;
  /** The holder's CPF or CNPJ (digits or formatted). */
  cnpjoucpf: string;
}

/**
 * Tokenises `card` with the account's public key through Mercado Pago's SDK at `scriptUrl`:
 * Mercado Pago's card token id. Throws RecusaMercadoPago.
 */
export async function tokenizarNoMercadoPago(
  scriptUrl: string,
  publicKey: string,
  card: CartaoMercadoPago,
  signal?: AbortSignal,
): Promise<string> {
  const MercadoPago = await carregarSdkMercadoPago(scriptUrl);
  signal?.throwIfAborted();
  const [mes = '', ano = ''] = card.expiracao.split('/');
  const documento = card.cnpjoucpf.replace(/\D/g, '');
  let r: { id?: unknown } | null | undefined;
  try {
    const mp = new MercadoPago(publicKey, { locale: 'pt-BR' });
    r = await mp.createCardToken({
      cardNumber: card.numero,
      cardholderName: card.titular.trim(),
      cardExpirationMonth: mes,
      cardExpirationYear: ano,
      securityCode: card.cvv,
      identificationType: documento.length === 14 ? 'CNPJ' : 'CPF',
      identificationNumber: documento,
    });
  } catch (e) {
    throw new RecusaMercadoPago(codigosDe(e));
  }
  signal?.throwIfAborted();
  const id = r?.id;
  if (typeof id !== 'string' || !/^[A-Za-z0-9-]{8,100}$/.test(id)) throw new RecusaMercadoPago([]);
  return id;
}
