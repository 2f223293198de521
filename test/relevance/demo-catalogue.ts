import { parseSpecifications } from '@parts/shared/spec-values';
import { generateParts } from '@parts/functions/local/seed';
import { CATEGORY_SEEDS, MANUFACTURER_SEEDS } from '@parts/functions/local/seed-data';
import type { PartDocument } from '@parts/functions/modules/search/ports/search-index';

/**
 * The demo catalogue (the same deterministic parts `npm start` seeds) as search documents, without
 * DynamoDB: the judged relevance set runs against it on every engine.
 */
export function demoDocuments(count: number): PartDocument[] {
  const categories = new Map<string, { id: number; name: string; slug: string; parent?: { id: number; name: string; slug: string } }>();
  let nextCategory = 1;
  for (const top of CATEGORY_SEEDS) {
    const parent = { id: nextCategory++, name: top.name, slug: top.slug };
    categories.set(top.slug, parent);
    for (const sub of top.children) categories.set(sub.slug, { id: nextCategory++, name: sub.name, slug: sub.slug, parent });
  }
  const makers = new Map(MANUFACTURER_SEEDS.map((m, i) => [m.slug, { id: i + 1, name: m.name, slug: m.slug }]));
  return generateParts(count).map((p, i) => {
    const category = categories.get(p.categorySlug)!;
    const maker = makers.get(p.manufacturerSlug)!;
    const specifications = p.specifications ?? {};
    return {
      id: i + 1,
      version: 1,
      name: p.name,
      slug: `part-${i + 1}`,
      partNumber: p.partNumber,
      ...(p.description ? { description: p.description } : {}),
      status: p.status ?? 'active',
      price: p.price ?? null,
      categoryId: category.id,
      categoryPath: category.parent ? [category.id, category.parent.id] : [category.id],
      categoryAncestors: category.parent ? [category.parent] : [],
      categoryName: category.name,
      categorySlug: category.slug,
      manufacturerId: maker.id,
      manufacturerName: maker.name,
      manufacturerSlug: maker.slug,
      specifications,
      specNumbers: parseSpecifications(specifications),
    };
  });
}
