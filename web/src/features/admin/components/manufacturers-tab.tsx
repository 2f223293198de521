import type { Manufacturer } from '@parts/shared/schemas';
import { CardTitle } from '../../../components/ui/card';
import { useManufacturers } from '../../../api/get-manufacturers';
import { useEditDialog } from '../hooks/use-edit-dialog';
import { EmptyState } from './empty-state';
import { EntityCard, EntityTab, type EntityColumn } from './entity-tab';
import { ManufacturerDialog } from './manufacturer-dialog';

const COLUMNS: EntityColumn<Manufacturer>[] = [
  { header: 'Name', cellClassName: 'font-medium', cell: (m) => m.name },
  { header: 'Description', cellClassName: 'max-w-xs truncate', cell: (m) => m.description ?? '' },
  { header: 'Slug', cellClassName: 'font-mono text-xs', cell: (m) => m.slug },
];

export function ManufacturersTab() {
  const manufacturers = useManufacturers();
  const dialog = useEditDialog<Manufacturer>();

  return (
    <EntityTab
      title="Manufacturers"
      newLabel="New Manufacturer"
      onNew={dialog.openNew}
      onEdit={dialog.edit}
      items={manufacturers.data ?? []}
      status={manufacturers}
      loadError="Failed to load manufacturers"
      empty={<EmptyState title="No Manufacturers" text="Get started by creating your first manufacturer." />}
      columns={COLUMNS}
      renderCard={(m, edit) => (
        <EntityCard
          heading={
            <div className="flex items-center gap-3">
              {m.logo ? <img src={m.logo} alt="" className="h-10 w-10 rounded object-contain" /> : null}
              <CardTitle>{m.name}</CardTitle>
            </div>
          }
          description={m.description}
          edit={edit}
        />
      )}
    >
      <ManufacturerDialog open={dialog.open} manufacturer={dialog.item} onOpenChange={dialog.onOpenChange} />
    </EntityTab>
  );
}
