import { useMemo } from 'react';
import { useCategories } from '../../../api/get-categories';
import { useManufacturers } from '../../../api/get-manufacturers';
import { useRefreshDemand, type DemandRow } from '../api/demand';
import { PartDialog, type PartPrefill } from './part-dialog';

/** The admin's part dialog, filled from a Demand row: part number, description, and the manufacturer when the catalogue has it. */
export function DemandCreatePart({ row, onClose, onCreated }: { row: DemandRow; onClose: () => void; onCreated: (partId: number) => void }) {
  const categories = useCategories();
  const manufacturers = useManufacturers();
  const refresh = useRefreshDemand();
  const list = manufacturers.data;
  const prefill = useMemo<PartPrefill>(() => {
    const wanted = row.manufacturer?.trim().toLowerCase();
    const manufacturer = wanted ? list?.find((m) => m.name.trim().toLowerCase() === wanted) : undefined;
    return {
      partNumber: row.display,
      ...(row.description ? { description: row.description } : {}),
      ...(manufacturer ? { manufacturerId: manufacturer.id } : {}),
    };
  }, [row.display, row.description, row.manufacturer, list]);
  return (
    <PartDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      prefill={prefill}
      categories={categories.data ?? []}
      manufacturers={list ?? []}
      onCreated={(part) => {
        void refresh();
        onCreated(part.id);
      }}
    />
  );
}
