import { useState } from 'react';
import { Eye, Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { QuoteStatusBadge } from '../../../components/quote-status-badge';
import { formatDateTime } from '../../../lib/format';
import { formatCents, utcDay, waitingOn } from '@parts/shared/quote-offers';
import { WaitingBadge } from '../../../components/quote-loop/offer-labels';
import { useQuoteRequests } from '../api/get-quote-requests';
import { EmptyState } from './empty-state';
import { QuoteCreateDialog } from './quote-create-dialog';
import { QuoteDetailDialog } from './quote-detail-dialog';
import { TabHeader } from './tab-header';

export function QuoteRequestsTab() {
  const requests = useQuoteRequests();
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const list = requests.data ?? [];
  const today = utcDay(new Date());

  let body;
  if (requests.isPending) body = <Skeleton className="h-40 w-full" />;
  else if (list.length === 0) body = <EmptyState title="No Quote Requests" text="Quote requests from customers will appear here." />;
  else {
    body = (
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Customer</TableHead>
            <TableHead>Company</TableHead>
            <TableHead>Created</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Waiting on</TableHead>
            <TableHead>Latest offer</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.map((q) => (
            <TableRow key={q.id} data-testid="quote-row" data-quote-id={q.id}>
              <TableCell>
                <div className="font-medium">{q.customerName}</div>
                <div className="text-xs text-slate-600">{q.customerEmail}</div>
              </TableCell>
              <TableCell>{q.customerCompany || 'N/A'}</TableCell>
              <TableCell>{formatDateTime(q.createdAt)}</TableCell>
              <TableCell>
                <QuoteStatusBadge status={q.status} />
              </TableCell>
              <TableCell>
                <WaitingBadge waiting={waitingOn(q, today)} side="admin" />
              </TableCell>
              <TableCell className="text-xs">{q.offer ? `Version ${q.offer.version} · ${formatCents(q.offer.totalCents)}` : 'No offer yet'}</TableCell>
              <TableCell className="text-right">
                <Button size="sm" variant="ghost" aria-label={`View quote request #${q.id}`} onClick={() => setViewing(q.id)}>
                  <Eye className="h-4 w-4" aria-hidden />
                  View
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }

  return (
    <section aria-label="Quote Requests">
      <TabHeader title="Quote Requests">
        <Button onClick={() => setCreating(true)}>
          <Plus className="h-4 w-4" aria-hidden />
          New Quote
        </Button>
      </TabHeader>
      {body}
      <QuoteCreateDialog open={creating} onOpenChange={setCreating} />
      {viewing !== null ? <QuoteDetailDialog id={viewing} onClose={() => setViewing(null)} /> : null}
    </section>
  );
}
