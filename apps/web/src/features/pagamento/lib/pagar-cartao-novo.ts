/**
 * 'Pagar online' with a card typed now (spec sections 4 and 9): tokenised in the browser (the
 * number and CVV go to the gateway only), then credit is sent at once and debit first goes
 * through 3-D Secure, whose outcome sends it. A plain function over injected steps, so every
 * path is tested without a page (pagar-cartao-novo.test.ts); the checkout's hook gives it the
 * real ones.
 */
import { MSG_CARTAO, MSG_PEDIDO, type Token3ds } from '@rango/domain';
import type { CartaoDados } from '../../../components/cartao-form/use-cartao-form.ts';
import type { CartaoPedido } from './build-pedido.ts';
import { decidirMpi, type AmbienteMpi, type CamposMpi, type DecisaoMpi, type ResultadoMpi } from './mpi.ts';

/** What the function does through others: the gateway, the 3-D Secure script, the page. */
export interface PassosCartaoNovo {
  /**
   * The card's token and its provider. Mercado Pago authenticates debit itself (its payment answers
   * a challenge the order's page shows): no 3-D Secure script runs here for it.
   */
  tokenizar: (
    card: CartaoDados,
    signal: AbortSignal,
  ) => Promise<{
    token: string;
    provedor: 'sandbox' | 'cielo' | 'mercadopago';
    /** What the provider's token tells of a card the page never saw (Secure Fields). */
    final?: string | null;
    expiracao?: string | null;
  }>;
  getToken3ds: (signal: AbortSignal) => Promise<Token3ds>;
  preencherCamposMpi: (campos: CamposMpi) => void;
  carregarMpi: (url: string, ambiente: AmbienteMpi, opcoes: { signal: AbortSignal }) => Promise<void>;
  /** Starts an authentication; each outcome event goes to `onEvento`. */
  autenticarMpi: (onEvento: (r: ResultadoMpi) => void) => void;
  esquecerCartaoMpi: () => void;
  /** What is going on now ('Validando o cartão…', 'Autenticando…'), shown by the page. */
  progresso: (texto: string) => void;
  /** Sends the order paid with this card. */
  submeter: (cartao: CartaoPedido) => void;
}

export interface CartaoNovo {
  card: CartaoDados;
  debito: boolean;
  /** The order's total in cents: the amount 3-D Secure authenticates. */
  total: number;
  /** The order's id: 3-D Secure's order number. */
  pedidoid: string;
  /**
   * The last ReferenceId submitted, kept by the caller across attempts: the script's events
   * submit once per new one (spec section 4). Updated here when an order is submitted.
   */
  ultimaReferencia: { current: string | null };
  signal: AbortSignal;
}

/** How it ended: the order submitted, or why not (nothing was submitted then). */
export type FimCartaoNovo =
  | { tipo: 'enviado' }
  /** The gateway's tokenisation refused the card (the page shows it on its field or as a notice). */
  | { tipo: 'tokenizacao-recusada'; erro: unknown }
  /** 3-D Secure failed or refused the brand: the notice's text. */
  | { tipo: 'autenticacao-recusada'; aviso: string }
  /** The page left (or another attempt started). */
  | { tipo: 'abortado' };

const ENVIADO = { tipo: 'enviado' } as const;
const ABORTADO = { tipo: 'abortado' } as const;

/** Waits for the first outcome that decides (a repeat of the submitted reference does not). */
function autenticar(
  passos: PassosCartaoNovo,
  ultimaReferencia: string | null,
  signal: AbortSignal,
): Promise<Exclude<DecisaoMpi, { acao: 'ignorar' }> | null> {
  return new Promise((resolve) => {
    signal.addEventListener('abort', () => resolve(null), { once: true });
    // Later events (the script may send more than one) find the promise settled: ignored.
    passos.autenticarMpi((r) => {
      const decisao = decidirMpi(r, ultimaReferencia);
      if (decisao.acao !== 'ignorar') resolve(decisao);
    });
  });
}

/**
 * Tokenises `card`, then submits credit at once; debit goes through 3-D Secure first and is
 * submitted with its outcome (success, failure or unenrolled: the gateway decides), or not at all
 * (error, authentication disabled, unsupported brand). Every call authenticates afresh: after a
 * refused debit order the next 'Finalizar' is a new call.
 */
export async function pagarComCartaoNovo(c: CartaoNovo, passos: PassosCartaoNovo): Promise<FimCartaoNovo> {
  const { card, debito, signal } = c;
  passos.progresso(MSG_PEDIDO.validandoCartao);
  let t: Awaited<ReturnType<PassosCartaoNovo['tokenizar']>>;
  try {
    t = await passos.tokenizar(card, signal);
  } catch (erro) {
    return signal.aborted ? ABORTADO : { tipo: 'tokenizacao-recusada', erro };
  }
  const { token, provedor } = t;
  const cartao: CartaoPedido = {
    token,
    bandeira: card.bandeira,
    titular: card.titular,
    cnpjoucpf: card.cnpjoucpf,
    expiracao: card.seguro ? (t.expiracao ?? null) : card.expiracao,
    final: card.seguro ? (t.final ?? '') : card.numero.slice(-4),
    tipo: debito ? 'DEBITO' : 'CREDITO',
    salvar: !debito && card.salvar,
    autenticacao: null,
  };
  // Secure Fields are Mercado Pago's only: it authenticates debit itself.
  if (!debito || provedor === 'mercadopago' || card.seguro) {
    passos.submeter(cartao);
    return ENVIADO;
  }
  passos.progresso(MSG_PEDIDO.autenticandoDebito);
  try {
    const t = await passos.getToken3ds(signal);
    const [mes = '', ano = ''] = card.expiracao.split('/');
    passos.preencherCamposMpi({
      accesstoken: t.access_token,
      ordernumber: c.pedidoid,
      totalamount: String(c.total),
      cardnumber: card.numero,
      cardexpirationmonth: mes,
      cardexpirationyear: ano,
    });
    // Spec section 9: production unless the token says sandbox.
    await passos.carregarMpi(t.script_url, t.environment === 'SDB' ? 'SDB' : 'PRD', { signal });
  } catch {
    // No card number stays in the page's fields.
    passos.esquecerCartaoMpi();
    return signal.aborted
      ? ABORTADO
      : { tipo: 'autenticacao-recusada', aviso: MSG_PEDIDO.autenticacaoDebitoErro };
  }
  if (signal.aborted) return ABORTADO;
  const decisao = await autenticar(passos, c.ultimaReferencia.current, signal);
  if (decisao === null) return ABORTADO;
  if (decisao.acao === 'parar') {
    return {
      tipo: 'autenticacao-recusada',
      aviso:
        decisao.tipo === 'bandeira-nao-suportada'
          ? MSG_CARTAO.debitoSomenteMasterVisa
          : MSG_PEDIDO.autenticacaoDebitoErro,
    };
  }
  c.ultimaReferencia.current = decisao.autenticacao.referenceid ?? null;
  passos.submeter({ ...cartao, autenticacao: decisao.autenticacao });
  return ENVIADO;
}
