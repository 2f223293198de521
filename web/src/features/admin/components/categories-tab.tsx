import type { Category } from '@parts/shared/schemas';
import { CardTitle } from '../../../components/ui/card';
import { useCategories } from '../../../api/get-categories';
import { useEditDialog } from '../hooks/use-edit-dialog';
import { CategoryDialog } from './category-dialog';
import { EmptyState } from './empty-state';
import { EntityCard, EntityTab, type EntityColumn } from './entity-tab';

export function CategoriesTab() {
  const categories = useCategories();
  const dialog = useEditDialog<Category>();
  const list = categories.data ?? [];
  const parentName = (c: Category) => (c.parentId == null ? undefined : list.find((p) => p.id === c.parentId)?.name) ?? 'None';
  const columns: EntityColumn<Category>[] = [
    { header: 'Name', cellClassName: 'font-medium', cell: (c) => c.name },
    { header: 'Description', cellClassName: 'max-w-xs truncate', cell: (c) => c.description ?? '' },
    { header: 'Parent', cell: parentName },
    { header: 'Slug', cellClassName: 'font-mono text-xs', cell: (c) => c.slug },
  ];

  return (
    <EntityTab
      title="Categories"
      newLabel="New Category"
      onNew={dialog.openNew}
      onEdit={dialog.edit}
      items={list}
      status={categories}
      loadError="Failed to load categories"
      empty={<EmptyState title="No Categories" text="Get started by creating your first category." />}
      columns={columns}
      renderCard={(c, edit) => (
        <EntityCard
          heading={
            <div>
              <CardTitle>{c.name}</CardTitle>
              <p className="text-sm text-slate-600">Parent: {parentName(c)}</p>
            </div>
          }
          description={c.description}
          edit={edit}
        />
      )}
    >
      <CategoryDialog open={dialog.open} category={dialog.item} categories={list} onOpenChange={dialog.onOpenChange} />
    </EntityTab>
  );
}
