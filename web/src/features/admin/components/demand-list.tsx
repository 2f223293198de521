import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ArrowDown, ArrowUp, ArrowUpDown, Download } from '../../../components/ui/icons';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableBody, TableHead, TableHeader, TableRow, CardCell } from '../../../components/ui/table';
import { DEMAND_SET_CAP } from '@parts/shared/schemas';
import { cn } from '../../../lib/cn';
import { formatDate, formatDateTime } from '../../../lib/format';
import {
  useDemandList,
  useDownloadDemand,
  type DemandFilter,
  type DemandKind,
  type DemandRow,
  type DemandSort,
  type DemandStatus,
  type SortOrder,
} from '../api/demand';
import { DemandRowActions } from './demand-row-actions';
import { DemandSparkline } from './demand-sparkline';
import { EmptyState } from './empty-state';
import { OptionSelect } from './option-select';
import { requestLabel, requestPath } from '../lib/request-links';

const STATUS_BADGE: Record<DemandStatus, { label: string; variant: BadgeVariant }> = {
  open: { label: 'Open', variant: 'blue' },
  sourced: { label: 'Sourced', variant: 'green' },
  ignored: { label: 'Ignored', variant: 'secondary' },
};

const SORT_OPTIONS = [
  { value: 'count:desc', label: 'Count, most first' },
  { value: 'buyers:desc', label: 'Buyers, most first' },
  { value: 'lastSeen:desc', label: 'Last seen, newest first' },
  { value: 'count:asc', label: 'Count, fewest first' },
] as const;

const TEXTS: Record<DemandKind, { title: string; first: string; empty: string }> = {
  missing: {
    title: 'Missing parts',
    first: 'Part number',
    empty: 'No part numbers were asked for that the catalogue lacks in this period.',
  },
  query: {
    title: 'Searches without results',
    first: 'Search',
    empty: 'No search came back empty in this period.',
  },
};

function SortHeader({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: DemandSort;
  sort: { sort: DemandSort; order: SortOrder };
  onSort: (column: DemandSort) => void;
}) {
  const active = sort.sort === column;
  const Icon = !active ? ArrowUpDown : sort.order === 'desc' ? ArrowDown : ArrowUp;
  return (
    <TableHead aria-sort={active ? (sort.order === 'desc' ? 'descending' : 'ascending') : 'none'} className="whitespace-nowrap">
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
        onClick={() => onSort(column)}
      >
        {label}
        <Icon className="h-3.5 w-3.5" aria-hidden />
      </button>
    </TableHead>
  );
}

function StatusCell({ row }: { row: DemandRow }) {
  const badge = STATUS_BADGE[row.status];
  return (
    <>
      <Badge variant={badge.variant}>{badge.label}</Badge>
      {row.status !== 'open' && row.statusBy ? (
        <span className="mt-1 block text-xs text-slate-600">
          by {row.statusBy}
          {row.statusAt ? `, ${formatDateTime(row.statusAt)}` : ''}
        </span>
      ) : null}
    </>
  );
}

function RequestLinks({ row }: { row: DemandRow }) {
  if (row.requests.length === 0) return <span className="text-slate-500">None</span>;
  return (
    <ul className="flex flex-wrap gap-x-2 gap-y-1">
      {row.requests.map((r) => (
        <li key={r.id}>
          <Link to={requestPath(r.id)} className="text-blue-700 underline-offset-4 hover:underline" aria-label={`Quote request ${requestLabel(r.number)}`}>
            {requestLabel(r.number)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A count of a bounded set: at the cap it is "at least", shown as `200+` (docs/demand.md, "Bounded sets"). */
const setCount = (n: number) => (n >= DEMAND_SET_CAP ? `${DEMAND_SET_CAP}+` : String(n));

function DemandRows({ kind, rows }: { kind: DemandKind; rows: DemandRow[] }) {
  return (
    <>
      {rows.map((row) => (
        <TableRow key={row.key} data-testid="demand-row" data-key={row.key} className="grid grid-cols-2 gap-x-4 gap-y-2 py-3 md:table-row md:py-0">
          <CardCell className="col-span-2 max-w-xs">
            <div className={cn('font-medium [overflow-wrap:anywhere]', kind === 'missing' && 'font-mono text-sm')}>{row.display}</div>
            {row.manufacturer ? <div className="text-xs text-slate-700">{row.manufacturer}</div> : null}
            {row.description ? <div className="line-clamp-2 text-xs text-slate-600">{row.description}</div> : null}
          </CardCell>
          <CardCell label="Count" className="tabular-nums">
            {row.count}
          </CardCell>
          <CardCell label="Buyers" className="tabular-nums">
            {setCount(row.buyers)}
          </CardCell>
          <CardCell label="Sessions" className="tabular-nums">
            {setCount(row.sessions)}
          </CardCell>
          <CardCell label="Seen" className="whitespace-nowrap text-xs">
            <span className="block">First {formatDate(row.firstSeen.slice(0, 10))}</span>
            <span className="block">Last {formatDate(row.lastSeen.slice(0, 10))}</span>
          </CardCell>
          <CardCell label="Trend">
            <DemandSparkline values={row.trend} label={`Trend of ${row.display}`} />
          </CardCell>
          <CardCell label="Requests" className="text-xs">
            <RequestLinks row={row} />
          </CardCell>
          <CardCell label="Status">
            <StatusCell row={row} />
          </CardCell>
          <CardCell className="col-span-2 md:text-right">
            <DemandRowActions row={row} />
          </CardCell>
        </TableRow>
      ))}
    </>
  );
}

/** One Demand list (missing part numbers or empty searches): sortable, "Load more" by cursor, exportable. */
export function DemandList({ kind, filter }: { kind: DemandKind; filter: DemandFilter }) {
  const [sort, setSort] = useState<{ sort: DemandSort; order: SortOrder }>({ sort: 'count', order: 'desc' });
  const list = useDemandList({ kind, ...filter, ...sort });
  const download = useDownloadDemand();
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const texts = TEXTS[kind];
  const onSort = (column: DemandSort) =>
    setSort((s) => (s.sort === column ? { sort: column, order: s.order === 'desc' ? 'asc' : 'desc' } : { sort: column, order: 'desc' }));
  const headingId = `demand-${kind}-heading`;

  let body;
  if (list.isPending) body = <Skeleton className="h-40 w-full" />;
  else if (list.isError && rows.length === 0)
    body = <LoadError title={`Failed to load ${texts.title.toLowerCase()}`} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (rows.length === 0) body = <EmptyState title={`No ${texts.title.toLowerCase()}`} text={texts.empty} />;
  else {
    body = (
      <Table className="block md:table">
        <TableHeader className="hidden md:table-header-group">
          <TableRow>
            <TableHead>{texts.first}</TableHead>
            <SortHeader label="Count" column="count" sort={sort} onSort={onSort} />
            <SortHeader label="Buyers" column="buyers" sort={sort} onSort={onSort} />
            <TableHead>Sessions</TableHead>
            <SortHeader label="Last seen" column="lastSeen" sort={sort} onSort={onSort} />
            <TableHead>Trend</TableHead>
            <TableHead>Requests</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody className="block md:table-row-group">
          <DemandRows kind={kind} rows={rows} />
        </TableBody>
      </Table>
    );
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-3" data-testid={`demand-${kind}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold">
          {texts.title}
        </h3>
        <div className="flex flex-wrap items-center gap-2">
          {/* Sorting by a column header is for the table; a card list (below md) sorts here. */}
          <div className="flex items-center gap-2 md:hidden">
            <Label htmlFor={`demand-${kind}-sort`}>Sort</Label>
            <OptionSelect
              id={`demand-${kind}-sort`}
              value={`${sort.sort}:${sort.order}`}
              onValueChange={(value) => {
                const [column, order] = value.split(':') as [DemandSort, SortOrder];
                setSort({ sort: column, order });
              }}
              options={SORT_OPTIONS}
            />
          </div>
          {(['csv', 'xlsx'] as const).map((format) => (
            <Button
              key={format}
              size="sm"
              variant="outline"
              disabled={download.isPending}
              aria-label={`Export ${format.toUpperCase()} of ${texts.title.toLowerCase()}`}
              onClick={() => download.mutate({ format, kind, filter })}
            >
              <Download className="h-4 w-4" aria-hidden />
              Export {format.toUpperCase()}
            </Button>
          ))}
        </div>
      </div>
      {body}
      {list.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="outline" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
