import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryInput } from '@parts/shared/schemas';
import { api, call } from '../../../lib/api';
import { getCategoriesQueryOptions } from '../../../api/get-categories';
import { partListsKey } from './get-admin-parts';
import { toastAdminError, toastSuccess } from '../lib/admin-toasts';

function updateCategory({ id, input }: { id: number; input: CategoryInput }): Promise<Category> {
  return call(api.api.categories[':id'].$put({ param: { id: String(id) }, json: input }));
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: async () => {
      toastSuccess('Category updated successfully');
      // Part rows show category names, so their lists refresh too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getCategoriesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: partListsKey }),
      ]);
    },
    onError: (error) => toastAdminError(error, 'Failed to update category'),
  });
}
