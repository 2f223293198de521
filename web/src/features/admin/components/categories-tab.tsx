import { useState } from 'react';
import { Pencil, Plus } from 'lucide-react';
import type { Category } from '@parts/shared/schemas';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { useCategories } from '../../../api/get-categories';
import { CategoryDialog } from './category-dialog';
import { EmptyState, LoadError } from './empty-state';
import { TabHeader } from './tab-header';
import { ViewToggle, type ViewMode } from './view-toggle';

export function CategoriesTab() {
  const categories = useCategories();
  const [view, setView] = useState<ViewMode>('table');
  const [dialog, setDialog] = useState<{ open: boolean; category?: Category }>({ open: false });
  const list = categories.data ?? [];
  const nameOf = (id: number | null | undefined) => (id == null ? undefined : list.find((c) => c.id === id)?.name);
  const edit = (category: Category) => setDialog({ open: true, category });

  let body;
  if (categories.isPending) body = <Skeleton className="h-40 w-full" />;
  else if (categories.isError) body = <LoadError text="Failed to load categories" />;
  else if (list.length === 0) body = <EmptyState title="No Categories" text="Get started by creating your first category." />;
  else if (view === 'table') {
    body = (
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Description</TableHead>
            <TableHead>Parent</TableHead>
            <TableHead>Slug</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.map((c) => (
            <TableRow key={c.id}>
              <TableCell className="font-medium">{c.name}</TableCell>
              <TableCell className="max-w-xs truncate">{c.description ?? ''}</TableCell>
              <TableCell>{nameOf(c.parentId) ?? 'None'}</TableCell>
              <TableCell className="font-mono text-xs">{c.slug}</TableCell>
              <TableCell className="text-right">
                <Button size="sm" variant="ghost" aria-label={`Edit ${c.name}`} onClick={() => edit(c)}>
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
        {list.map((c) => (
          <li key={c.id}>
            <Card className="h-full">
              <CardHeader className="flex-row items-start justify-between gap-2">
                <div>
                  <CardTitle>{c.name}</CardTitle>
                  <p className="text-sm text-slate-600">Parent: {nameOf(c.parentId) ?? 'None'}</p>
                </div>
                <Button size="icon" variant="ghost" aria-label={`Edit ${c.name}`} onClick={() => edit(c)}>
                  <Pencil className="h-4 w-4" aria-hidden />
                </Button>
              </CardHeader>
              <CardContent>
                <p className="text-sm text-slate-700">{c.description || 'No description available'}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-label="Categories">
      <TabHeader title="Categories">
        <ViewToggle value={view} onChange={setView} />
        <Button onClick={() => setDialog({ open: true })}>
          <Plus className="h-4 w-4" aria-hidden />
          New Category
        </Button>
      </TabHeader>
      {body}
      <CategoryDialog
        open={dialog.open}
        category={dialog.category}
        categories={list}
        onOpenChange={(open) => setDialog((d) => (open ? { ...d, open } : { open: false }))}
      />
    </section>
  );
}
