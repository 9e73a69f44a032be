import { wallClock } from '@rango/domain';

/**
 * The store's pause (issue 11): open for orders when `lojaaberta` is set, or when the panel
 * closed it until `reabrir_em` and that time has come. Computed on every read instead of by a
 * timer, so every instance agrees at the same instant and nothing has to run to reopen it. Every
 * customer-side read of `lojaaberta` (the establishment's detail, order placement) goes through
 * this rule.
 */
export function lojaAbertaAgora(
  lojaaberta: number | boolean,
  reabrirEm: string | null | undefined,
  agora: Date = new Date(),
): boolean {
  if (lojaaberta === true || (typeof lojaaberta === 'number' && lojaaberta !== 0)) return true;
  if (!reabrirEm) return false;
  const t = Date.parse(reabrirEm);
  return !Number.isNaN(t) && agora.getTime() >= t;
}

/**
 * The store's date yesterday ('YYYY-MM-DD'): the dates with their own hours that can matter from
 * now on (yesterday's range past midnight may still be running).
 */
export const dataDeOntem = (agora: Date = new Date()): string =>
  wallClock(new Date(agora.getTime() - 86_400_000)).data;
