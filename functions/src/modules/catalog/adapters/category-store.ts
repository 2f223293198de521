import { categoryInputSchema, type Category, type CategoryInput } from '@parts/shared/schemas';
import { assertCategoryNameFree, assertParentAllowed, catalogErrors, categoryNameKey } from '../catalog-rules';
import { ConflictError } from '../../../domain/errors';
import { parseOrThrow } from '../../../domain/validation';
import type { CatalogRepository } from '../ports/catalog-repository';
import { keys, stripLayout } from '../../../adapters/dynamodb/keys';
import {
  allocateIds,
  assertId,
  compact,
  countPartition,
  getItem,
  idBySlug,
  OPTIMISTIC_ATTEMPTS,
  queryPartition,
  type TableContext,
} from '../../../adapters/dynamodb/support';
import { guardDelete, guardPut, mustExist, putIf, putNew, transactWrite, type TransactAction } from '../../../adapters/dynamodb/transact-write';

type CategoryStore = Pick<CatalogRepository, 'listCategories' | 'getCategory' | 'getCategoryBySlug' | 'createCategory' | 'updateCategory' | 'countCategories'>;

const toCategory = (item: Record<string, unknown>): Category => {
  const c = stripLayout<Category & { parentId: number | null }>(item);
  return { id: c.id, name: c.name, slug: c.slug, ...(c.description ? { description: c.description } : {}), parentId: c.parentId ?? null };
};

/** The key of the guard that holds a category's name among its parent's children (ADR 102). */
const nameGuardOf = (input: CategoryInput) => keys.categoryNameGuard(input.parentId ?? null, categoryNameKey(input.name));

const categoryItem = (id: number, input: CategoryInput) => ({
  ...keys.category(id),
  type: 'category',
  id,
  ...compact(input),
  parentId: input.parentId ?? null,
  /** The name guard this category holds; absent on categories written before name guards (ADR 102). */
  nameGuard: nameGuardOf(input).pk,
});

/** Categories: items under one partition; slugs and names among siblings unique through guard items, parents checked at commit. */
export function createCategoryStore(ctx: TableContext): CategoryStore {
  const slugTaken = (slug: string) => catalogErrors.slugTaken('category', slug);
  const parentExists = (parentId: number | null | undefined): TransactAction[] =>
    parentId ? [mustExist(ctx, keys.category(parentId), catalogErrors.parentMissing())] : [];
  const nameGuardPut = (input: CategoryInput, id: number) => guardPut(ctx, nameGuardOf(input), id, catalogErrors.categoryNameTaken(input.name));

  const readAll = async () => (await queryPartition(ctx, 'CATEGORY')).map(toCategory);

  /** The parent chain is read before the write; the parent's existence is checked again at commit. */
  function assertNoCycle(id: number, parentId: number, all: Category[]) {
    assertParentAllowed(id, parentId, new Map(all.map((c) => [c.id, c.parentId ?? null])));
  }

  async function createCategory(raw: CategoryInput): Promise<Category> {
    const input = parseOrThrow(categoryInputSchema, raw);
    // Sees siblings written before name guards existed; the guard below settles every race.
    assertCategoryNameFree(undefined, input.name, input.parentId ?? null, await readAll());
    const id = await allocateIds(ctx, 'category', 1);
    const item = categoryItem(id, input);
    await transactWrite(ctx, [
      putNew(ctx, item, new ConflictError('The category could not be saved; try again')),
      guardPut(ctx, keys.slugGuard('category', input.slug), id, slugTaken(input.slug)),
      nameGuardPut(input, id),
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
      const item = categoryItem(id, input);
      const oldGuard = typeof current.nameGuard === 'string' ? current.nameGuard : undefined;
      const nameMoves = oldGuard !== item.nameGuard;
      if (input.parentId || nameMoves) {
        const all = await readAll();
        if (input.parentId) assertNoCycle(id, input.parentId, all);
        if (nameMoves) assertCategoryNameFree(id, input.name, input.parentId ?? null, all);
      }
      const oldSlug = String(current.slug);
      const outcome = await transactWrite(ctx, [
        putIf(
          ctx,
          item,
          oldGuard === undefined
            ? { expression: 'attribute_exists(pk) AND slug = :old AND attribute_not_exists(nameGuard)', values: { ':old': oldSlug } }
            : { expression: 'attribute_exists(pk) AND slug = :old AND nameGuard = :guard', values: { ':old': oldSlug, ':guard': oldGuard } },
          'retry',
        ),
        ...(oldSlug === input.slug
          ? []
          : [guardDelete(ctx, keys.slugGuard('category', oldSlug), id), guardPut(ctx, keys.slugGuard('category', input.slug), id, slugTaken(input.slug))]),
        ...(!nameMoves ? [] : [...(oldGuard === undefined ? [] : [guardDelete(ctx, { pk: oldGuard, sk: 'CATNAME' }, id)]), nameGuardPut(input, id)]),
        ...parentExists(input.parentId),
      ]);
      if (outcome === 'ok') return toCategory(item);
    }
    throw catalogErrors.changedConcurrently('Category', id);
  }

  return {
    listCategories: readAll,
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
