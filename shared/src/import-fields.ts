import type { PartImportField } from './schemas';

/** What the CSV import calls each part field: the mapping dialog's labels and the server's row errors. */
export const PART_IMPORT_FIELD_LABELS: Record<PartImportField, string> = {
  name: 'Part Name',
  partNumber: 'Part Number',
  description: 'Description',
  price: 'Price',
  categoryId: 'Category',
  manufacturerId: 'Manufacturer',
  status: 'Status',
  image: 'Image URL',
};
