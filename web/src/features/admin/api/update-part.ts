import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PartInput, PartView } from '@parts/shared/schemas';
import { api, call } from '../../../lib/api';
import { partListsKey } from './get-admin-parts';
import { toastAdminError, toastSuccess } from '../lib/admin-toasts';

function updatePart({ id, input }: { id: number; input: PartInput }): Promise<PartView> {
  return call(api.api.parts[':id'].$put({ param: { id: String(id) }, json: input }));
}

export function useUpdatePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePart,
    onSuccess: async () => {
      toastSuccess('Part updated successfully');
      await queryClient.invalidateQueries({ queryKey: partListsKey });
    },
    onError: (error) => toastAdminError(error, 'Failed to update part'),
  });
}
