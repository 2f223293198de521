import { Link } from 'react-router-dom';
import { utcDay } from '@parts/shared/quote-offers';
import { waitingOn } from '@parts/shared/quote-transitions';
import { QuoteStatusBadge } from '../../../components/quote-status-badge';
import { OfferListSummary, WaitingBadge } from '../../quote-loop';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDateTime, pluralize } from '../../../lib/format';
import { useMyQuoteRequests } from '../api/get-my-quote-requests';

/**
 * The signed-in buyer's requests: status, whose move it is and the latest offer, each opening its own page.
 * The server answers 50 at a time (newest first); older ones come with "Load more".
 */
export function MyQuoteRequests({ title = 'Your Previous Requests' }: { title?: string }) {
  const requests = useMyQuoteRequests();
  const { isPending, isError } = requests;
  const data = requests.data?.pages.flatMap((p) => p.data) ?? [];
  const today = utcDay(new Date());
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="grid gap-2">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : isError ? (
          <LoadError compact title="Failed to load your quote requests" onRetry={requests.refetch} retrying={requests.isFetching} />
        ) : data.length === 0 ? (
          <p className="text-sm text-slate-600">You have not submitted any quote requests yet.</p>
        ) : (
          <ul className="grid gap-2" data-testid="my-quote-requests">
            {data.map((q) => (
              <li key={q.id}>
                <Link
                  to={`/account/quotes/${q.id}`}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3 text-sm hover:bg-slate-50"
                  data-testid="my-quote-request"
                >
                  <div>
                    <p className="font-medium">Quote Request #{q.id}</p>
                    <p className="text-slate-600">
                      {formatDateTime(q.createdAt)} · {pluralize(q.itemCount ?? q.items.length, 'item')}
                    </p>
                    {q.offer ? (
                      <p className="mt-1 text-slate-700">
                        <OfferListSummary offer={q.offer} />
                      </p>
                    ) : null}
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <WaitingBadge waiting={waitingOn(q, today)} side="buyer" />
                    <QuoteStatusBadge status={q.status} />
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {!isPending && !isError && requests.hasNextPage ? (
          <div className="mt-4 flex justify-center">
            <Button variant="outline" disabled={requests.isFetchingNextPage} onClick={() => void requests.fetchNextPage()}>
              {requests.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
