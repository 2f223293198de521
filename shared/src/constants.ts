/** Business constants from spec section 9, plus the limits the architecture fixes. */

export const SITE_NAME = 'Industrial Parts Hub';

export const CATALOG_PAGE_SIZE = 9;
export const MAX_PAGE_SIZE = 100;
export const FIRST_PAGE = 1;
export const ADMIN_PARTS_PAGE_SIZE = 20;

export const HOME_FEATURED_PARTS = 3;
export const HOME_CATEGORIES = 6;
export const HOME_MANUFACTURERS = 4;
export const PART_CARD_SPECS = 3;
export const CATALOG_SKELETON_CARDS = 9;
export const DIRECTORY_SKELETON_GROUPS = 10;
export const DIRECTORY_SKELETON_ROWS = 6;

export const AUTOCOMPLETE_MIN_CHARS = 2;
export const AUTOCOMPLETE_DELAY_MS = 300;
export const AUTOCOMPLETE_MAX_SUGGESTIONS = 10;

export const PAGINATION_WINDOW = 2;

export const MIN_QUOTE_QUANTITY = 1;
export const MAX_QUOTE_QUANTITY = 1_000_000;
/** A bill of materials can reach 2,000 lines; a quote request takes all of them (stored in pages, see data-model.md). */
export const MAX_QUOTE_ITEMS = 2000;
/** The basket, one ordered list of lines (catalogue parts and free text); it replaced 'industrial-parts-hub:quote' (ADR 109). */
export const QUOTE_STORAGE_KEY = 'industrial-parts-hub:quote-lines';

/** Richer quote lines (issue 16): the buyer's reference, a target unit price, a needed-by date, a note, drawings. */
export const MAX_LINE_REFERENCE_CHARS = 100;
export const MAX_LINE_NOTE_CHARS = 1000;
export const MAX_LINE_ATTACHMENTS = 3;
/** Line attachments over the whole request (request-level attachments have their own limit). */
export const MAX_LINE_ATTACHMENTS_TOTAL = 20;
/** Free-text lines (not in the catalogue) keep what the buyer's list said, within these lengths. */
export const MAX_FREE_PART_NUMBER_CHARS = 100;
export const MAX_FREE_MANUFACTURER_CHARS = 100;
export const MAX_FREE_DESCRIPTION_CHARS = 500;

const MEGABYTE = 1024 * 1024;
/** Whole megabytes of a byte limit, for the messages that name it ("5MB", "512 MB"). */
export const megabytes = (bytes: number) => Math.round(bytes / MEGABYTE);

export const MAX_ATTACHMENT_BYTES = 5_242_880;
export const MAX_ATTACHMENTS = 10;
export const ATTACHMENT_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.pdf', '.doc', '.docx'] as const;
export const ATTACHMENT_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
export type AttachmentMimeType = (typeof ATTACHMENT_MIME_TYPES)[number];
/** Presigned upload links (attachments, CSV staging) are valid this long. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
/** Attachments bucket layout: unclaimed presigned uploads (expired by the bucket lifecycle) and stored requests' files. */
export const ATTACHMENT_UPLOAD_PREFIX = 'uploads/';
export const QUOTE_ATTACHMENT_PREFIX = 'quotes/';
export const DOWNLOAD_URL_TTL_SECONDS = 5 * 60;

export const MIN_CUSTOMER_NAME = 2;
/** Quote request lists (admin's and a customer's own) answer at most this many per page. */
export const QUOTE_LIST_PAGE_SIZE = 50;
export const MIN_USERNAME = 3;
export const MAX_USERNAME = 50;
export const MIN_PASSWORD = 6;
export const MAX_PASSWORD = 200;

/** A part's specification map stays far below DynamoDB's 400 KB item cap. */
export const MAX_PART_SPECIFICATIONS = 100;

export const PART_STATUSES = ['active', 'discontinued', 'coming_soon'] as const;
export type PartStatus = (typeof PART_STATUSES)[number];
export const DEFAULT_PART_STATUS: PartStatus = 'active';
export const PART_STATUS_LABELS: Record<PartStatus, string> = {
  active: 'Active',
  discontinued: 'Discontinued',
  coming_soon: 'Coming Soon',
};

export const QUOTE_STATUSES = ['pending', 'processing', 'approved', 'rejected', 'completed'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const DEFAULT_QUOTE_STATUS: QuoteStatus = 'pending';

export const SORT_BY_VALUES = ['relevance', 'partNumber', 'manufacturer'] as const;
export type SortBy = (typeof SORT_BY_VALUES)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The specification range filters of the listing; values are compared in these units. */
export const SPEC_FILTERS = [
  { key: 'bore', label: 'Bore Size (mm)', unit: 'mm' },
  { key: 'stroke', label: 'Stroke Length (mm)', unit: 'mm' },
  { key: 'pressureRating', label: 'Pressure Rating (bar)', unit: 'bar' },
] as const;

export const CURRENCY = 'USD';
export const LOCALE = 'en-US';
export const PRICE_STEP = 0.01;
export const PRICE_DECIMALS = 2;
/** Buyers' target unit prices may use fractions of a cent. */
export const TARGET_PRICE_STEP = 0.0001;
export const TARGET_PRICE_DECIMALS = 4;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export const CSV_PREVIEW_ROWS = 5;
/**
 * Largest CSV accepted in a request body; larger files go through S3 staging and an import job (the web picks the
 * path by this size). Under the 4 MiB multipart cap that Lambda's payload limit sets (ADR 108), with room for the form.
 */
export const CSV_MAX_REQUEST_BYTES = 3 * 1024 * 1024;
export const CSV_MAX_STAGED_BYTES = 512 * 1024 * 1024;

/** The footer's category links (spec section 2); the demo data seeds exactly these. */
export const FOOTER_CATEGORY_SLUGS = [
  'hydraulic-components',
  'pneumatic-systems',
  'electrical-controls',
  'automation-solutions',
  'maintenance-products',
] as const;

/**
 * The User Timing mark the web sets when a page's prefetch has settled (its `detail` is the path): a click on a link
 * to it from then on has nothing left to load (ADR 132/143). The e2e tests and bench:web wait for it before a click.
 */
export const PREFETCH_MARK = 'page-prefetched';

/** User Timing mark the app sets when it starts, after the page's first paint (ADR 154): tests and bench:web read it. */
export const APP_START_MARK = 'app-start';
