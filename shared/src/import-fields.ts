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

/**
 * What a part without a category or a manufacturer (null, ADR 101) is called wherever it is shown: the
 * part page, listings, the admin parts list and the part dialog's selects. The spec's card text for a
 * missing manufacturer is 'Unknown Manufacturer'; it names nothing for a missing category.
 */
export const NO_CATEGORY_LABEL = 'Uncategorized';
export const UNKNOWN_MANUFACTURER_LABEL = 'Unknown Manufacturer';

/** The mapping step's line on what an empty or unmapped Category / Manufacturer cell does (ADR 101). */
export const IMPORT_OPTIONAL_RELATIONS_NOTE =
  'Rows with no category are imported as Uncategorized, and rows with no manufacturer under Unknown Manufacturer (matched by part number among those); assign them later in the part dialog.';
