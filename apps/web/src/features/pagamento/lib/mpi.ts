/**
 * 3-D Secure for debit (spec sections 4 and 9; issue 5): Braspag's BP.Mpi script interface, which
 * the sandbox's own script follows too. The page defines the global `bpmpi_config()` (the events
 * and the environment); the script, loaded from the URL the token answer names, defines
 * `bpmpi_load()` and `bpmpi_authenticate()` and reads the order and the card from inputs found by
 * their CSS class (`bpmpi_*`). A challenge is shown by the script itself, in its own modal.
 *
 * Defaults of section 9: authentication enabled, 1 installment, payment method debit, production
 * environment, 8 s time-out, 10 retries.
 */
import type { CartaoPayload } from '@rango/domain';

/** The fields an event carries (Braspag's names). */
export interface DadosEventoMpi {
  Cavv?: string | null;
  Xid?: string | null;
  Eci?: string | null;
  Version?: string | null;
  ReferenceId?: string | null;
  ReturnCode?: string | null;
  ReturnMessage?: string | null;
}

/** 'SDB' sandbox, 'PRD' production. */
export type AmbienteMpi = 'SDB' | 'PRD';

export interface ConfigMpi {
  onReady: () => void;
  onSuccess: (e: DadosEventoMpi) => void;
  onFailure: (e: DadosEventoMpi) => void;
  onUnenrolled: (e: DadosEventoMpi) => void;
  onDisabled: () => void;
  onError: (e: DadosEventoMpi) => void;
  onUnsupportedBrand: (e: DadosEventoMpi) => void;
  Environment: AmbienteMpi;
  Debug: boolean;
}

declare global {
  interface Window {
    bpmpi_config?: () => ConfigMpi;
    bpmpi_load?: () => void;
    bpmpi_authenticate?: () => void;
  }
}

export type AutenticacaoExterna = NonNullable<CartaoPayload['external_authentication']>;

/**
 * An authentication's outcome. Success, failure and unenrolled carry the data the order sends
 * (the gateway decides); error, unsupported brand and disabled stop the order.
 */
export type ResultadoMpi =
  | {
      tipo: 'sucesso' | 'falha' | 'nao-participante';
      autenticacao: AutenticacaoExterna;
      codigo: string | null;
      mensagem: string | null;
    }
  | {
      tipo: 'erro' | 'bandeira-nao-suportada' | 'desativado';
      codigo: string | null;
      mensagem: string | null;
    };

/** Spec section 9. */
export const TIMEOUT_MPI_MS = 8_000;
/** An authentication (a challenge included) that sends no outcome within this ends as an error. */
export const LIMITE_AUTENTICACAO_MS = 10 * 60_000;
let vigia: ReturnType<typeof setTimeout> | undefined;
export const RETENTATIVAS_MPI = 10;

/** Waits between load attempts: 250 ms doubling, at most 4 s. */
export const esperaMpi = (tentativa: number): number => Math.min(250 * 2 ** tentativa, 4_000);

const ID_SCRIPT = 'bpmpi-script';
const ID_CAMPOS = 'bpmpi-campos';

const textoOuNull = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

function resultado(tipo: ResultadoMpi['tipo'], e: DadosEventoMpi | undefined): ResultadoMpi {
  const codigo = textoOuNull(e?.ReturnCode);
  const mensagem = textoOuNull(e?.ReturnMessage);
  if (tipo === 'sucesso' || tipo === 'falha' || tipo === 'nao-participante') {
    return {
      tipo,
      autenticacao: {
        cavv: textoOuNull(e?.Cavv),
        xid: textoOuNull(e?.Xid),
        eci: textoOuNull(e?.Eci),
        version: textoOuNull(e?.Version),
        referenceid: textoOuNull(e?.ReferenceId),
      },
      codigo,
      mensagem,
    };
  }
  return { tipo, codigo, mensagem };
}

/**
 * Who listens now. `bpmpi_config` is read by the script whenever it likes (at load, at
 * `bpmpi_load`): its callbacks are stable and hand each event to the current listener.
 */
const ouvintes: { pronto: (() => void) | null; evento: ((r: ResultadoMpi) => void) | null } = {
  pronto: null,
  evento: null,
};
let ambiente: AmbienteMpi = 'PRD';
/**
 * The `bpmpi_load` of the script instance that sent onReady. The script sends it once (it loads
 * itself when it runs and ignores a second `bpmpi_load()`), so a later authentication with the
 * same instance must not wait for another; a script run again defines new globals.
 */
let prontoPara: (() => void) | null = null;

function instalarConfig(): void {
  const emitir = (tipo: ResultadoMpi['tipo']) => (e?: DadosEventoMpi) => {
    // The card number is needed no longer: out of the page at once.
    esquecerCartaoMpi();
    ouvintes.evento?.(resultado(tipo, e));
  };
  const eventos = {
    onReady: () => {
      prontoPara = window.bpmpi_load ?? null;
      ouvintes.pronto?.();
    },
    onSuccess: emitir('sucesso'),
    onFailure: emitir('falha'),
    onUnenrolled: emitir('nao-participante'),
    onDisabled: () => emitir('desativado')(),
    onError: emitir('erro'),
    onUnsupportedBrand: emitir('bandeira-nao-suportada'),
  };
  window.bpmpi_config = (): ConfigMpi => ({ ...eventos, Environment: ambiente, Debug: false });
}

/** The fields the script reads, by class `bpmpi_<nome>`. */
export interface CamposMpi {
  accesstoken: string;
  ordernumber: string;
  /** Cents. */
  totalamount: string;
  cardnumber: string;
  /** '01' … '12' */
  cardexpirationmonth: string;
  /** 'YYYY' */
  cardexpirationyear: string;
}

const FIXOS = { currency: 'BRL', installments: '1', paymentmethod: 'Debit', auth: 'true' } as const;

function container(): HTMLElement {
  let el = document.getElementById(ID_CAMPOS);
  if (!el) {
    el = document.createElement('div');
    el.id = ID_CAMPOS;
    el.hidden = true;
    document.body.appendChild(el);
  }
  return el;
}

function preencherCampo(nome: string, valor: string): void {
  const box = container();
  let input = box.querySelector<HTMLInputElement>(`input.bpmpi_${nome}`);
  if (!input) {
    input = document.createElement('input');
    input.type = 'hidden';
    input.className = `bpmpi_${nome}`;
    box.appendChild(input);
  }
  input.value = valor;
}

/** Fills the script's fields (hidden inputs of our own, outside React's tree). */
export function preencherCamposMpi(campos: CamposMpi): void {
  for (const [nome, valor] of Object.entries({ ...FIXOS, ...campos })) preencherCampo(nome, valor);
}

/** Empties the card number's field (after an outcome, or when the authentication is abandoned). */
export const esquecerCartaoMpi = (): void => preencherCampo('cardnumber', '');

const scriptPronto = () =>
  typeof window.bpmpi_load === 'function' && typeof window.bpmpi_authenticate === 'function';

/** Adds `<script src>` once (again only after it failed), and resolves when its globals exist. */
function carregarScript(url: string): Promise<void> {
  if (scriptPronto()) return Promise.resolve();
  let el = document.getElementById(ID_SCRIPT) as HTMLScriptElement | null;
  // Loaded but without its globals, failed, or another URL: replaced.
  if (el && (el.dataset.estado !== 'carregando' || el.dataset.url !== url)) {
    el.remove();
    el = null;
  }
  if (!el) {
    el = document.createElement('script');
    el.id = ID_SCRIPT;
    el.src = url;
    el.async = true;
    el.dataset.url = url;
    el.dataset.estado = 'carregando';
    document.head.appendChild(el);
  }
  const script = el;
  return new Promise((resolve, reject) => {
    script.addEventListener('load', () => {
      script.dataset.estado = 'carregado';
      if (scriptPronto()) resolve();
      else reject(new Error('3DS script without bpmpi_load'));
    });
    script.addEventListener('error', () => {
      script.dataset.estado = 'erro';
      reject(new Error('3DS script failed to load'));
    });
  });
}

/** The script did not get ready after every attempt. */
export class ErroCargaMpi extends Error {
  constructor() {
    super('3DS script not ready');
    this.name = 'ErroCargaMpi';
  }
}

function abortado(): DOMException {
  return new DOMException('Aborted', 'AbortError');
}

/** One attempt: the script loaded, `bpmpi_load()` called, `onReady` within `timeoutMs`. */
function tentativa(url: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    let fim = false;
    const terminar = (erro?: unknown) => {
      if (fim) return;
      fim = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', aoAbortar);
      ouvintes.pronto = null;
      if (erro === undefined) {
        prontoPara = window.bpmpi_load ?? null;
        resolve();
      } else reject(erro);
    };
    const aoAbortar = () => terminar(abortado());
    const timer = setTimeout(() => terminar(new Error('3DS ready time-out')), timeoutMs);
    signal?.addEventListener('abort', aoAbortar);
    // Listening before the script runs: it may send onReady as soon as it runs.
    ouvintes.pronto = () => terminar();
    carregarScript(url).then(
      () => {
        if (fim) return;
        // Its onReady came while no attempt listened (late, between two attempts).
        if (estaPronto()) terminar();
        else window.bpmpi_load?.();
      },
      (e: unknown) => terminar(e),
    );
  });
}

const estaPronto = () => scriptPronto() && prontoPara !== null && window.bpmpi_load === prontoPara;

/**
 * A script of ours that ran but never got ready: removed with its globals, so the next attempt
 * runs it afresh (it ignores a second `bpmpi_load()`).
 */
function descartarScript(): void {
  const el = document.getElementById(ID_SCRIPT);
  if (el?.dataset.estado !== 'carregado') return;
  el.remove();
  delete window.bpmpi_load;
  delete window.bpmpi_authenticate;
}

const dormir = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', aoAbortar);
      resolve();
    }, ms);
    const aoAbortar = () => {
      clearTimeout(t);
      reject(abortado());
    };
    signal?.addEventListener('abort', aoAbortar);
  });

export interface OpcoesCargaMpi {
  timeoutMs?: number;
  retentativas?: number;
  signal?: AbortSignal;
}

/**
 * Loads the script from `url` (once) and waits for it to be ready: each attempt times out after
 * 8 s and is retried up to 10 times, waiting longer each time. Resolves at once when it is ready
 * already. Rejects with ErroCargaMpi (or the AbortError of `signal`). `bpmpi_config` is defined
 * before the script is added: the script reads it when it runs.
 */
export async function carregarMpi(
  url: string,
  amb: AmbienteMpi,
  { timeoutMs = TIMEOUT_MPI_MS, retentativas = RETENTATIVAS_MPI, signal }: OpcoesCargaMpi = {},
): Promise<void> {
  ambiente = amb;
  instalarConfig();
  const el = document.getElementById(ID_SCRIPT);
  if (estaPronto() && (!el || el.dataset.url === url)) return;
  for (let i = 0; ; i++) {
    if (signal?.aborted) throw abortado();
    try {
      await tentativa(url, timeoutMs, signal);
      return;
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') throw e;
      if (i >= retentativas) throw new ErroCargaMpi();
      descartarScript();
      await dormir(esperaMpi(i), signal);
    }
  }
}

/**
 * Starts an authentication with the fields already filled: each outcome event (the script may
 * send more than one) goes to `onEvento` until the next authentication.
 */
export function autenticarMpi(
  onEvento: (r: ResultadoMpi) => void,
  limiteMs: number = LIMITE_AUTENTICACAO_MS,
): void {
  clearTimeout(vigia);
  // A script that never answers, or a challenge left open, must not hold 'Finalizar' forever.
  vigia = setTimeout(() => {
    ouvintes.evento?.({ tipo: 'erro', codigo: null, mensagem: null });
  }, limiteMs);
  ouvintes.evento = (r) => {
    clearTimeout(vigia);
    onEvento(r);
  };
  window.bpmpi_authenticate?.();
}

/** Stops listening (the page is leaving). */
export function pararMpi(): void {
  clearTimeout(vigia);
  ouvintes.evento = null;
  ouvintes.pronto = null;
  esquecerCartaoMpi();
}

/** What the page does with an outcome: send the order with these data, ignore a repeat, or stop. */
export type DecisaoMpi =
  | { acao: 'enviar'; autenticacao: AutenticacaoExterna }
  | { acao: 'ignorar' }
  | { acao: 'parar'; tipo: 'erro' | 'bandeira-nao-suportada' };

/**
 * Spec section 4: success, failure and unenrolled fill the authentication fields and submit once
 * per new reference id (`ultimaReferencia` is the last one submitted); error and unsupported brand
 * (and authentication disabled, which debit cannot go without) submit nothing.
 */
export function decidirMpi(r: ResultadoMpi, ultimaReferencia: string | null): DecisaoMpi {
  switch (r.tipo) {
    case 'sucesso':
    case 'falha':
    case 'nao-participante':
      if (r.autenticacao.referenceid !== null && r.autenticacao.referenceid === ultimaReferencia) {
        return { acao: 'ignorar' };
      }
      return { acao: 'enviar', autenticacao: r.autenticacao };
    case 'bandeira-nao-suportada':
      return { acao: 'parar', tipo: 'bandeira-nao-suportada' };
    case 'erro':
    case 'desativado':
      return { acao: 'parar', tipo: 'erro' };
  }
}
