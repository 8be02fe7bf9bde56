import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error';
import { notifyError } from '../api/notify-error';

/** A client error will fail the same way again; only network and server failures are retried. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return false;
  }
  return failureCount < 2;
}

/**
 * `meta: { silent: true }` on a query or mutation opts out of the error notification; `inlineFieldErrors:
 * true` (a form that shows the server's field errors at its fields) opts out only for errors that carry
 * them, so a duplicate name is said once, at the field, and not again as a misleading toast.
 */
function isSilent(meta: Record<string, unknown> | undefined, error?: unknown): boolean {
  if (meta?.silent === true) {
    return true;
  }
  return (
    meta?.inlineFieldErrors === true && error instanceof ApiError && Object.keys(error.errors).length > 0
  );
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!isSilent(query.meta)) {
          notifyError(error);
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        if (!isSilent(mutation.meta, error)) {
          notifyError(error);
        }
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
