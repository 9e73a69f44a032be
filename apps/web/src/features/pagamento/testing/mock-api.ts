import type { Answer as Resposta } from '../../../test/mock-api.ts';

// The API stand-in the features' tests share.
export { mockApi, on, type Call, type Handler } from '../../../test/mock-api.ts';

/** An answer, or a dropped connection. */
export type Answer = Resposta | 'network-error';
