import { queryOptions, useQuery } from '@tanstack/react-query';
import { AUTOCOMPLETE_MIN_CHARS } from '@parts/shared/constants';
import type { AutocompleteResponse } from '@parts/shared/schemas';
import { api, call } from '../lib/api';

async function fetchAutocomplete(q: string, signal?: AbortSignal): Promise<AutocompleteResponse> {
  try {
    const body = await call(api.api.parts.autocomplete.$get({ query: { q } }, { init: { signal } }));
    return { suggestions: body.suggestions ?? [], highlight: body.highlight ?? null };
  } catch (error) {
    // Spec: a failed autocomplete call is only logged; the list just stays empty.
    if (!signal?.aborted) console.error('Autocomplete failed', error);
    return { suggestions: [], highlight: null };
  }
}

function getAutocompleteQueryOptions(q: string) {
  const term = q.trim();
  return queryOptions({
    queryKey: ['parts', 'autocomplete', term] as const,
    queryFn: ({ signal }) => fetchAutocomplete(term, signal),
    enabled: term.length >= AUTOCOMPLETE_MIN_CHARS,
  });
}

export function useAutocomplete(q: string) {
  return useQuery(getAutocompleteQueryOptions(q));
}
