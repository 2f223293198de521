import { Link, Navigate, useLocation, useParams } from 'react-router-dom';
import { SITE_NAME } from '@parts/shared/constants';
import { utcDay } from '@parts/shared/quote-offers';
import { waitingOn } from '@parts/shared/quote-transitions';
import { PageSpinner } from '../../components/page-spinner';
import { QuoteStatusBadge } from '../../components/quote-status-badge';
import { useQuoteDetail } from '../quote-loop';
import { historyText } from '../quote-loop';
import { MessageThread } from '../quote-loop';
import { BuyerOffer } from '../quote-loop';
import { WaitingBadge } from '../quote-loop';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { ApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { loginPathFor } from '../../lib/return-to';
import { useCurrentUser } from '../../lib/session';
import { RequestedItems, YourRequest } from './components/my-request-details';

function QuoteView({ id }: { id: number }) {
  const detail = useQuoteDetail(id);
  if (detail.isPending) return <Skeleton className="h-64 w-full" />;
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    if (missing) return <p className="text-slate-700">This quote request was not found.</p>;
    return <LoadError title="Failed to load the quote request" onRetry={detail.refetch} retrying={detail.isFetching} />;
  }
  const request = detail.data;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-3xl font-bold">Quote Request #{request.id}</h1>
        <QuoteStatusBadge status={request.status} />
        <WaitingBadge waiting={waitingOn(request, utcDay(new Date()))} side="buyer" />
      </div>
      <p className="-mt-4 text-sm text-slate-600">Submitted {formatDateTime(request.createdAt)}</p>

      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Offer</CardTitle>
        </CardHeader>
        <CardContent>
          {request.offers.length === 0 ? (
            <p className="text-sm text-slate-600">We are preparing your offer. You will get an e-mail as soon as it is ready.</p>
          ) : (
            <BuyerOffer request={request} />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Requested Items</CardTitle>
        </CardHeader>
        <CardContent>
          <RequestedItems request={request} />
        </CardContent>
      </Card>

      <YourRequest request={request} />

      <Card>
        <CardContent className="pt-6">
          <MessageThread quoteId={request.id} side="buyer" />
        </CardContent>
      </Card>

      {request.history.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>History</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="grid gap-1 text-sm">
              {request.history.map((h, index) => (
                <li key={`${h.at}-${index}`}>
                  <span className="text-slate-600">{formatDateTime(h.at)}</span> {historyText(h)} by {h.by}
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}

export default function MyQuotePage() {
  const { data: user, isPending } = useCurrentUser();
  const location = useLocation();
  const params = useParams();
  const id = Number(params.quoteId);
  useDocumentTitle(`Quote Request #${params.quoteId ?? ''} | ${SITE_NAME}`);
  if (isPending) return <PageSpinner label="Loading your account" />;
  if (!user) return <Navigate to={loginPathFor('/auth', location.pathname)} replace />;
  return (
    // minmax(0, 1fr): a wide control (a select of long options) fits the column instead of widening the page.
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-4 px-4 py-8">
      <Link to="/account/quotes" className="text-sm text-blue-700 hover:underline">
        ← My Quote Requests
      </Link>
      {Number.isInteger(id) && id > 0 ? <QuoteView id={id} /> : <p>This quote request was not found.</p>}
    </div>
  );
}
