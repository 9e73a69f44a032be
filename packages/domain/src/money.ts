/** Money helpers. Inside the code every amount is an integer number of cents. */

/** Reais with two decimals on the wire → integer cents (rounds away float noise: 32.9 → 3290). */
export function reaisToCents(reais: number): number {
  return Math.round(reais * 100);
}

/** Integer cents → reais with two decimals, for the wire. */
export function centsToReais(cents: number): number {
  return Math.trunc(cents) / 100;
}

/**
 * The spec's display: two decimals, truncated (never rounded up), prefix `R$ `, comma as the
 * decimal mark, dot as the thousands mark. `formatBRL(123456)` → `R$ 1.234,56`.
 */
export function formatBRL(cents: number): string {
  const whole = Math.trunc(cents);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  const reais = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const centavos = (abs % 100).toString().padStart(2, '0');
  return `${sign}R$ ${reais},${centavos}`;
}

/** Same as formatBRL for a value given in reais (truncated to cents first, never rounded up). */
export function formatReais(reais: number): string {
  // Truncate after removing float noise: 10.999 → 10.99, but 0.29 * 100 = 28.999… → 29.
  return formatBRL(Math.trunc(Math.round(reais * 100000) / 1000));
}
