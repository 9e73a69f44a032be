import { MSG } from '@rango/domain';

/** An error whose status and body are meant for the client (spec section 8 shapes). */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly body: Record<string, unknown>;
  constructor(statusCode: number, body: Record<string, unknown>) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.body = body;
  }
}

export const ESTABELECIMENTO_NAO_ENCONTRADO = 'Estabelecimento não encontrado.';

export const estabelecimentoNaoEncontrado = (): HttpError =>
  new HttpError(404, { detail: ESTABELECIMENTO_NAO_ENCONTRADO });

export const rotaNaoEncontrada = (): HttpError => new HttpError(404, { detail: MSG.rotaNaoEncontrada });

const MAX_INT4 = 2_147_483_647;

/** A path id: a positive decimal integer that fits the database's integer column, else undefined. */
export function parseId(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n <= MAX_INT4 ? n : undefined;
}
