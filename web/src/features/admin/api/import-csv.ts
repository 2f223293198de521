import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ColumnMapping, CsvImportResult } from '@parts/shared/schemas';
import { api, call } from '../../../lib/api';
import { getAdminStatsQueryOptions } from './get-admin-stats';
import { partListsKey } from './get-admin-parts';
import { toastImportFailed, toastImportResult } from '../lib/admin-toasts';

async function importCsv({ file, columnMapping }: { file: File; columnMapping: ColumnMapping }): Promise<CsvImportResult> {
  const body = new FormData();
  body.append('csvFile', file, file.name);
  body.append('columnMapping', JSON.stringify(columnMapping));
  return call(api.api.parts['import-csv'].$post(undefined, { init: { body } }));
}

export function useImportCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importCsv,
    onSuccess: async (result) => {
      toastImportResult(result);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: partListsKey }),
        queryClient.invalidateQueries({ queryKey: getAdminStatsQueryOptions().queryKey }),
      ]);
    },
    onError: toastImportFailed,
  });
}
