import { useState } from 'react';
import { ChevronLeft, ChevronRight, Pencil, Plus, Search, Upload } from 'lucide-react';
import { PART_STATUS_LABELS } from '@parts/shared/constants';
import type { PartView } from '@parts/shared/schemas';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { PartImage } from '../../../components/part-image';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { formatPrice } from '../../../lib/format';
import { useCategories } from '../../../api/get-categories';
import { useManufacturers } from '../../../api/get-manufacturers';
import { useAdminParts } from '../api/get-admin-parts';
import { CsvImportDialog } from './csv-import-dialog';
import { EmptyState, LoadError } from './empty-state';
import { PartDialog } from './part-dialog';
import { TabHeader } from './tab-header';
import { ViewToggle, type ViewMode } from './view-toggle';

const SEARCH_DELAY_MS = 300;

function StatusBadge({ status }: { status: PartView['status'] }) {
  const variant = status === 'active' ? 'green' : status === 'discontinued' ? 'red' : 'blue';
  return <Badge variant={variant}>{PART_STATUS_LABELS[status] ?? status}</Badge>;
}

export function PartsTab() {
  const [typed, setTyped] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);
  const debounced = useDebouncedValue(typed, SEARCH_DELAY_MS);
  // The button applies the text at once; otherwise the query follows the typing after a short pause.
  const query = submitted === typed ? submitted : debounced;
  const [pages, setPages] = useState<{ query: string; page: number }>({ query: '', page: 1 });
  const page = pages.query === query ? pages.page : 1;
  const parts = useAdminParts({ query, page });
  const categories = useCategories();
  const manufacturers = useManufacturers();
  const [view, setView] = useState<ViewMode>('table');
  const [dialog, setDialog] = useState<{ open: boolean; part?: PartView }>({ open: false });
  const [importOpen, setImportOpen] = useState(false);

  const data = parts.data;
  const list = data?.data ?? [];
  const totalPages = Math.max(1, data?.totalPages ?? 1);
  const goTo = (next: number) => setPages({ query, page: next });
  const edit = (part: PartView) => setDialog({ open: true, part });

  let body;
  if (parts.isPending) body = <Skeleton className="h-40 w-full" />;
  else if (parts.isError) body = <LoadError text="Failed to load parts" />;
  else if (list.length === 0) {
    body = query.trim() ? (
      <EmptyState title="No Parts Found" text={`No parts match "${query.trim()}". Try a different search term.`} />
    ) : (
      <EmptyState title="No Parts Found" text="Get started by adding your first part or importing a CSV file." />
    );
  } else if (view === 'table') {
    body = (
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Part Number</TableHead>
            <TableHead>Name</TableHead>
            <TableHead>Category</TableHead>
            <TableHead>Manufacturer</TableHead>
            <TableHead>Price</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.map((p) => (
            <TableRow key={p.id}>
              <TableCell className="font-mono text-xs">{p.partNumber}</TableCell>
              <TableCell className="font-medium">{p.name}</TableCell>
              <TableCell>{p.category?.name ?? 'N/A'}</TableCell>
              <TableCell>{p.manufacturer?.name ?? 'N/A'}</TableCell>
              <TableCell>{formatPrice(p.price)}</TableCell>
              <TableCell>
                <StatusBadge status={p.status} />
              </TableCell>
              <TableCell className="text-right">
                <Button size="sm" variant="ghost" aria-label={`Edit ${p.name}`} onClick={() => edit(p)}>
                  <Pencil className="h-4 w-4" aria-hidden />
                  Edit
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  } else {
    body = (
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {list.map((p) => (
          <li key={p.id}>
            <Card className="h-full overflow-hidden">
              <PartImage src={p.image} alt={p.name} className="h-36" />
              <CardContent className="grid gap-1 pt-4">
                <div className="flex items-start justify-between gap-2">
                  <h3 className="font-semibold">{p.name}</h3>
                  <Button size="icon" variant="ghost" aria-label={`Edit ${p.name}`} onClick={() => edit(p)}>
                    <Pencil className="h-4 w-4" aria-hidden />
                  </Button>
                </div>
                <p className="font-mono text-xs text-slate-600">{p.partNumber}</p>
                <p className="font-semibold text-blue-800">{formatPrice(p.price)}</p>
                <p className="text-xs text-slate-600">
                  {p.category?.name ?? 'N/A'} · {p.manufacturer?.name ?? 'N/A'}
                </p>
                <p className="line-clamp-2 text-sm text-slate-700">{p.description ?? ''}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-label="Parts">
      <TabHeader title="Parts">
        <form
          role="search"
          className="flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setSubmitted(typed);
          }}
        >
          <Input
            type="search"
            aria-label="Search parts"
            placeholder="Search parts..."
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            className="w-56"
          />
          <Button type="submit" variant="outline">
            <Search className="h-4 w-4" aria-hidden />
            Search
          </Button>
        </form>
        <ViewToggle value={view} onChange={setView} />
        <Button variant="outline" onClick={() => setImportOpen(true)}>
          <Upload className="h-4 w-4" aria-hidden />
          Import CSV
        </Button>
        <Button onClick={() => setDialog({ open: true })}>
          <Plus className="h-4 w-4" aria-hidden />
          New Part
        </Button>
      </TabHeader>
      {body}
      {data && list.length > 0 ? (
        <nav aria-label="Parts pages" className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
          <p>
            Showing {list.length} of {data.total} parts
          </p>
          <div className="flex items-center gap-2">
            <Button size="sm" variant="outline" disabled={page <= 1 || parts.isFetching} onClick={() => goTo(page - 1)}>
              <ChevronLeft className="h-4 w-4" aria-hidden />
              Previous
            </Button>
            <span>
              Page {data.page} of {totalPages}
            </span>
            <Button size="sm" variant="outline" disabled={page >= totalPages || parts.isFetching} onClick={() => goTo(page + 1)}>
              Next
              <ChevronRight className="h-4 w-4" aria-hidden />
            </Button>
          </div>
        </nav>
      ) : null}
      <PartDialog
        open={dialog.open}
        part={dialog.part}
        categories={categories.data ?? []}
        manufacturers={manufacturers.data ?? []}
        onOpenChange={(open) => setDialog((d) => (open ? { ...d, open } : { open: false }))}
      />
      <CsvImportDialog open={importOpen} onOpenChange={setImportOpen} />
    </section>
  );
}
