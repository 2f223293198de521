import { useState, type ReactNode } from 'react';
import { Pencil, Plus } from '../../../components/ui/icons';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { LoadError } from '../../../components/ui/load-error';
import { TabHeader } from './tab-header';
import { ViewToggle, type ViewMode } from './view-toggle';

export interface EntityColumn<T> {
  header: string;
  cellClassName?: string;
  cell: (item: T) => ReactNode;
}

interface EntityTabProps<T extends { id: number; name: string }> {
  title: string;
  newLabel: string;
  onNew: () => void;
  onEdit: (item: T) => void;
  items: T[];
  status: { isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };
  loadError: string;
  empty: ReactNode;
  columns: EntityColumn<T>[];
  /** One grid card; `edit` is the card's edit button. */
  renderCard: (item: T, edit: ReactNode) => ReactNode;
  /** Header controls before the view toggle. */
  leading?: ReactNode;
  /** Header buttons between the view toggle and the New button. */
  actions?: ReactNode;
  /** Below the list: pagination, dialogs. */
  children?: ReactNode;
}

function EditButton({ name, onClick, iconOnly = false }: { name: string; onClick: () => void; iconOnly?: boolean }) {
  return (
    <Button size={iconOnly ? 'icon' : 'sm'} variant="ghost" aria-label={`Edit ${name}`} onClick={onClick}>
      <Pencil className="h-4 w-4" aria-hidden />
      {iconOnly ? null : 'Edit'}
    </Button>
  );
}

/**
 * On a phone the lists open as cards: a table of five columns scrolls sideways in 390 px with its Actions out of
 * sight (issue 32). The toggle still offers the table.
 */
function initialView(): ViewMode {
  return typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767px)').matches ? 'grid' : 'table';
}

/** An admin list tab: header with view toggle and New button, then loading, error, empty, table or grid. */
export function EntityTab<T extends { id: number; name: string }>(props: EntityTabProps<T>) {
  const { title, newLabel, onNew, onEdit, items, status, loadError, empty, columns, renderCard, leading, actions, children } = props;
  const [view, setView] = useState<ViewMode>(initialView);

  let body;
  if (status.isPending) body = <Skeleton className="h-40 w-full" />;
  else if (status.isError) body = <LoadError title={loadError} onRetry={status.refetch} retrying={status.isFetching} />;
  else if (items.length === 0) body = empty;
  else if (view === 'table') {
    body = (
      <Table>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHead key={column.header}>{column.header}</TableHead>
            ))}
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id}>
              {columns.map((column) => (
                <TableCell key={column.header} className={column.cellClassName}>
                  {column.cell(item)}
                </TableCell>
              ))}
              <TableCell className="text-right">
                <EditButton name={item.name} onClick={() => onEdit(item)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  } else {
    body = (
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li key={item.id}>{renderCard(item, <EditButton iconOnly name={item.name} onClick={() => onEdit(item)} />)}</li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-label={title}>
      <TabHeader title={title}>
        {leading}
        <ViewToggle value={view} onChange={setView} />
        {actions}
        <Button onClick={onNew}>
          <Plus className="h-4 w-4" aria-hidden />
          {newLabel}
        </Button>
      </TabHeader>
      {body}
      {children}
    </section>
  );
}

/** The grid card of a category or manufacturer: a heading, the edit button, the description. */
export function EntityCard({ heading, description, edit }: { heading: ReactNode; description?: string | null; edit: ReactNode }) {
  return (
    <Card className="h-full">
      <CardHeader className="flex-row items-start justify-between gap-2">
        {heading}
        {edit}
      </CardHeader>
      <CardContent>
        <p className="text-sm text-slate-700">{description || 'No description available'}</p>
      </CardContent>
    </Card>
  );
}
