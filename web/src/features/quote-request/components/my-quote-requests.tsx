import { QuoteStatusBadge } from '../../../components/quote-status-badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDateTime, pluralize } from '../../../lib/format';
import { useMyQuoteRequests } from '../api/get-my-quote-requests';

export function MyQuoteRequests() {
  const { data, isPending, isError } = useMyQuoteRequests();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Previous Requests</CardTitle>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="grid gap-2">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : isError ? (
          <p className="text-sm text-slate-600">Your previous requests could not be loaded.</p>
        ) : data.length === 0 ? (
          <p className="text-sm text-slate-600">You have not submitted any quote requests yet.</p>
        ) : (
          <ul className="grid gap-2" data-testid="my-quote-requests">
            {data.map((q) => (
              <li key={q.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3 text-sm">
                <div>
                  <p className="font-medium">Quote Request #{q.id}</p>
                  <p className="text-slate-600">
                    {formatDateTime(q.createdAt)} · {pluralize(q.itemCount ?? q.items.length, 'item')}
                  </p>
                </div>
                <QuoteStatusBadge status={q.status} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
