/**
 * The token answers the HTTP client reads on every page (login and refresh). Their own module,
 * without the account forms' rules and messages, so the app's entry does not carry those.
 */
import { z } from 'zod/mini';

/** POST /controle/token/ and /controle/cliente/social/{provider}/ answer both tokens. */
export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/**
 * The answer to a refresh: the new access token and, because refresh tokens rotate on every
 * use, the refresh token that replaces the one just spent.
 */
export const refreshAnswerSchema = z.object({ access: z.string(), refresh: z.string() });
export type RefreshAnswer = z.infer<typeof refreshAnswerSchema>;
