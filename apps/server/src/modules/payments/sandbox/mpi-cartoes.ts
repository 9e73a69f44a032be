/**
 * The sandbox 3-D Secure server's rules (issue 5 brief, "3-D Secure test cards"): the card's last
 * 4 digits decide, and the answers carry the fields and values of Braspag's BP.Mpi events, so an
 * app written against the sandbox reads production's events the same way.
 */

/** Brands the 3-D Secure flow accepts (spec: debit only Mastercard and Visa). */
export const BANDEIRAS_MPI = ['Visa', 'Master'] as const;
export type BandeiraMpi = (typeof BANDEIRAS_MPI)[number];

/** How a test card behaves; `desafio` (any card not in the table) follows the customer's choice. */
export type Comportamento3ds =
  'sucesso' | 'falha' | 'nao_inscrito' | 'erro' | 'desafio' | 'desafio_sucesso' | 'desafio_falha';

/** The test cards, by last 4 digits (unique in the table). */
export const CARTOES_3DS: Readonly<Record<string, Comportamento3ds>> = {
  // Challenge, approved when the customer clicks 'Aprovar': 4000000000002503, 5200000000002151.
  '2503': 'desafio_sucesso',
  '2151': 'desafio_sucesso',
  // Challenge that fails even when the customer approves.
  '2370': 'desafio_falha',
  '2490': 'desafio_falha',
  '2420': 'nao_inscrito',
  '2664': 'nao_inscrito',
  '2644': 'erro',
  '2656': 'erro',
  // Frictionless success: 4000000000002701, 5200000000002235.
  '2701': 'sucesso',
  '2235': 'sucesso',
  '2925': 'falha',
  '2276': 'falha',
};

export function comportamentoDe(final: string): Comportamento3ds {
  return Object.hasOwn(CARTOES_3DS, final) ? CARTOES_3DS[final]! : 'desafio';
}

/** What `sandbox_3ds.resultado` keeps: the first answer (a challenge's outcome goes in `estado`). */
export type Resultado3ds = 'desafio' | 'sucesso' | 'falha' | 'nao_inscrito' | 'erro';

/** `sandbox_3ds.estado`: a frictionless answer is final at once; a challenge waits for the bank page. */
export type Estado3ds = 'concluido' | 'aguardando' | 'aprovado' | 'negado';

export function resultadoInicial(c: Comportamento3ds): Resultado3ds {
  return c === 'desafio_sucesso' || c === 'desafio_falha' ? 'desafio' : c;
}

/** The bank page's decision: a failure card fails even when approved. */
export function desfechoDoDesafio(final: string, aprovou: boolean): 'aprovado' | 'negado' {
  return aprovou && comportamentoDe(final) !== 'desafio_falha' ? 'aprovado' : 'negado';
}

/** EMV 3-D Secure version, as BP.Mpi reports it (the major number). */
export const VERSAO_3DS = '2';

/** ECI of a full authentication: Visa 05, Mastercard 02. Failure and unenrolled: 07. */
export const ECI_SUCESSO: Readonly<Record<BandeiraMpi, string>> = { Visa: '05', Master: '02' };
export const ECI_SEM_AUTENTICACAO = '07';

/** The issuer's error (the 'erro' test cards), as onError's ReturnCode / ReturnMessage. */
export const ERRO_EMISSOR = {
  ReturnCode: 'MPI500',
  ReturnMessage: 'Erro no servidor de autenticação do emissor',
};

/** BP.Mpi's onSuccess payload. */
export interface EventoSucesso {
  Cavv: string;
  Xid: null;
  Eci: string;
  Version: string;
  ReferenceId: string;
}

/** BP.Mpi's onFailure / onUnenrolled payload (no Cavv key at all, as in production). */
export interface EventoSemAutenticacao {
  Xid: null;
  Eci: string;
  Version: string;
  ReferenceId: string;
}

/** BP.Mpi's onError payload. */
export interface EventoErro {
  Xid: null;
  Eci: null;
  ReturnCode: string;
  ReturnMessage: string;
  ReferenceId: string | null;
}

/**
 * The server's answer to the script (POST /autenticar and GET /resultado/:ref): the event to fire,
 * or the bank page to open.
 */
export type Resposta3ds =
  | { resultado: 'sucesso'; evento: EventoSucesso }
  | { resultado: 'falha' | 'nao_inscrito'; evento: EventoSemAutenticacao }
  | { resultado: 'erro'; evento: EventoErro }
  | { resultado: 'desafio'; referenceid: string; url: string };

/** The row's fields that decide the answer. */
export interface Linha3ds {
  referenceid: string;
  resultado: string;
  estado: string;
  cavv: string | null;
}

/**
 * The event a row stands for, or null while its challenge waits for the customer (and for a row
 * this server never writes).
 */
export function respostaDe(
  l: Linha3ds,
  bandeira: BandeiraMpi,
): Exclude<Resposta3ds, { resultado: 'desafio' }> | null {
  const ReferenceId = l.referenceid;
  const sucesso = l.resultado === 'sucesso' || (l.resultado === 'desafio' && l.estado === 'aprovado');
  if (sucesso && l.cavv) {
    return {
      resultado: 'sucesso',
      evento: { Cavv: l.cavv, Xid: null, Eci: ECI_SUCESSO[bandeira], Version: VERSAO_3DS, ReferenceId },
    };
  }
  const falha = l.resultado === 'falha' || (l.resultado === 'desafio' && l.estado === 'negado');
  if (falha || l.resultado === 'nao_inscrito') {
    return {
      resultado: falha ? 'falha' : 'nao_inscrito',
      evento: { Xid: null, Eci: ECI_SEM_AUTENTICACAO, Version: VERSAO_3DS, ReferenceId },
    };
  }
  if (l.resultado === 'erro') {
    return { resultado: 'erro', evento: { Xid: null, Eci: null, ...ERRO_EMISSOR, ReferenceId } };
  }
  return null;
}
