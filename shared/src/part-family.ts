import { normalizePartNumber } from './part-number';

/**
 * Packaging and ordering suffixes that name how a part is delivered, not which part it is. A buyer's
 * list often carries them (`LM317T/NOPB`, `BAV99-TR`, `LT1761ES5#TRPBF`) where the catalogue has the
 * bare number, or the other way round. Each is recognised only as a whole trailing segment after a
 * separator (`-`, `/`, `#`, `.`, `,`, `_`, `+`, a space, or in brackets), never glued to the number,
 * so `BC547TR` or `6ES7214-1AG40-0XB0-Z` keep their last characters. See docs/bom.md.
 */
export const PACKAGING_SUFFIXES = [
  // tape and reel, cut tape, reels of a size
  'TR',
  'T&R',
  'TNR',
  'TRL',
  'TRR',
  'REEL',
  'REEL7',
  'REEL13',
  'RL',
  'RL7',
  'RL13',
  'CT',
  'CUT',
  'TAPE',
  'DKR',
  // bulk, tube, tray
  'BULK',
  'BLK',
  'TUBE',
  'TU',
  'TRAY',
  'BAG',
  // lead-free and RoHS markers
  'PBF',
  'TRPBF',
  'NOPB',
  'LF',
  'PF',
  'ROHS',
  'G4',
  'E3',
  // distributor order-code tails
  'ND',
] as const;

const SUFFIXES: ReadonlySet<string> = new Set(PACKAGING_SUFFIXES);
/** A pack quantity: `10PK`, `PK10`, `100PCS`, `PACK-5` (its digits are read after the separator is gone). */
const PACK = /^(?:(?:PK|PACK|PKG)\d{1,5}|\d{1,5}(?:PK|PCS|PC|PACK|PKG|ST))$/;
/** At most this many trailing segments are dropped (`-TR-ND`, `#TRPBF` counts one). */
const MAX_DROPPED = 2;

function isPackagingSegment(segment: string): boolean {
  const s = segment.toUpperCase().replace(/[()[\]]/g, '');
  return SUFFIXES.has(s) || PACK.test(s);
}

/**
 * The part number without its packaging suffixes, as typed (trimmed); the number itself when it has
 * none. Never empty for a non-empty number: a number made only of "suffixes" is kept whole.
 */
export function dropPackagingSuffix(partNumber: string): string {
  let rest = partNumber.trim();
  for (let dropped = 0; dropped < MAX_DROPPED; dropped++) {
    // The last segment, with the separator (or bracket) before it.
    const match = /^(.*?)(?:[-/#.,_+\s]+|\s*[([])([^-/#.,_+\s()[\]]+)[)\]]?\s*$/.exec(rest);
    if (!match || !match[1] || !isPackagingSegment(match[2]!)) break;
    const head = match[1].replace(/[-/#.,_+\s([]+$/, '');
    if (normalizePartNumber(head) === '') break;
    rest = head;
  }
  return rest;
}

/** The family key: the normalised part number without packaging suffixes. Two numbers of one family share it. */
export function partNumberFamily(partNumber: string): string {
  return normalizePartNumber(dropPackagingSuffix(partNumber));
}
