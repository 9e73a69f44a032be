import { createHmac, randomBytes } from 'node:crypto';

/**
 * The delivery's signature (documented on the 'Integrações' page and in
 * @rango/domain/painel/webhooks): `Rango-Signature: t=<unix seconds>,v1=<hex>` where v1 is
 * HMAC-SHA256 keyed with the endpoint's secret over "<t>.<raw body>". For 24 h after a rotation
 * the header carries one v1 per valid secret, the new one first (`t=…,v1=<new>,v1=<old>`): a
 * receiver accepts the delivery when any v1 matches a secret it holds.
 */
export function assinar(segredo: string, t: number, corpo: string): string {
  return createHmac('sha256', segredo).update(`${t}.${corpo}`).digest('hex');
}

export const cabecalhoAssinatura = (segredos: readonly string[], t: number, corpo: string): string =>
  [`t=${t}`, ...segredos.map((s) => `v1=${assinar(s, t, corpo)}`)].join(',');

/** A new signing secret: 'whsec_' and 32 random bytes (base64url). */
export const novoSegredo = (): string => `whsec_${randomBytes(32).toString('base64url')}`;
