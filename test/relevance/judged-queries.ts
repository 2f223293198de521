import type { PartDocument } from '@parts/functions/modules/search/ports/search-index';

/**
 * The judged query set: what a buyer types, and what must be among the first three results. Each
 * `expect` names the part (or the kind of part) a person would call a right answer.
 */
export interface JudgedQuery {
  kind: 'typo' | 'word form' | 'dimension' | 'code' | 'manufacturer + type' | 'synonym' | 'recovery';
  q: string;
  expect: (doc: PartDocument) => boolean;
}

const words =
  (...needles: string[]) =>
  (d: PartDocument) =>
    needles.every((n) => `${d.name} ${d.categoryName}`.toLowerCase().includes(n));
const by =
  (maker: string, ...needles: string[]) =>
  (d: PartDocument) =>
    d.manufacturerSlug === maker && words(...needles)(d);
const dims =
  (bore: number, stroke?: number, ...needles: string[]) =>
  (d: PartDocument) =>
    d.specNumbers.bore === bore && (stroke === undefined || d.specNumbers.stroke === stroke) && words(...needles)(d);
const pressure =
  (bar: number, ...needles: string[]) =>
  (d: PartDocument) =>
    Math.abs((d.specNumbers.pressureRating ?? -1) - bar) < 1 && words(...needles)(d);

export const JUDGED_WORD_QUERIES: JudgedQuery[] = [
  // Typos: one edit in words of 4-7 letters, two in longer ones; the last word as a prefix.
  { kind: 'typo', q: 'hydraulc pump', expect: words('hydraulic', 'pump') },
  { kind: 'typo', q: 'pneumatc valve', expect: words('valve') },
  { kind: 'typo', q: 'festo cylindr', expect: by('festo', 'cylinder') },
  { kind: 'typo', q: 'siemns contactor', expect: by('siemens', 'contactor') },
  { kind: 'typo', q: 'presure relief valve', expect: words('pressure relief valve') },
  { kind: 'typo', q: 'pressure releif valve', expect: words('pressure relief valve') },
  { kind: 'typo', q: 'proximty sensor', expect: words('proximity sensor') },
  { kind: 'typo', q: 'circut breaker', expect: words('circuit breaker') },
  { kind: 'typo', q: 'solenod valve', expect: words('solenoid valve') },
  { kind: 'typo', q: 'servo moter', expect: words('servo motor') },
  { kind: 'typo', q: 'ball bearng', expect: words('ball bearing') },
  { kind: 'typo', q: 'filter regulater', expect: words('filter regulator') },
  { kind: 'typo', q: 'photoelectrc sensor', expect: words('photoelectric sensor') },
  { kind: 'typo', q: 'teleskopic cylinder', expect: words('telescopic', 'cylinder') },
  { kind: 'typo', q: 'bosch rexroth hydralic valve', expect: by('bosch-rexroth', 'valve') },
  { kind: 'typo', q: 'parker hannifn', expect: (d) => d.manufacturerSlug === 'parker-hannifin' },
  { kind: 'typo', q: 'schnieder electric', expect: (d) => d.manufacturerSlug === 'schneider-electric' },
  { kind: 'typo', q: 'frequncy inverter', expect: words('inverter') },
  { kind: 'typo', q: 'vacum ejector', expect: words('vacuum ejector') },
  { kind: 'typo', q: 'axial pistn pump', expect: words('axial piston pump') },
  { kind: 'typo', q: 'lubricatr', expect: words('lubricator') },
  // Word forms: plural and singular, common inflections.
  { kind: 'word form', q: 'solenoid valves', expect: words('solenoid valve') },
  { kind: 'word form', q: 'hydraulic pumps', expect: words('hydraulic', 'pump') },
  { kind: 'word form', q: 'skf bearings', expect: by('skf', 'bearing') },
  { kind: 'word form', q: 'safety relays', expect: words('safety relay') },
  { kind: 'word form', q: 'festo cylinders', expect: by('festo', 'cylinder') },
  { kind: 'word form', q: 'quick couplings', expect: words('quick coupling') },
  { kind: 'word form', q: 'welded hydraulic cylinders', expect: words('welded hydraulic cylinder') },
  { kind: 'word form', q: 'pressure regulators', expect: words('pressure regulator') },
  // Dimensions and numbers with units, as typed.
  { kind: 'dimension', q: '32x100', expect: dims(32, 100) },
  { kind: 'dimension', q: '32 x 100', expect: dims(32, 100) },
  { kind: 'dimension', q: 'Ø32 100', expect: dims(32, 100) },
  { kind: 'dimension', q: 'bore 32 stroke 100', expect: dims(32, 100) },
  { kind: 'dimension', q: '40 x 200 cylinder', expect: dims(40, 200, 'cylinder') },
  { kind: 'dimension', q: 'cylinder 63x250', expect: dims(63, 250, 'cylinder') },
  { kind: 'dimension', q: 'festo 40 x 160', expect: (d) => d.manufacturerSlug === 'festo' && dims(40, 160)(d) },
  { kind: 'dimension', q: 'ø80 hydraulic cylinder', expect: dims(80, undefined, 'hydraulic cylinder') },
  { kind: 'dimension', q: '210 bar cylinder', expect: pressure(210, 'cylinder') },
  { kind: 'dimension', q: '3000 psi cylinder', expect: pressure(210, 'cylinder') },
  { kind: 'dimension', q: '3626 psi pump', expect: pressure(250, 'pump') },
  { kind: 'dimension', q: '350 bar valve', expect: pressure(350, 'valve') },
  // A manufacturer and a kind of part.
  { kind: 'manufacturer + type', q: 'smc solenoid valve', expect: by('smc', 'solenoid valve') },
  { kind: 'manufacturer + type', q: 'abb circuit breaker', expect: by('abb', 'circuit breaker') },
  { kind: 'manufacturer + type', q: 'parker hose', expect: by('parker-hannifin', 'hose') },
  { kind: 'manufacturer + type', q: 'omron sensor', expect: by('omron', 'sensor') },
  { kind: 'manufacturer + type', q: 'yaskawa servo motor', expect: by('yaskawa', 'servo motor') },
  { kind: 'manufacturer + type', q: 'hydac filter element', expect: by('hydac', 'filter element') },
  { kind: 'manufacturer + type', q: 'pilz safety relay', expect: by('pilz', 'safety relay') },
  { kind: 'manufacturer + type', q: 'schmalz suction cup', expect: by('schmalz', 'suction cup') },
  // Synonyms from the default list.
  { kind: 'synonym', q: 'cyl festo', expect: by('festo', 'cylinder') },
  { kind: 'synonym', q: 'sov smc', expect: by('smc', 'solenoid valve') },
  { kind: 'synonym', q: 'vfd abb', expect: by('abb', 'variable frequency drive') },
  { kind: 'synonym', q: 'mcb siemens', expect: by('siemens', 'miniature circuit breaker') },
  { kind: 'synonym', q: 'prox sensor', expect: words('proximity sensor') },
  { kind: 'synonym', q: 'o-ring', expect: words('o-ring') },
  // Nothing matches every word: relax, never a dead end.
  { kind: 'recovery', q: 'siemens pneumatic cylinder', expect: words('cylinder') },
  { kind: 'recovery', q: 'festo hydraulic pump', expect: words('pump') },
  { kind: 'recovery', q: 'cheap festo cylinder', expect: by('festo', 'cylinder') },
  { kind: 'recovery', q: 'smc valve xq77', expect: by('smc', 'valve') },
];

/** Part numbers typed loosely (lower case, separators changed or left out, a prefix): the part itself must come first. */
export function judgedCodeQueries(docs: PartDocument[], count = 12): JudgedQuery[] {
  const out: JudgedQuery[] = [];
  const step = Math.floor(docs.length / count);
  for (let i = 0; i < count; i++) {
    const doc = docs[i * step + 7]!;
    const pn = doc.partNumber;
    const variants = [pn.toLowerCase(), pn.replace(/[-/.]/g, ' '), pn.replace(/[^A-Za-z0-9]/g, '').toLowerCase()];
    const q = variants[i % variants.length]!;
    out.push({ kind: 'code', q, expect: (d) => d.id === doc.id });
  }
  return out;
}
