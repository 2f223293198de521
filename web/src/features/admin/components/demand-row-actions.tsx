import { useState } from 'react';
import { Ban, CheckCircle2, ListChecks, Plus, RotateCcw } from '../../../components/ui/icons';
import { Button } from '../../../components/ui/button';
import { useSetDemandStatus, type DemandRow, type DemandStatus } from '../api/demand';
import { DemandCreatePart } from './demand-create-part';
import { RequestedInDialog } from './demand-requested-in';

/** A row's actions: create the part (missing parts only), mark sourced, ignore, or reopen. */
export function DemandRowActions({ row }: { row: DemandRow }) {
  const setStatus = useSetDemandStatus();
  const [creating, setCreating] = useState(false);
  const [requestsOf, setRequestsOf] = useState<number | null>(null);
  const change = (status: DemandStatus) => setStatus.mutate({ row, status });
  const busy = setStatus.isPending;
  const partId = row.partId === null ? null : Number(row.partId);
  return (
    <div className="flex flex-wrap gap-1 md:justify-end">
      {row.kind === 'missing' && partId === null ? (
        <Button size="sm" variant="outline" aria-label={`Create part ${row.display}`} onClick={() => setCreating(true)}>
          <Plus className="h-4 w-4" aria-hidden />
          Create part
        </Button>
      ) : null}
      {partId !== null ? (
        <Button size="sm" variant="outline" aria-label={`Requests for ${row.display}`} onClick={() => setRequestsOf(partId)}>
          <ListChecks className="h-4 w-4" aria-hidden />
          Requests
        </Button>
      ) : null}
      {row.status === 'open' ? (
        <>
          <Button size="sm" variant="ghost" disabled={busy} aria-label={`Mark ${row.display} as sourced`} onClick={() => change('sourced')}>
            <CheckCircle2 className="h-4 w-4" aria-hidden />
            Mark sourced
          </Button>
          <Button size="sm" variant="ghost" disabled={busy} aria-label={`Ignore ${row.display}`} onClick={() => change('ignored')}>
            <Ban className="h-4 w-4" aria-hidden />
            Ignore
          </Button>
        </>
      ) : (
        <Button size="sm" variant="ghost" disabled={busy} aria-label={`Reopen ${row.display}`} onClick={() => change('open')}>
          <RotateCcw className="h-4 w-4" aria-hidden />
          Reopen
        </Button>
      )}
      {creating ? (
        <DemandCreatePart
          row={row}
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            setRequestsOf(id);
          }}
        />
      ) : null}
      {requestsOf !== null ? <RequestedInDialog partId={requestsOf} display={row.display} onClose={() => setRequestsOf(null)} /> : null}
    </div>
  );
}
