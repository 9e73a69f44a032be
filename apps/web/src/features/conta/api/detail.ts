import { z } from 'zod/mini';

/** The confirmation, recovery and reset calls answer `{ detail }`: the text the app shows. */
export const detailSchema = z.object({ detail: z.string() });
export type DetailAnswer = z.infer<typeof detailSchema>;
