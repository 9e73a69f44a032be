import { MSG } from './messages.ts';

/** What the app knows of a failed request. */
export interface RequestFailure {
  /** HTTP status, or undefined when no answer came (network down, aborted). */
  status?: number | undefined;
  /** The parsed JSON body of the answer, if any. */
  data?: unknown;
  /** The request's own message (for example the network error's). */
  message?: string | undefined;
}

function asRecord(x: unknown): Record<string, unknown> | undefined {
  return x && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>) : undefined;
}

function firstText(x: unknown): string | undefined {
  if (typeof x === 'string' && x.trim() !== '') return x;
  if (Array.isArray(x)) {
    for (const v of x) {
      const t = firstText(v);
      if (t) return t;
    }
  }
  const r = asRecord(x);
  if (r && typeof r.msg === 'string') return r.msg;
  return undefined;
}

/** 400: non_field_errors, else the first named field's error, else 'Requisição mal formada'. */
function badRequestText(data: Record<string, unknown> | undefined): string {
  if (!data) return MSG.requisicaoMalFormada;
  const nonField = firstText(data.non_field_errors);
  if (nonField) return nonField;
  for (const [key, value] of Object.entries(data)) {
    if (['codigo', 'extra', 'detail', 'erro', 'error_message', 'msg', 'error'].includes(key)) continue;
    const t = firstText(value);
    if (t) return t;
  }
  return MSG.requisicaoMalFormada;
}

/**
 * The general error-text rules of spec section 8: the request's message; then by status
 * (400, 401, 404, 405, 422, 5xx); default 'Erro não identificado'; a response's
 * `error_message`, `detail` or `erro` overrides all of them.
 */
export function errorText(failure: RequestFailure): string {
  const data = asRecord(failure.data);
  for (const key of ['error_message', 'detail', 'erro'] as const) {
    const t = firstText(data?.[key]);
    if (t) return t;
  }
  const { status } = failure;
  if (status === undefined) return failure.message?.trim() ? failure.message : MSG.semConexao;
  if (status === 400) return badRequestText(data);
  if (status === 401) return MSG.naoAutorizado;
  if (status === 404) return MSG.rotaNaoEncontrada;
  if (status === 405) return MSG.semPermissao;
  if (status === 422) return MSG.requisicaoInvalida;
  if (status >= 500) return MSG.probleminha;
  return failure.message?.trim() ? failure.message : MSG.erroNaoIdentificado;
}
