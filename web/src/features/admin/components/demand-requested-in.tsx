import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { capitalize } from '../../../lib/format';
import { usePartDemand } from '../api/demand';
import { requestLabel, requestPath } from '../lib/request-links';

/** After a missing part is added: the quote requests that asked for it, to answer them. */
export function RequestedInDialog({ partId, display, onClose }: { partId: number; display: string; onClose: () => void }) {
  const demand = usePartDemand(partId);
  let body;
  if (demand.isPending) body = <Skeleton className="h-16 w-full" />;
  else if (demand.isError) body = <LoadError compact title="Failed to load the requests" onRetry={() => void demand.refetch()} retrying={demand.isFetching} />;
  else if (demand.data.requests.length === 0)
    body = <p className="text-sm text-slate-700">No quote request asked for it: the demand came from searches and parts lists.</p>;
  else {
    body = (
      <ul className="grid gap-2" aria-label="Requested in">
        {demand.data.requests.map((r) => (
          <li key={r.id} className="flex items-center justify-between gap-3 rounded-md border border-slate-200 px-3 py-2">
            <Link to={requestPath(r.id)} className="font-medium text-blue-700 underline-offset-4 hover:underline" onClick={onClose}>
              Quote request {requestLabel(r.number)}
            </Link>
            <span className="text-sm text-slate-600">{capitalize(r.status)}</span>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Requested in</DialogTitle>
          <DialogDescription>
            {demand.data ? `${display} was asked for ${demand.data.count === 1 ? 'once' : `${demand.data.count} times`}. ` : ''}
            Answer the requests below now that the part is in the catalogue.
          </DialogDescription>
        </DialogHeader>
        {body}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
