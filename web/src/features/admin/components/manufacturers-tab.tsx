import { useState } from 'react';
import { Pencil, Plus } from 'lucide-react';
import type { Manufacturer } from '@parts/shared/schemas';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { useManufacturers } from '../../../api/get-manufacturers';
import { ManufacturerDialog } from './manufacturer-dialog';
import { EmptyState, LoadError } from './empty-state';
import { TabHeader } from './tab-header';
import { ViewToggle, type ViewMode } from './view-toggle';

export function ManufacturersTab() {
  const manufacturers = useManufacturers();
  const [view, setView] = useState<ViewMode>('table');
  const [dialog, setDialog] = useState<{ open: boolean; manufacturer?: Manufacturer }>({ open: false });
  const list = manufacturers.data ?? [];
  const edit = (manufacturer: Manufacturer) => setDialog({ open: true, manufacturer });

  let body;
  if (manufacturers.isPending) body = <Skeleton className="h-40 w-full" />;
  else if (manufacturers.isError) body = <LoadError text="Failed to load manufacturers" />;
  else if (list.length === 0) body = <EmptyState title="No Manufacturers" text="Get started by creating your first manufacturer." />;
  else if (view === 'table') {
    body = (
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Description</TableHead>
            <TableHead>Slug</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.map((m) => (
            <TableRow key={m.id}>
              <TableCell className="font-medium">{m.name}</TableCell>
              <TableCell className="max-w-xs truncate">{m.description ?? ''}</TableCell>
              <TableCell className="font-mono text-xs">{m.slug}</TableCell>
              <TableCell className="text-right">
                <Button size="sm" variant="ghost" aria-label={`Edit ${m.name}`} onClick={() => edit(m)}>
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
        {list.map((m) => (
          <li key={m.id}>
            <Card className="h-full">
              <CardHeader className="flex-row items-start justify-between gap-2">
                <div className="flex items-center gap-3">
                  {m.logo ? <img src={m.logo} alt="" className="h-10 w-10 rounded object-contain" /> : null}
                  <CardTitle>{m.name}</CardTitle>
                </div>
                <Button size="icon" variant="ghost" aria-label={`Edit ${m.name}`} onClick={() => edit(m)}>
                  <Pencil className="h-4 w-4" aria-hidden />
                </Button>
              </CardHeader>
              <CardContent>
                <p className="text-sm text-slate-700">{m.description || 'No description available'}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-label="Manufacturers">
      <TabHeader title="Manufacturers">
        <ViewToggle value={view} onChange={setView} />
        <Button onClick={() => setDialog({ open: true })}>
          <Plus className="h-4 w-4" aria-hidden />
          New Manufacturer
        </Button>
      </TabHeader>
      {body}
      <ManufacturerDialog
        open={dialog.open}
        manufacturer={dialog.manufacturer}
        onOpenChange={(open) => setDialog((d) => (open ? { ...d, open } : { open: false }))}
      />
    </section>
  );
}
