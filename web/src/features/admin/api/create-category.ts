import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryInput } from '@parts/shared/schemas';
import { apiRequest } from '../../../lib/api-client';
import { getCategoriesQueryOptions } from '../../../api/get-categories';
import { getAdminStatsQueryOptions } from './get-admin-stats';
import { toastAdminError, toastSuccess } from '../lib/admin-toasts';

export function createCategory(input: CategoryInput): Promise<Category> {
  return apiRequest<Category>('POST', '/api/categories', input);
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
