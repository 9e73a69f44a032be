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

/** A path id (the domain's rule, shared with the app). */
export { parseId } from '@rango/domain';
