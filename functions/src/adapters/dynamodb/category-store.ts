import { categoryInputSchema, type Category, type CategoryInput } from '@parts/shared/schemas';
import { assertParentAllowed, catalogErrors } from '../../domain/catalog-rules';
import { ConflictError } from '../../domain/errors';
import { parseOrThrow } from '../../domain/validation';
import type { CatalogRepository } from '../../ports/catalog-repository';
import { keys, stripLayout } from './keys';
import { allocateIds, assertId, compact, countPartition, getItem, idBySlug, OPTIMISTIC_ATTEMPTS, queryPartition, type TableContext } from './support';
import { guardDelete, guardPut, mustExist, putIf, putNew, transactWrite, type TransactAction } from './transact-write';

type CategoryStore = Pick<CatalogRepository, 'listCategories' | 'getCategory' | 'getCategoryBySlug' | 'createCategory' | 'updateCategory' | 'countCategories'>;

const toCategory = (item: Record<string, unknown>): Category => {
  const c = stripLayout<Category & { parentId: number | null }>(item);
  return { id: c.id, name: c.name, slug: c.slug, ...(c.description ? { description: c.description } : {}), parentId: c.parentId ?? null };
};

const categoryItem = (id: number, input: CategoryInput) => ({
  ...keys.category(id),
  type: 'category',
  id,
  ...compact(input),
  parentId: input.parentId ?? null,
});

/** Categories: items under one partition, slugs unique through guard items, parents checked at commit. */
export function createCategoryStore(ctx: TableContext): CategoryStore {
  const slugTaken = (slug: string) => catalogErrors.slugTaken('category', slug);
  const parentExists = (parentId: number | null | undefined): TransactAction[] =>
    parentId ? [mustExist(ctx, keys.category(parentId), catalogErrors.parentMissing())] : [];

  /** The parent chain is read before the write; the parent's existence is checked again at commit. */
  async function assertNoCycle(id: number, parentId: number) {
    const parentOf = new Map((await queryPartition(ctx, 'CATEGORY')).map((item) => [Number(item.id), item.parentId as number | null]));
    assertParentAllowed(id, parentId, parentOf);
  }

  async function createCategory(raw: CategoryInput): Promise<Category> {
    const input = parseOrThrow(categoryInputSchema, raw);
    const id = await allocateIds(ctx, 'category', 1);
    const item = categoryItem(id, input);
    await transactWrite(ctx, [
      putNew(ctx, item, new ConflictError('The category could not be saved; try again')),
      guardPut(ctx, keys.slugGuard('category', input.slug), id, slugTaken(input.slug)),
      ...parentExists(input.parentId),
    ]);
    return toCategory(item);
  }

  async function updateCategory(id: number, raw: CategoryInput): Promise<Category> {
    assertId(id);
    const input = parseOrThrow(categoryInputSchema, raw);
    for (let attempt = 1; attempt <= OPTIMISTIC_ATTEMPTS; attempt++) {
      const current = await getItem(ctx, keys.category(id));
      if (!current) throw catalogErrors.notFound('Category');
      if (input.parentId) await assertNoCycle(id, input.parentId);
      const item = categoryItem(id, input);
      const oldSlug = String(current.slug);
      const outcome = await transactWrite(ctx, [
        putIf(ctx, item, { expression: 'attribute_exists(pk) AND slug = :old', values: { ':old': oldSlug } }, 'retry'),
        ...(oldSlug === input.slug
          ? []
          : [guardDelete(ctx, keys.slugGuard('category', oldSlug), id), guardPut(ctx, keys.slugGuard('category', input.slug), id, slugTaken(input.slug))]),
        ...parentExists(input.parentId),
      ]);
      if (outcome === 'ok') return toCategory(item);
    }
    throw catalogErrors.changedConcurrently('Category', id);
  }

  return {
    listCategories: async () => (await queryPartition(ctx, 'CATEGORY')).map(toCategory),
    getCategory: async (id) => {
      assertId(id);
      const item = await getItem(ctx, keys.category(id));
      return item ? toCategory(item) : undefined;
    },
    getCategoryBySlug: async (slug) => {
      const id = await idBySlug(ctx, 'category', slug);
      const item = id ? await getItem(ctx, keys.category(id)) : undefined;
      return item ? toCategory(item) : undefined;
    },
    createCategory,
    updateCategory,
    countCategories: () => countPartition(ctx, 'CATEGORY'),
  };
}
