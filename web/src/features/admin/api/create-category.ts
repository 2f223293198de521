import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryInput } from '@parts/shared/schemas';
import { api, call } from '../../../lib/api';
import { getCategoriesQueryOptions } from '../../../api/get-categories';
import { getAdminStatsQueryOptions } from './get-admin-stats';
import { toastAdminError, toastSuccess } from '../lib/admin-toasts';

function createCategory(input: CategoryInput): Promise<Category> {
  return call(api.api.categories.$post({ json: input }));
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: async () => {
      toastSuccess('Category created successfully');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getCategoriesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getAdminStatsQueryOptions().queryKey }),
      ]);
    },
    onError: (error) => toastAdminError(error, 'Failed to create category'),
  });
}
