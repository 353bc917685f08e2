import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../core/errors.js';

/** Client errors (4xx: bad params, permissions, unknown symbol) are not retried; transport errors are, twice. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429)
    return false;
  return failureCount < 2;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        gcTime: 5 * 60_000,
        retry: shouldRetry,
        // a tab that becomes visible again refetches what it shows (issue 11)
        refetchOnWindowFocus: 'always',
      },
      mutations: { retry: false },
    },
  });
}
