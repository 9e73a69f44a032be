import { MSG_CONTA } from '@rango/domain';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * Spec section 8: a failed save shows the server's non_field_errors joined by line breaks,
 * else the spec's general address text.
 */
export function saveErrorText(error: unknown): string {
  if (error instanceof ApiError && typeof error.data === 'object' && error.data !== null) {
    const nfe = (error.data as { non_field_errors?: unknown }).non_field_errors;
    if (Array.isArray(nfe)) {
      const lines = nfe.filter((m): m is string => typeof m === 'string' && m.trim() !== '');
      if (lines.length > 0) return lines.join('\n');
    }
  }
  return MSG_CONTA.naoFoiPossivelCadastrarEndereco;
}
