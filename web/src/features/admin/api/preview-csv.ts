import { useMutation } from '@tanstack/react-query';
import { CSV_MAX_REQUEST_BYTES } from '@parts/shared/constants';
import type { CsvPreview } from '@parts/shared/schemas';
import { api, call } from '../../../lib/api';
import { toast } from '../../../hooks/use-toast';
import { serverMessageOr } from '../lib/admin-toasts';

// Enough lines for the headers and the sample rows of any sensible file.
const PREVIEW_HEAD_BYTES = 256 * 1024;

/** A file too big for a request is previewed from its first complete lines only. */
async function previewBody(file: File): Promise<Blob> {
  if (file.size <= CSV_MAX_REQUEST_BYTES) return file;
  const head = await file.slice(0, PREVIEW_HEAD_BYTES).text();
  return new Blob([head.slice(0, head.lastIndexOf('\n') + 1) || head], { type: 'text/csv' });
}

async function previewCsv(file: File): Promise<CsvPreview> {
  const body = new FormData();
  body.append('csvFile', await previewBody(file), file.name);
  // The route reads the multipart body itself, so it goes in as the request's body.
  return call(api.api.parts['import-csv'].preview.$post(undefined, { init: { body } }));
}

export function usePreviewCsv() {
  return useMutation({
    mutationFn: previewCsv,
    onError: (error) => toast({ title: 'CSV Preview Failed', description: serverMessageOr(error, 'Failed to preview CSV file'), variant: 'destructive' }),
  });
}
