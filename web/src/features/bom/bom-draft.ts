import type { BomSheet } from '@parts/shared/bom';
import type { GuessedMapping } from '@parts/shared/bom-columns';
import type { ReviewRow } from './bom-lines';

/**
 * The list being worked on, kept in the tab's sessionStorage so Back, a reload or closing the dialog
 * does not throw the work away; cleared when the lines reach the basket or the buyer starts over.
 * When the browser refuses to keep it (a very large list), `saveDraft` says so and the dialog asks
 * before the page is left.
 */
export interface BomDraft {
  step: 'columns' | 'review';
  sheet: BomSheet;
  headerRow: number | null;
  mapping: GuessedMapping;
  rows: ReviewRow[];
}

const BOM_DRAFT_KEY = 'parts-list-draft';

export function loadDraft(): BomDraft | null {
  try {
    const raw = window.sessionStorage.getItem(BOM_DRAFT_KEY);
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<BomDraft>;
    if ((draft.step === 'columns' || draft.step === 'review') && draft.sheet && Array.isArray(draft.sheet.rows) && Array.isArray(draft.rows) && draft.mapping)
      return draft as BomDraft;
  } catch (error) {
    console.error('Discarding an unreadable parts list draft', error);
  }
  window.sessionStorage.removeItem(BOM_DRAFT_KEY);
  return null;
}

/** True when kept. */
export function saveDraft(draft: BomDraft | null): boolean {
  try {
    if (draft) window.sessionStorage.setItem(BOM_DRAFT_KEY, JSON.stringify(draft));
    else window.sessionStorage.removeItem(BOM_DRAFT_KEY);
    return true;
  } catch {
    return false;
  }
}
