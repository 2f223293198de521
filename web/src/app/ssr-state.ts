import type { DehydratedState } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/** Where the server puts the query cache it rendered with (a JSON object in a <script>). */
export const SSR_STATE_GLOBAL = '__SSR_QUERY_STATE__';

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
