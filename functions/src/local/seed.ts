import type { PartStatus } from '@parts/shared/constants';
import type { Category, Manufacturer } from '@parts/shared/schemas';
import { normalizePartNumber } from '@parts/shared/part-number';
import { ConflictError, UnavailableError } from '../domain/errors';
import { hashPassword } from '../modules/accounts';
import type { CatalogRepository, PartUpsert } from '../modules/catalog';
import type { UserRepository } from '../modules/accounts';
import { CATEGORY_SEEDS, MANUFACTURER_SEEDS, type SpecKind, type SubCategorySeed } from './seed-data';

/** Deterministic demo data: the same seed always yields the same catalogue. */
export const DEMO_SEED = 20_240_611;
/** Parts per upsert call; progress is reported after each (start.ts shows a line per tenth of the seed). */
const BATCH = 100;

/** mulberry32: tiny, fast, good enough for demo data, and identical on every platform. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

const BORES = [12, 16, 20, 25, 32, 40, 50, 63, 80, 100, 125];
const STROKES = [10, 25, 50, 75, 100, 125, 160, 200, 250, 320, 400, 500];
const HYDRAULIC_BORES = [25, 32, 40, 50, 63, 80, 100, 125, 160, 200];

export interface GeneratedPart extends Omit<PartUpsert, 'categoryId' | 'manufacturerId'> {
  categorySlug: string;
  manufacturerSlug: string;
}

/** Builds the part rows (without ids) for `count` parts; pure and deterministic. */
export function generateParts(count: number, seed = DEMO_SEED): GeneratedPart[] {
  const rng = mulberry32(seed);
  const subs = CATEGORY_SEEDS.flatMap((c) => c.children.map((s) => ({ parent: c, sub: s })));
  const makers = new Map(MANUFACTURER_SEEDS.map((m) => [m.slug, m]));
  const taken = new Set<string>();
  const parts: GeneratedPart[] = [];
  for (let i = 0; i < count; i++) {
    const { parent, sub } = subs[i % subs.length]!;
    const maker = makers.get(pick(rng, sub.makers))!;
    const product = pick(rng, sub.products);
    const specifications = specsFor(rng, sub, parent.slug);
    let partNumber = fillPattern(rng, pick(rng, maker.patterns), specifications);
    while (taken.has(`${maker.slug}|${normalizePartNumber(partNumber)}`))
      partNumber = `${partNumber}-${LETTERS[int(rng, 0, LETTERS.length - 1)]}${int(rng, 1, 9)}`;
    taken.add(`${maker.slug}|${normalizePartNumber(partNumber)}`);
    const sizeLabel =
      specifications.bore && specifications.stroke ? ` ${specifications.bore.replace(' mm', '')}x${specifications.stroke.replace(' mm', '')}` : '';
    const roll = rng();
    const status: PartStatus = roll < 0.8 ? 'active' : roll < 0.92 ? 'discontinued' : 'coming_soon';
    const price = rng() < 0.15 ? null : priceFor(rng, sub.kind);
    parts.push({
      name: `${maker.name} ${product}${sizeLabel}`,
      partNumber,
      description: describe(rng, product, maker.name, sub, specifications),
      status,
      categorySlug: sub.slug,
      manufacturerSlug: maker.slug,
      specifications,
      price,
    });
  }
  return parts;
}

function fillPattern(rng: Rng, pattern: string, specs: Record<string, string>): string {
  return pattern
    .replace('{bore}', specs.bore?.replace(/\D/g, '') || String(pick(rng, BORES)))
    .replace('{stroke}', specs.stroke?.replace(/\D/g, '') || String(pick(rng, STROKES)))
    .replace(/#/g, () => String(int(rng, 0, 9)))
    .replace(/@/g, () => LETTERS[int(rng, 0, LETTERS.length - 1)]!);
}

function pressure(rng: Rng, bars: number[]): string {
  const bar = pick(rng, bars);
  // US makers often rate in psi; the parser turns it back into bar for the filter.
  return rng() < 0.25 ? `${Math.round(bar * 14.5038)} psi` : `${bar} bar`;
}

function specsFor(rng: Rng, sub: SubCategorySeed, parentSlug: string): Record<string, string> {
  const hydraulic = parentSlug === 'hydraulic-components';
  switch (sub.kind) {
    case 'cylinder': {
      const bore = pick(rng, hydraulic ? HYDRAULIC_BORES : BORES);
      return {
        bore: `${bore} mm`,
        stroke: `${pick(rng, STROKES)} mm`,
        pressureRating: pressure(rng, hydraulic ? [160, 210, 250, 350] : [6, 8, 10, 12]),
        rodDiameter: `${Math.max(6, Math.round(bore * 0.4))} mm`,
        mounting: pick(rng, ['Front flange', 'Rear clevis', 'Foot mount', 'Trunnion', 'Through-hole']),
        cushioning: pick(rng, ['Adjustable pneumatic', 'Elastic', 'None', 'Self-adjusting']),
      };
    }
    case 'valve':
      return {
        pressureRating: pressure(rng, hydraulic ? [210, 315, 350] : [7, 8, 10]),
        portSize: pick(rng, ['G1/8', 'G1/4', 'G3/8', 'G1/2', 'NG6', 'NG10']),
        voltage: pick(rng, ['24 V DC', '110 V AC', '230 V AC']),
        flowRate: `${pick(rng, [300, 600, 900, 1200, 2000, 60, 80])} l/min`,
        function: pick(rng, ['5/2 monostable', '5/2 bistable', '3/2 NC', '4/3 closed centre', '4/2']),
      };
    case 'pump':
      return {
        pressureRating: pressure(rng, [180, 250, 280, 350, 700]),
        displacement: `${pick(rng, [4, 8, 11, 16, 28, 45, 71])} cm³/rev`,
        speed: `${pick(rng, [1500, 1800, 2500, 3000])} rpm`,
        shaft: pick(rng, ['Keyed', 'Splined', 'Tapered']),
      };
    case 'fitting':
      return {
        pressureRating: pressure(rng, [10, 16, 250, 400]),
        portSize: pick(rng, ['G1/4', 'G3/8', 'G1/2', 'M12x1.5', '1/4 NPT']),
        material: pick(rng, ['Zinc-plated steel', 'Stainless steel 316', 'Brass', 'Aluminium']),
      };
    case 'electrical':
      return {
        voltage: pick(rng, ['24 V DC', '230 V AC', '400 V AC', '120 V AC']),
        current: `${pick(rng, [0.5, 2, 6, 9, 12, 18, 25, 32])} A`,
        protection: pick(rng, ['IP20', 'IP54', 'IP65', 'IP67']),
        mounting: pick(rng, ['DIN rail', 'Panel', 'Screw']),
        ambientTemperature: pick(rng, ['-25 to 60 °C', '0 to 55 °C', '-40 to 70 °C']),
      };
    case 'sensor':
      return {
        sensingRange: `${pick(rng, [2, 4, 8, 15, 100, 400])} mm`,
        output: pick(rng, ['PNP NO', 'NPN NO', 'IO-Link', '4-20 mA']),
        voltage: '10-30 V DC',
        connection: pick(rng, ['M12 4-pin', 'M8 3-pin', '2 m cable']),
        protection: pick(rng, ['IP67', 'IP68', 'IP69K']),
        ...(rng() < 0.3 ? { pressureRating: pressure(rng, [10, 16, 25, 100]) } : {}),
      };
    case 'drive':
      return {
        power: `${pick(rng, [0.4, 0.75, 1.5, 2.2, 4, 7.5, 11, 22])} kW`,
        voltage: pick(rng, ['3x 400 V AC', '1x 230 V AC', '3x 480 V AC']),
        fieldbus: pick(rng, ['PROFINET', 'EtherNet/IP', 'EtherCAT', 'Modbus TCP']),
        ratedCurrent: `${pick(rng, [2.1, 4.1, 5.6, 9.5, 17, 32])} A`,
      };
    case 'motor':
      return {
        ratedTorque: `${pick(rng, [0.32, 1.3, 2.4, 4.8, 8.4, 15])} Nm`,
        ratedSpeed: `${pick(rng, [2000, 3000, 4500, 6000])} rpm`,
        encoder: pick(rng, ['22-bit absolute', 'Resolver', '20-bit incremental']),
        brake: pick(rng, ['Yes', 'No']),
      };
    case 'bearing': {
      const bore = pick(rng, [10, 15, 20, 25, 30, 40, 50, 60]);
      return {
        bore: `${bore} mm`,
        outerDiameter: `${bore * 2 + 6} mm`,
        width: `${Math.round(bore / 2) + 5} mm`,
        seal: pick(rng, ['2RS', '2Z', 'Open']),
        dynamicLoadRating: `${pick(rng, [5.1, 9.5, 14, 22, 33])} kN`,
      };
    }
    case 'consumable':
      return {
        material: pick(rng, ['NBR', 'FKM', 'PTFE', 'Lithium complex', 'Mineral oil ISO VG 46', 'Glass fibre']),
        temperatureRange: pick(rng, ['-30 to 120 °C', '-20 to 200 °C', '-40 to 150 °C']),
        packSize: pick(rng, ['1 pc', '10 pcs', '400 g', '1 l', '20 l']),
      };
  }
}

function priceFor(rng: Rng, kind: SpecKind): number {
  const [min, max]: [number, number] =
    kind === 'consumable'
      ? [4, 120]
      : kind === 'bearing'
        ? [8, 450]
        : kind === 'fitting'
          ? [6, 180]
          : kind === 'drive' || kind === 'motor'
            ? [350, 6500]
            : [25, 2400];
  return Math.round((min + rng() * (max - min)) * 100) / 100;
}

function describe(rng: Rng, product: string, maker: string, sub: SubCategorySeed, specs: Record<string, string>): string {
  const highlights = Object.entries(specs)
    .slice(0, 3)
    .map(([k, v]) => `${k.replace(/([A-Z])/g, ' $1').toLowerCase()} ${v}`)
    .join(', ');
  const use = pick(rng, [
    'Suited to packaging, handling and assembly machines.',
    'Built for continuous duty in harsh industrial environments.',
    'A drop-in replacement for common OEM fittings.',
    'Designed for compact machine layouts and easy maintenance.',
    'Widely used in machine tools, presses and material handling.',
  ]);
  return `${product} from ${maker} for ${sub.name.toLowerCase()}: ${highlights}. ${use}`;
}

export interface SeedOptions {
  catalog: CatalogRepository;
  users: UserRepository;
  parts: number;
  admin: { username: string; password: string };
  seed?: number;
  onProgress?: (written: number, total: number) => void;
}

export interface SeedResult {
  categories: number;
  manufacturers: number;
  parts: number;
  failures: number;
}

/**
 * Writes the demo catalogue through the repositories (same guards as every other write). Safe to run
 * again after an interruption: existing categories and manufacturers are reused by slug and parts
 * are upserted by (manufacturer, part number), so it resumes where it stopped.
 */
export async function seedDemoData(options: SeedOptions): Promise<SeedResult> {
  const { catalog } = options;
  const orExisting = async <T>(create: () => Promise<T>, existing: () => Promise<T | undefined>): Promise<T> => {
    try {
      return await create();
    } catch (err) {
      if (!(err instanceof ConflictError)) throw err;
      const found = await existing();
      if (!found) throw err;
      return found;
    }
  };
  const categories: Category[] = [];
  for (const top of CATEGORY_SEEDS) {
    const parent = await orExisting(
      () => catalog.createCategory({ name: top.name, slug: top.slug, description: top.description, parentId: null }),
      () => catalog.getCategoryBySlug(top.slug),
    );
    categories.push(parent);
    for (const sub of top.children) {
      categories.push(
        await orExisting(
          () => catalog.createCategory({ name: sub.name, slug: sub.slug, description: sub.description, parentId: parent.id }),
          () => catalog.getCategoryBySlug(sub.slug),
        ),
      );
    }
  }
  const manufacturers: Manufacturer[] = [];
  for (const m of MANUFACTURER_SEEDS) {
    manufacturers.push(
      await orExisting(
        () => catalog.createManufacturer({ name: m.name, slug: m.slug, description: m.description }),
        () => catalog.getManufacturerBySlug(m.slug),
      ),
    );
  }
  const categoryId = new Map(categories.map((c) => [c.slug, c.id]));
  const manufacturerId = new Map(manufacturers.map((m) => [m.slug, m.id]));

  const generated = generateParts(options.parts, options.seed ?? DEMO_SEED);
  let written = 0;
  let failures = 0;
  for (let i = 0; i < generated.length; i += BATCH) {
    const rows: PartUpsert[] = generated.slice(i, i + BATCH).map(({ categorySlug, manufacturerSlug, ...row }) => ({
      ...row,
      categoryId: categoryId.get(categorySlug)!,
      manufacturerId: manufacturerId.get(manufacturerSlug)!,
    }));
    const result = await withRetry(() => catalog.upsertParts(rows));
    written += result.created + result.updated + result.unchanged;
    failures += result.failures.length;
    options.onProgress?.(written, generated.length);
  }
  await ensureAdmin(options.users, options.admin);
  return { categories: categories.length, manufacturers: manufacturers.length, parts: written, failures };
}

/** Upserts are idempotent, so a batch that hit a transient failure can simply be written again. */
async function withRetry<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= attempts || !(err instanceof UnavailableError)) throw err;
      await new Promise((r) => setTimeout(r, 500 * attempt));
    }
  }
}

/** Creates the admin account, or resets its password to the configured one. */
export async function ensureAdmin(users: UserRepository, admin: { username: string; password: string }) {
  return users.upsertAdmin({ username: admin.username, isAdmin: true, passwordHash: await hashPassword(admin.password) });
}
