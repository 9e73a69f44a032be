import { z } from 'zod/mini';

/**
 * For answers whose body the app does not read: a 204, or a PATCH whose result is refetched
 * through the invalidated query anyway (so a field added to the answer never breaks a save).
 */
export const ignoredBodySchema = z.unknown();
