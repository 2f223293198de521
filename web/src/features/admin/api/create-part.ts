import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PartInput, PartView } from '@parts/shared/schemas';
import { api, call } from '../../../lib/api';
import { getAdminStatsQueryOptions } from './get-admin-stats';
import { partListsKey } from './get-admin-parts';
import { toastAdminError, toastSuccess } from '../lib/admin-toasts';

function createPart(input: PartInput): Promise<PartView> {
  return call(api.api.parts.$post({ json: input }));
}

export function useCreatePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPart,
    onSuccess: async () => {
      toastSuccess('Part created successfully');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: partListsKey }),
        queryClient.invalidateQueries({ queryKey: getAdminStatsQueryOptions().queryKey }),
      ]);
    },
    onError: (error) => toastAdminError(error, 'Failed to create part'),
  });
}
