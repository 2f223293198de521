import { useMutation } from '@tanstack/react-query';
import type { ColumnMapping, ImportJob, PresignedUpload } from '@parts/shared/schemas';
import { ApiError } from '../../../lib/api-client';
import { api, call } from '../../../lib/api';
import { toastImportFailed } from '../lib/admin-toasts';

/** A file too big for a request body goes to S3 with a presigned PUT; the job then reads it from there. */
async function startImportJob({ file, columnMapping }: { file: File; columnMapping: ColumnMapping }): Promise<ImportJob> {
  const upload: PresignedUpload = await call(api.api.uploads.csv.$post({ json: { fileName: file.name, size: file.size } }));
  const response = await fetch(upload.url, { method: upload.method, headers: upload.headers, body: file });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  return call(api.api.imports.$post({ json: { key: upload.key, columnMapping } }));
}

export function useStartImportJob() {
  return useMutation({ mutationFn: startImportJob, onError: toastImportFailed });
}
