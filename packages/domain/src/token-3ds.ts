import { z } from 'zod/mini';

/**
 * GET /controle/3ds/token/ (spec section 7; issue 5): the 3-D Secure access token and the
 * authentication script to load (Braspag's BP.Mpi in production, the sandbox's own otherwise).
 */
export const token3dsSchema = z.object({
  access_token: z.string(),
  token_type: z.string(),
  /** Seconds. */
  expires_in: z.number(),
  script_url: z.string(),
  /** 'SDB' (sandbox) or 'PRD' (spec section 9 default). */
  environment: z.optional(z.nullable(z.string())),
});
export type Token3ds = z.infer<typeof token3dsSchema>;
