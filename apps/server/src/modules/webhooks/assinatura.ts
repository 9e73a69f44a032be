import { createHmac, randomBytes } from 'node:crypto';

/**
 * The delivery's signature (documented on the 'Integrações' page and in
 * @rango/domain/painel/webhooks): `Rango-Signature: t=<unix seconds>,v1=<hex>` where v1 is
 * HMAC-SHA256 keyed with the endpoint's secret over "<t>.<raw body>".
 */
export function assinar(segredo: string, t: number, corpo: string): string {
  return createHmac('sha256', segredo).update(`${t}.${corpo}`).digest('hex');
}

export const cabecalhoAssinatura = (segredo: string, t: number, corpo: string): string =>
  `t=${t},v1=${assinar(segredo, t, corpo)}`;

/** A new signing secret: 'whsec_' and 32 random bytes (base64url). */
export const novoSegredo = (): string => `whsec_${randomBytes(32).toString('base64url')}`;
