import type { PartListResponse } from '@parts/shared/schemas';
import { PrefetchLink } from '../../../components/prefetch-link';

/**
 * What the search did when the words as typed found nothing: the corrected or shortened query it
 * shows results for, or a spelling the catalogue knows.
 */
export function SearchNotice({ query, answer }: { query: string | undefined; answer: PartListResponse | undefined }) {
  if (!query || !answer) return null;
  const shown = answer.correctedQuery ?? answer.relaxedQuery;
  if (shown && answer.total > 0) {
    return (
      <p className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-slate-800" data-testid="search-notice" role="status">
        No exact matches for <q className="font-semibold">{query}</q> — showing results for <q className="font-semibold">{shown}</q>
      </p>
    );
  }
  if (answer.didYouMean) {
    return (
      <p className="mb-4 text-sm text-slate-800" data-testid="did-you-mean">
        Did you mean{' '}
        <PrefetchLink className="font-semibold text-blue-700 underline" to={`/catalog?q=${encodeURIComponent(answer.didYouMean)}`}>
          {answer.didYouMean}
        </PrefetchLink>
        ?
      </p>
    );
  }
  return null;
}
