/**
 * The pending PIX's countdown (issue 14): the visible 'Expira em 12:34' every second, and the few
 * moments a screen reader is told (a live region read every second would drown the page).
 */

/** Seconds left before the moments announced: 5 minutes, then 1 minute. */
export const AVISOS_PIX_SEGUNDOS = [300, 60] as const;

/** Milliseconds from `agora` to the expiry; null for a missing or unreadable instant. */
export function restanteMs(expiraEm: string | null, agora: number): number | null {
  if (!expiraEm) return null;
  const t = Date.parse(expiraEm);
  return Number.isNaN(t) ? null : t - agora;
}

/** '12:34' (minutes:seconds, rounded up so 0:00 is the expiry itself); '1:02:03' past an hour. */
export function formatarRestante(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Which announcement the time left calls for: 'expirado', a threshold in seconds, or none yet. */
export function marcoPix(ms: number): 'expirado' | (typeof AVISOS_PIX_SEGUNDOS)[number] | null {
  if (ms <= 0) return 'expirado';
  let marco: (typeof AVISOS_PIX_SEGUNDOS)[number] | null = null;
  for (const s of AVISOS_PIX_SEGUNDOS) if (ms <= s * 1000) marco = s;
  return marco;
}

/** The sentence a screen reader hears at each moment. */
export function avisoPix(marco: ReturnType<typeof marcoPix>): string {
  if (marco === null) return '';
  if (marco === 'expirado') return 'O código PIX expirou. Gere um novo código para pagar.';
  const min = marco / 60;
  return min === 1
    ? 'Falta 1 minuto para o código PIX expirar.'
    : `Faltam ${min} minutos para o código PIX expirar.`;
}
