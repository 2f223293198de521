import type { DehydratedState } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/**
 * Where the server puts what it rendered with: a JSON data block (<script type="application/json">,
 * which the CSP's script-src 'self' allows, unlike an inline script) with this id.
 */
export const SSR_STATE_ID = 'ssr-state';

export interface SsrPayload {
  /** The React Query cache (dehydrated, errors prepared for transfer). */
  queries: DehydratedState;
  /** React Router's hydration data (no loaders here, so mostly empty). */
  router: { loaderData: Record<string, unknown>; actionData: Record<string, unknown> | null };
}

interface SentError {
  apiError: { status: number; body: string };
}

function isSentError(value: unknown): value is SentError {
  if (!value || typeof value !== 'object' || !('apiError' in value)) return false;
  const sent = (value as SentError).apiError;
  return !!sent && typeof sent.status === 'number' && typeof sent.body === 'string';
}

/**
 * Errors do not survive JSON: an API error (a 404 part, say) travels as its status and body and
 * becomes an ApiError again in the browser, so the page renders the same "not found" state.
 */
export function prepareForTransfer(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => {
      const error: unknown = query.state.error;
      if (error === null || error === undefined) return query;
      const sent: SentError | null = error instanceof ApiError ? { apiError: { status: error.status, body: error.body } } : null;
      return { ...query, state: { ...query.state, error: sent as never } };
    }),
  };
}

export function reviveTransferred(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => {
      const error: unknown = query.state.error;
      if (!isSentError(error)) return query;
      return { ...query, state: { ...query.state, error: new ApiError(error.apiError.status, '', error.apiError.body) as never } };
    }),
  };
}
