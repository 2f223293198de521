import { normalizePartNumber } from '@parts/shared/part-number';
import type { PartDocument } from '@parts/functions/modules/search/ports/search-index';

/**
 * The judged ranking cases (issue 30): what a buyer types and the order the first three results should
 * come in, written from what the buyer means. Each case grades a result 0 (wrong), 1 (acceptable) or
 * higher (what was meant); the expected first three are the three best grades the catalogue holds, so
 * "right part first" means the first result has the best grade any part has.
 */
export interface RankingCase {
  kind: 'category word' | 'manufacturer + type' | 'corrected typo' | 'part number';
  q: string;
  grade: (doc: PartDocument) => number;
}

const named = (d: PartDocument, ...needles: string[]) => needles.every((n) => d.name.toLowerCase().includes(n));
/** 2: the name says the words (what was meant); 1: the kind of part the category says; 0: anything else. */
const nameThenCategory =
  (words: string[], category: (d: PartDocument) => boolean) =>
  (d: PartDocument): number =>
    named(d, ...words) ? 2 : category(d) ? 1 : 0;
const inCategory =
  (...names: string[]) =>
  (d: PartDocument) =>
    names.includes(d.categoryName);
const by = (maker: string, noun: string) => (d: PartDocument) => (d.manufacturerSlug !== maker ? 0 : named(d, noun) ? 2 : 1);

const sensors = inCategory('Industrial Sensors');

export const RANKING_WORD_CASES: RankingCase[] = [
  // Two words, one of them only in the category (or a description) for many matches: the part whose name holds both comes first.
  { kind: 'category word', q: 'pressure valve', grade: nameThenCategory(['pressure relief valve'], inCategory('Hydraulic Valves', 'Solenoid Valves')) },
  { kind: 'category word', q: 'hmi panel', grade: nameThenCategory(['touch panel hmi'], inCategory('HMI Panels')) },
  { kind: 'category word', q: 'pressure regulator', grade: nameThenCategory(['pressure regulator'], inCategory('Air Preparation Units')) },
  { kind: 'category word', q: 'servo drive', grade: nameThenCategory(['servo drive'], inCategory('Servo Drives')) },
  { kind: 'category word', q: 'seal kit', grade: nameThenCategory(['seal kit'], inCategory('Seals & O-Rings')) },
  { kind: 'category word', q: 'air filter', grade: nameThenCategory(['air filter'], inCategory('Filter Elements', 'Air Preparation Units')) },
  { kind: 'category word', q: 'filter element', grade: nameThenCategory(['filter element'], inCategory('Filter Elements')) },
  { kind: 'category word', q: 'pressure filter', grade: nameThenCategory(['pressure filter'], inCategory('Filter Elements')) },
  { kind: 'category word', q: 'power module', grade: nameThenCategory(['ups module'], inCategory('Power Supplies')) },
  { kind: 'category word', q: 'power supply', grade: nameThenCategory(['power supply'], inCategory('Power Supplies')) },
  { kind: 'category word', q: 'compact cylinder', grade: nameThenCategory(['compact', 'cylinder'], inCategory('Pneumatic Cylinders', 'Hydraulic Cylinders')) },
  { kind: 'category word', q: 'compact inverter', grade: nameThenCategory(['compact inverter'], inCategory('Frequency Inverters')) },
  { kind: 'category word', q: 'hydraulic fitting', grade: nameThenCategory(['fitting'], inCategory('Hydraulic Fittings & Hoses')) },
  { kind: 'category word', q: 'relief valve', grade: nameThenCategory(['pressure relief valve'], inCategory('Hydraulic Valves')) },
  { kind: 'category word', q: 'hydraulic oil', grade: nameThenCategory(['hydraulic oil'], inCategory('Lubricants')) },
  { kind: 'category word', q: 'roller bearing', grade: nameThenCategory(['roller bearing'], inCategory('Bearings')) },
  { kind: 'category word', q: 'motor circuit breaker', grade: nameThenCategory(['motor protection circuit breaker'], inCategory('Circuit Breakers')) },
  { kind: 'category word', q: 'output module', grade: nameThenCategory(['output module'], inCategory('Programmable Logic Controllers')) },
  // One word: the parts whose name says it before those that only sit in a category of that name or mention it in passing.
  { kind: 'category word', q: 'relay', grade: nameThenCategory(['relay'], inCategory('Contactors & Relays')) },
  { kind: 'category word', q: 'breaker', grade: nameThenCategory(['breaker'], inCategory('Circuit Breakers')) },
  { kind: 'category word', q: 'inverter', grade: nameThenCategory(['inverter'], inCategory('Frequency Inverters')) },
  { kind: 'category word', q: 'controller', grade: nameThenCategory(['controller'], inCategory('Servo Drives', 'Programmable Logic Controllers')) },
  { kind: 'category word', q: 'seal', grade: nameThenCategory(['seal'], inCategory('Seals & O-Rings')) },
  { kind: 'category word', q: 'output', grade: nameThenCategory(['output'], inCategory('Programmable Logic Controllers')) },
  { kind: 'category word', q: 'power', grade: nameThenCategory(['power'], inCategory('Power Supplies')) },
  { kind: 'category word', q: 'pressure', grade: nameThenCategory(['pressure'], () => false) },
  { kind: 'category word', q: 'sensor', grade: nameThenCategory(['sensor'], sensors) },
  { kind: 'category word', q: 'fitting', grade: nameThenCategory(['fitting'], inCategory('Hydraulic Fittings & Hoses')) },
  { kind: 'category word', q: 'oil', grade: nameThenCategory(['oil'], inCategory('Lubricants')) },
  // A manufacturer and a kind of part: the maker's part whose name says the kind, before its parts that only sit in that category.
  { kind: 'manufacturer + type', q: 'siemens relay', grade: by('siemens', 'relay') },
  { kind: 'manufacturer + type', q: 'abb relay', grade: by('abb', 'relay') },
  { kind: 'manufacturer + type', q: 'omron sensor', grade: by('omron', 'sensor') },
  { kind: 'manufacturer + type', q: 'sick sensor', grade: by('sick', 'sensor') },
  { kind: 'manufacturer + type', q: 'parker seal', grade: by('parker-hannifin', 'seal') },
  { kind: 'manufacturer + type', q: 'siemens controller', grade: by('siemens', 'controller') },
  { kind: 'manufacturer + type', q: 'festo valve', grade: by('festo', 'valve') },
  // A corrected typo ranks by the same rules as the word typed right: the same part first.
  { kind: 'corrected typo', q: 'presure regulator', grade: nameThenCategory(['pressure regulator'], inCategory('Air Preparation Units')) },
  { kind: 'corrected typo', q: 'hmi panal', grade: nameThenCategory(['touch panel hmi'], inCategory('HMI Panels')) },
  { kind: 'corrected typo', q: 'presure valve', grade: nameThenCategory(['pressure relief valve'], inCategory('Hydraulic Valves', 'Solenoid Valves')) },
  { kind: 'corrected typo', q: 'servo drvie', grade: nameThenCategory(['servo drive'], inCategory('Servo Drives')) },
  { kind: 'corrected typo', q: 'compact cylnder', grade: nameThenCategory(['compact', 'cylinder'], inCategory('Pneumatic Cylinders', 'Hydraulic Cylinders')) },
  { kind: 'corrected typo', q: 'sensr', grade: nameThenCategory(['sensor'], sensors) },
  { kind: 'corrected typo', q: 'outpt', grade: nameThenCategory(['output'], inCategory('Programmable Logic Controllers')) },
  { kind: 'corrected typo', q: 'powr supply', grade: nameThenCategory(['power supply'], inCategory('Power Supplies')) },
  { kind: 'corrected typo', q: 'fiting', grade: nameThenCategory(['fitting'], inCategory('Hydraulic Fittings & Hoses')) },
  { kind: 'corrected typo', q: 'sefety relay', grade: nameThenCategory(['safety relay'], inCategory('Contactors & Relays')) },
];

/**
 * Part numbers (exact > prefix > contains): a part's whole number typed loosely where other parts' numbers
 * start with it (the part itself first), and the first characters of a number that some parts start with
 * and others contain (those starting with it first). Grades: 3 the number itself, 2 a number that starts
 * with what was typed, 1 one that contains it.
 */
export function rankingPartNumberCases(docs: PartDocument[], count = 10): RankingCase[] {
  const norms = docs.map((d) => normalizePartNumber(d.partNumber));
  const gradeOf =
    (typed: string) =>
    (d: PartDocument): number => {
      const n = normalizePartNumber(d.partNumber);
      return n === typed ? 3 : n.startsWith(typed) ? 2 : n.includes(typed) ? 1 : 0;
    };
  const out: RankingCase[] = [];
  const seen = new Set<string>();
  const add = (q: string, typed: string) => {
    seen.add(typed);
    out.push({ kind: 'part number', q, grade: gradeOf(typed) });
  };
  const whole = count / 2;
  for (let i = 0; i < docs.length && out.length < whole; i += 37) {
    const own = norms[i]!;
    if (!seen.has(own) && norms.some((n) => n !== own && n.startsWith(own)))
      add(i % 2 ? docs[i]!.partNumber.toLowerCase() : docs[i]!.partNumber.replace(/[-/.]/g, ' '), own);
  }
  for (let i = 0; i < docs.length && out.length < count; i += 7) {
    for (const length of [3, 4, 5]) {
      const typed = norms[i]!.slice(0, length);
      if (seen.has(typed) || !/[A-Z]/.test(typed)) continue;
      if (norms.some((n) => n.startsWith(typed)) && norms.some((n) => !n.startsWith(typed) && n.includes(typed))) {
        add(typed.toLowerCase(), typed);
        break;
      }
    }
  }
  return out;
}
