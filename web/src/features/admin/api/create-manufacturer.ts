import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Manufacturer, ManufacturerInput } from '@parts/shared/schemas';
import { api, call } from '../../../lib/api';
import { getManufacturersQueryOptions } from '../../../api/get-manufacturers';
import { getAdminStatsQueryOptions } from './get-admin-stats';
import { toastAdminError, toastSuccess } from '../lib/admin-toasts';

function createManufacturer(input: ManufacturerInput): Promise<Manufacturer> {
  return call(api.api.manufacturers.$post({ json: input }));
}

export function useCreateManufacturer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createManufacturer,
    onSuccess: async () => {
      toastSuccess('Manufacturer created successfully');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getManufacturersQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getAdminStatsQueryOptions().queryKey }),
      ]);
    },
    onError: (error) => toastAdminError(error, 'Failed to create manufacturer'),
  });
}
