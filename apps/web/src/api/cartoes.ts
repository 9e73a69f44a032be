/**
 * Saved cards (GET/POST /controle/cartao/, DELETE /controle/cartao/{id}/) and the browser's card
 * tokenisation (issue 5), shared by the profile's list and the checkout. Only lazily loaded
 * chunks import this module: the card schemas stay out of the menu route's entry JS.
 *
 * The card number and CVV pass through `tokenizarCartao` straight to the gateway: they are never
 * sent to our API, cached, stored or put in an error.
 */
import {
  cartaoSalvoSchema,
  cartoesSalvosSchema,
  sopCartaoRespostaSchema,
  sopErroTexto,
  sopErrosSchema,
  tokenizacaoSchema,
  SOP_ERRO,
  MSG_CARTAO,
  type CartaoInput,
  type CartaoSalvo,
  type SopCartaoInput,
  type SopErro,
  type Tokenizacao,
} from '@rango/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiGet, apiRequest } from '../lib/api-client.ts';
import { useIsLoggedIn } from '../stores/session.ts';
import type { RecusaMercadoPago } from './mercadopago-sdk.ts';

const PATH = '/controle/cartao/';

/**
 * `?estabelecimento=<id>` (issue 23): the checkout's establishment, whose payment account tokenises
 * the card and whose provider's saved cards are offered. Absent (the profile): the install's gateway.
 */
const doEstabelecimento = (idestabelecimento?: number) =>
  idestabelecimento === undefined ? '' : `?estabelecimento=${idestabelecimento}`;

/** GET /controle/cartao/ — the customer's saved cards (for an establishment: its provider's). */
export function getCartoes(signal?: AbortSignal, idestabelecimento?: number): Promise<CartaoSalvo[]> {
  return apiGet(`${PATH}${doEstabelecimento(idestabelecimento)}`, cartoesSalvosSchema, signal);
}

export const getCartoesQueryOptions = (idestabelecimento?: number) =>
  queryOptions({
    queryKey: ['cartoes', idestabelecimento ?? null] as const,
    queryFn: ({ signal }) => getCartoes(signal, idestabelecimento),
    staleTime: 60_000,
  });

/** Every saved-cards query (the profile's and each checkout's): invalidated together. */
const CARTOES_KEY = ['cartoes'] as const;

/** The saved cards while logged in; disabled for a visitor. */
export function useCartoes() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...getCartoesQueryOptions(), enabled: loggedIn });
}

/** POST /controle/cartao/ (normally with the browser's token, no number or CVV) → the saved card. */
export function createCartao(body: CartaoInput): Promise<CartaoSalvo> {
  return apiRequest(PATH, cartaoSalvoSchema, { method: 'POST', body });
}

export function useCreateCartao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCartao,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CARTOES_KEY }),
  });
}

const ignored = z.unknown();

/** DELETE /controle/cartao/{id}/ → 204. */
export async function deleteCartao(id: number): Promise<void> {
  await apiRequest(`${PATH}${id}/`, ignored, { method: 'DELETE' });
}

export function useDeleteCartao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCartao,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CARTOES_KEY }),
  });
}

/** GET /controle/cartao/tokenizacao/ — where the browser posts the card, and its access token. */
export function getTokenizacao(signal?: AbortSignal, idestabelecimento?: number): Promise<Tokenizacao> {
  return apiGet(`${PATH}tokenizacao/${doEstabelecimento(idestabelecimento)}`, tokenizacaoSchema, signal);
}

/** What the gateway needs to tokenise a card (the card form's `CartaoDados` fits). */
export interface CartaoParaTokenizar {
  /** Digits only. */
  numero: string;
  cvv: string;
  titular: string;
  /** MM/YYYY */
  expiracao: string;
  /** The holder's CPF or CNPJ (Mercado Pago's token carries it). */
  cnpjoucpf: string;
}

/** A tokenisation that failed, with the customer's text and the field it is about, if any. */
export class TokenizacaoError extends Error {
  readonly campo: 'numero' | 'expiracao' | null;
  readonly erros: readonly SopErro[];
  /** `mensagem`: a text of its own (Mercado Pago's refusals); by default the SOP error's. */
  constructor(erros: readonly SopErro[], mensagem?: string) {
    super(mensagem ?? sopErroTexto(erros));
    this.name = 'TokenizacaoError';
    this.erros = erros;
    this.campo = erros.some((e) => e.Code === SOP_ERRO.numeroInvalido.Code)
      ? 'numero'
      : erros.some((e) => e.Code === SOP_ERRO.expiracaoInvalida.Code)
        ? 'expiracao'
        : null;
  }
}

async function postarCartao(t: Tokenizacao, card: CartaoParaTokenizar, signal?: AbortSignal) {
  const body: SopCartaoInput = {
    AccessToken: t.access_token,
    HolderName: card.titular,
    RawNumber: card.numero,
    Expiration: card.expiracao,
    SecurityCode: card.cvv,
    EnableTokenize: true,
  };
  let res: Response;
  try {
    // Plain fetch, not the API client: the gateway may be another origin, and it must get
    // neither our session token nor cookies.
    res = await fetch(t.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
      signal: signal ?? null,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new TokenizacaoError([]);
  }
  let data: unknown;
  try {
    data = await res.json();
  } catch {
    data = undefined;
  }
  if (res.ok) {
    const ok = sopCartaoRespostaSchema.safeParse(data);
    if (!ok.success || ok.data.CardToken === '') throw new TokenizacaoError([]);
    return ok.data.CardToken;
  }
  const erros = sopErrosSchema.safeParse(data);
  throw new TokenizacaoError(erros.success ? erros.data : []);
}

/**
 * Mercado Pago's refusal codes (`cause[].code` of POST /v1/card_tokens, as its SDK documents them)
 * as the field and text the customer sees; the number and CVV are never in the error.
 */
export function recusaMercadoPago(e: RecusaMercadoPago): TokenizacaoError {
  const tem = (...c: string[]) => e.codigos.some((x) => c.includes(x));
  if (tem('E301', '205', '106', '2067')) return new TokenizacaoError([SOP_ERRO.numeroInvalido]);
  if (tem('208', '209', '325', '326')) return new TokenizacaoError([SOP_ERRO.expiracaoInvalida]);
  if (tem('E302', '224')) return new TokenizacaoError([], MSG_CARTAO.cvvInvalido);
  if (tem('221', '316')) return new TokenizacaoError([], MSG_CARTAO.titularObrigatorio);
  if (tem('212', '213', '214', '322', '323', '324'))
    return new TokenizacaoError([], MSG_CARTAO.cnpjoucpfInvalido);
  return new TokenizacaoError([]);
}

/** How the checkout's establishment tokenises, asked once (its card form depends on it). */
export const getTokenizacaoQueryOptions = (idestabelecimento: number) =>
  queryOptions({
    queryKey: ['tokenizacao', idestabelecimento] as const,
    queryFn: ({ signal }) => getTokenizacao(signal, idestabelecimento),
    // Only the provider and (Mercado Pago) its script and public key are read from it: Cielo's
    // access token is asked again when the card is sent.
    staleTime: 10 * 60_000,
  });

/**
 * Tokenises a card in the browser: asks our API which provider the account uses and with what.
 * Cielo and the sandbox (Silent Order Post): the card is posted to the address with an access
 * token, answering the gateway's CardToken; an access token that expired meanwhile (error 132) is
 * renewed once. Mercado Pago tokenises in its Secure Fields (components/cartao-form), not here.
 * Throws TokenizacaoError (a Portuguese message) or the API client's ApiError.
 */
export async function tokenizarCartao(
  card: CartaoParaTokenizar,
  signal?: AbortSignal,
  idestabelecimento?: number,
): Promise<string> {
  return (await tokenizarCartaoNoProvedor(card, signal, idestabelecimento)).token;
}

/** The card's token and the provider that made it (the checkout: Mercado Pago runs 3-D Secure itself). */
export async function tokenizarCartaoNoProvedor(
  card: CartaoParaTokenizar,
  signal?: AbortSignal,
  idestabelecimento?: number,
): Promise<{ token: string; provedor: Tokenizacao['provedor'] }> {
  const t = await getTokenizacao(signal, idestabelecimento);
  // Mercado Pago's cards are typed into its Secure Fields only (the checkout's
  // CamposMercadoPago): a number typed in our inputs is never sent to it.
  if (t.provedor === 'mercadopago') throw new TokenizacaoError([]);
  try {
    return { token: await postarCartao(t, card, signal), provedor: t.provedor };
  } catch (e) {
    if (
      !(e instanceof TokenizacaoError) ||
      !e.erros.some((x) => x.Code === SOP_ERRO.tokenAcessoInvalido.Code)
    ) {
      throw e;
    }
    const outro = await getTokenizacao(signal, idestabelecimento);
    return { token: await postarCartao(outro, card, signal), provedor: outro.provedor };
  }
}
