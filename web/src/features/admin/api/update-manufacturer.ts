import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Manufacturer, ManufacturerInput } from '@parts/shared/schemas';
import { api, call } from '../../../lib/api';
import { getManufacturersQueryOptions } from '../../../api/get-manufacturers';
import { partListsKey } from './get-admin-parts';
import { toastAdminError, toastSuccess } from '../lib/admin-toasts';

function updateManufacturer({ id, input }: { id: number; input: ManufacturerInput }): Promise<Manufacturer> {
  return call(api.api.manufacturers[':id'].$put({ param: { id: String(id) }, json: input }));
}

export function useUpdateManufacturer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateManufacturer,
    onSuccess: async () => {
      toastSuccess('Manufacturer updated successfully');
      // Part rows show manufacturer names, so their lists refresh too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getManufacturersQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: partListsKey }),
      ]);
    },
    onError: (error) => toastAdminError(error, 'Failed to update manufacturer'),
  });
}
