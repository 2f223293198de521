import { NO_CATEGORY_LABEL, UNKNOWN_MANUFACTURER_LABEL } from '@parts/shared/import-fields';
import { useState } from 'react';
import { ChevronLeft, ChevronRight, Search, Upload } from '../../../components/ui/icons';
import type { PartView } from '@parts/shared/schemas';
import { PartStatusBadge } from '../../../components/part-status-badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { PartImage } from '../../../components/part-image';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { formatPrice } from '../../../lib/format';
import { useCategories } from '../../../api/get-categories';
import { useManufacturers } from '../../../api/get-manufacturers';
import { useAdminParts } from '../api/get-admin-parts';
import { useEditDialog } from '../hooks/use-edit-dialog';
import { CsvImportDialog } from './csv-import-dialog';
import { EmptyState } from './empty-state';
import { EntityTab, type EntityColumn } from './entity-tab';
import { PartDialog } from './part-dialog';

const SEARCH_DELAY_MS = 300;

const COLUMNS: EntityColumn<PartView>[] = [
  { header: 'Part Number', cellClassName: 'font-mono text-xs', cell: (p) => p.partNumber },
  { header: 'Name', cellClassName: 'font-medium', cell: (p) => p.name },
  { header: 'Category', cell: (p) => p.category?.name ?? NO_CATEGORY_LABEL },
  { header: 'Manufacturer', cell: (p) => p.manufacturer?.name ?? UNKNOWN_MANUFACTURER_LABEL },
  { header: 'Price', cell: (p) => formatPrice(p.price) },
  { header: 'Status', cell: (p) => <PartStatusBadge showActive status={p.status} /> },
];

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
  const dialog = useEditDialog<PartView>();
  const [importOpen, setImportOpen] = useState(false);

  const data = parts.data;
  const list = data?.data ?? [];
  const totalPages = Math.max(1, data?.totalPages ?? 1);
  const goTo = (next: number) => setPages({ query, page: next });

  return (
    <EntityTab
      title="Parts"
      newLabel="New Part"
      onNew={dialog.openNew}
      onEdit={dialog.edit}
      items={list}
      status={parts}
      loadError="Failed to load parts"
      empty={
        query.trim() ? (
          <EmptyState title="No Parts Found" text={`No parts match "${query.trim()}". Try a different search term.`} />
        ) : (
          <EmptyState title="No Parts Found" text="Get started by adding your first part or importing a CSV file." />
        )
      }
      columns={COLUMNS}
      renderCard={(p, edit) => (
        <Card className="h-full overflow-hidden">
          <PartImage src={p.image} alt={p.name} className="h-36" />
          <CardContent className="grid gap-1 pt-4">
            <div className="flex items-start justify-between gap-2">
              <h3 className="min-w-0 font-semibold [overflow-wrap:anywhere]">{p.name}</h3>
              {edit}
            </div>
            <p className="font-mono text-xs text-slate-600 [overflow-wrap:anywhere]">{p.partNumber}</p>
            <p className="font-semibold text-blue-800">{formatPrice(p.price)}</p>
            <p className="text-xs text-slate-600">
              {p.category?.name ?? NO_CATEGORY_LABEL} · {p.manufacturer?.name ?? UNKNOWN_MANUFACTURER_LABEL}
            </p>
            <p className="line-clamp-2 text-sm text-slate-700">{p.description ?? ''}</p>
          </CardContent>
        </Card>
      )}
      leading={
        <form
          role="search"
          className="flex w-full gap-2 sm:w-auto"
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
            className="min-w-0 flex-1 sm:w-56 sm:flex-none"
          />
          <Button type="submit" variant="outline">
            <Search className="h-4 w-4" aria-hidden />
            Search
          </Button>
        </form>
      }
      actions={
        <Button variant="outline" onClick={() => setImportOpen(true)}>
          <Upload className="h-4 w-4" aria-hidden />
          Import CSV
        </Button>
      }
    >
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
        part={dialog.item}
        categories={categories.data ?? []}
        manufacturers={manufacturers.data ?? []}
        onOpenChange={dialog.onOpenChange}
      />
      <CsvImportDialog open={importOpen} onOpenChange={setImportOpen} />
    </EntityTab>
  );
}
