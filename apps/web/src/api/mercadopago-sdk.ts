/**
 * Mercado Pago's browser SDK (issue 23 part 2) for an establishment whose payment account is
 * Mercado Pago: its Secure Fields. Its script (`MERCADOPAGO_SDK_URL`, MP's documented
 * https://sdk.mercadopago.com/js/v2; a local fake in the tests) is loaded only here, by the
 * checkout's card form, never with the menu. Its documented interface (sdk-js docs/fields.md):
 * `new MercadoPago(publicKey, {locale})`, `mp.fields.create('cardNumber' | 'expirationDate' |
 * 'securityCode', {placeholder, style, srLabel, ariaRequired})` → a field to `mount(containerId)`
 * (an iframe of Mercado Pago's), `unmount()`, `on(event, cb)` and `update(props)`; and
 * `mp.fields.createCardToken({cardholderName, identificationType, identificationNumber})` — or
 * `({cardId})` for a saved card, with only the CVV's field mounted — → `{id, last_four_digits, …}`.
 * The number, expiry and CVV are typed into Mercado Pago's frames: this page never reads them,
 * and our API gets the token only.
 *
 * Only lazily loaded chunks import this module (the checkout's): never the menu route's.
 */

export type TipoCampoSeguro = 'cardNumber' | 'expirationDate' | 'securityCode';

/** `validityChange`'s event: no messages when the field is valid. */
export interface ValidadeCampo {
  field?: string;
  errorMessages?: readonly { message?: string; cause?: string }[];
}

export interface EventosCampo {
  ready: { field?: string };
  focus: { field?: string };
  blur: { field?: string };
  change: { field?: string };
  validityChange: ValidadeCampo;
  /** The number's first digits (6 or 8) once enough are typed, else null. */
  binChange: { field?: string; bin?: string | null };
  error: { field?: string; error?: string };
}

export interface CampoSeguro {
  mount(containerId: string): CampoSeguro;
  unmount(): void;
  on<E extends keyof EventosCampo>(evento: E, cb: (dados: EventosCampo[E]) => void): CampoSeguro;
  update(props: {
    placeholder?: string;
    invalid?: boolean;
    settings?: { mode?: 'mandatory' | 'optional'; length?: number };
  }): CampoSeguro;
}

export interface OpcoesCampoSeguro {
  placeholder?: string;
  style?: Record<string, string>;
  /** The input's aria-label inside the frame. */
  srLabel?: string;
  ariaRequired?: boolean;
}

/** What `fields.createCardToken` answers (the parts we read). */
export interface TokenCampos {
  id?: unknown;
  first_six_digits?: unknown;
  last_four_digits?: unknown;
  expiration_month?: unknown;
  expiration_year?: unknown;
}

export type DadosTokenCampos =
  | { cardholderName: string; identificationType: 'CPF' | 'CNPJ'; identificationNumber: string }
  | { cardId: string };

export interface MercadoPagoSdk {
  fields: {
    create(tipo: TipoCampoSeguro, opcoes?: OpcoesCampoSeguro): CampoSeguro;
    createCardToken(dados: DadosTokenCampos): Promise<TokenCampos | null | undefined>;
  };
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

/** Instances by the SDK that made them and the public key. */
const instancias = new WeakMap<MercadoPagoConstrutor, Map<string, MercadoPagoSdk>>();

/** The SDK's instance for this public key: one per page (its fields belong to it). */
export async function mercadoPago(scriptUrl: string, publicKey: string): Promise<MercadoPagoSdk> {
  const MercadoPago = await carregarSdkMercadoPago(scriptUrl);
  let porChave = instancias.get(MercadoPago);
  if (!porChave) instancias.set(MercadoPago, (porChave = new Map()));
  let mp = porChave.get(publicKey);
  if (!mp) {
    mp = new MercadoPago(publicKey, { locale: 'pt-BR' });
    porChave.set(publicKey, mp);
  }
  return mp;
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

/** A token of the Secure Fields: its id and what it tells of the card (no number, no CVV). */
export interface TokenMercadoPago {
  id: string;
  /** The last 4 digits, when Mercado Pago answers them. */
  final: string | null;
  /** MM/YYYY, when answered. */
  expiracao: string | null;
}

/**
 * Tokenises what the mounted Secure Fields hold, with the holder and CPF/CNPJ typed in our inputs
 * (a new card) or the saved card's `cardId` (only the CVV's field mounted). Throws RecusaMercadoPago.
 */
export async function tokenizarCamposSeguros(
  mp: MercadoPagoSdk,
  dados: { titular: string; cnpjoucpf: string } | { cardId: string },
  signal?: AbortSignal,
): Promise<TokenMercadoPago> {
  let r: TokenCampos | null | undefined;
  try {
    if ('cardId' in dados) {
      r = await mp.fields.createCardToken({ cardId: dados.cardId });
    } else {
      const documento = dados.cnpjoucpf.replace(/\D/g, '');
      r = await mp.fields.createCardToken({
        cardholderName: dados.titular.trim(),
        identificationType: documento.length === 14 ? 'CNPJ' : 'CPF',
        identificationNumber: documento,
      });
    }
  } catch (e) {
    throw new RecusaMercadoPago(codigosDe(e));
  }
  signal?.throwIfAborted();
  const id = r?.id;
  if (typeof id !== 'string' || !/^[A-Za-z0-9-]{8,100}$/.test(id)) throw new RecusaMercadoPago([]);
  const final = String(r?.last_four_digits ?? '');
  const mes = Number(r?.expiration_month);
  const ano = Number(r?.expiration_year);
  return {
    id,
    final: /^\d{4}$/.test(final) ? final : null,
    expiracao:
      Number.isInteger(mes) && mes >= 1 && mes <= 12 && Number.isInteger(ano) && ano >= 2000 && ano < 2100
        ? `${String(mes).padStart(2, '0')}/${ano}`
        : null,
  };
}
