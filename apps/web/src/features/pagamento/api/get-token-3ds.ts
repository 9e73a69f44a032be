import { z } from 'zod/mini';
import { apiGet } from '../../../lib/api-client.ts';

/**
 * GET /controle/3ds/token/ (issue 5): the 3-D Secure access token and where the authentication
 * script lives. Typed here until the domain has its schema (the server answers this shape).
 */
export const token3dsSchema = z.object({
  access_token: z.string(),
  token_type: z.string(),
  /** Seconds. */
  expires_in: z.number(),
  script_url: z.string(),
  environment: z.optional(z.nullable(z.string())),
});
export type Token3ds = z.infer<typeof token3dsSchema>;

/**
 * A fresh token for each authentication (it is short-lived and names the order's attempt), so it
 * is fetched on 'Finalizar' and never cached.
 */
export function getToken3ds(signal?: AbortSignal): Promise<Token3ds> {
  return apiGet('/controle/3ds/token/', token3dsSchema, signal);
}
