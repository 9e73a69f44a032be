import { QueryClient } from '@tanstack/react-query';
import { PainelApiError } from './client.ts';

/** A 4xx answer will not change on retry; network errors and 5xx get two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof PainelApiError && error.status !== undefined && error.status < 500) return false;
  return failureCount < 2;
}

export function createPainelQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The panel's data changes under the staff's eyes (live events refresh the queue).
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
