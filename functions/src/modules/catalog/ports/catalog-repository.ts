import type { Category, CategoryInput, Manufacturer, ManufacturerInput, Part, PartInput } from '@parts/shared/schemas';

/** A part as stored: the display specifications plus their parsed numbers (mm / bar). */
export interface StoredPart extends Part {
  version: number;
  specNumbers: Record<string, number>;
  createdAt: string;
  updatedAt: string;
}

/** One row of a bulk upsert keyed by (manufacturerId, normalised partNumber). */
export interface PartUpsert extends Omit<PartInput, 'slug'> {
  /** Used only when the part is new; an existing part keeps its slug. */
  slug?: string;
}

export interface BulkUpsertResult {
  created: number;
  updated: number;
  unchanged: number;
  /** Index into the input array → reason, for rows that could not be written. */
  failures: { index: number; error: string }[];
  /** Ids of parts created or updated (for the search index). */
  changedIds: number[];
}

export interface PartVersion {
  id: number;
  version: number;
}

export interface Page<T> {
  items: T[];
  /** Opaque cursor for the next page, absent on the last page. */
  cursor?: string;
}

/**
 * Categories, manufacturers and parts in DynamoDB. Every method validates its input and throws a
 * DomainError (ValidationError / NotFoundError / ConflictError), never a raw SDK error, on bad input.
 */
export interface CatalogRepository {
  listCategories(): Promise<Category[]>;
  getCategory(id: number): Promise<Category | undefined>;
  getCategoryBySlug(slug: string): Promise<Category | undefined>;
  /** 409 on duplicate slug; 400 on unknown parentId. */
  createCategory(input: CategoryInput): Promise<Category>;
  /** 404 unknown id; 409 duplicate slug; 400 unknown parent or a parent cycle. */
  updateCategory(id: number, input: CategoryInput): Promise<Category>;

  listManufacturers(): Promise<Manufacturer[]>;
  getManufacturer(id: number): Promise<Manufacturer | undefined>;
  getManufacturerBySlug(slug: string): Promise<Manufacturer | undefined>;
  createManufacturer(input: ManufacturerInput): Promise<Manufacturer>;
  updateManufacturer(id: number, input: ManufacturerInput): Promise<Manufacturer>;

  getPart(id: number): Promise<StoredPart | undefined>;
  getPartBySlug(slug: string): Promise<StoredPart | undefined>;
  /** Missing ids are simply absent from the result. */
  getParts(ids: number[]): Promise<StoredPart[]>;
  /** 409 duplicate slug or duplicate (manufacturer, part number); 400 unknown category/manufacturer. */
  createPart(input: PartInput): Promise<StoredPart>;
  updatePart(id: number, input: PartInput): Promise<StoredPart>;
  /** Bulk upsert by (manufacturerId, normalised partNumber); ids are taken in blocks. */
  upsertParts(rows: PartUpsert[]): Promise<BulkUpsertResult>;
  /** Every part, page by page (reindex). */
  scanParts(cursor?: string, limit?: number): Promise<Page<StoredPart>>;
  /** The highest part id allocated so far: every part's id is between 1 and this. */
  partIdCeiling(): Promise<number>;
  /** Id and version of each of these parts that exists (index consistency check). */
  getPartVersions(ids: number[]): Promise<PartVersion[]>;
  /**
   * The parts stored, counted exactly from the table (no counter item: ADR 040). Linear in the table's
   * size: for checks, tests and tools. Pages show the search index's count (`SearchIndex.count`).
   */
  countParts(): Promise<number>;
  countCategories(): Promise<number>;
  countManufacturers(): Promise<number>;
  /** Throws when the table cannot be reached (health check). */
  ping(): Promise<void>;
}
