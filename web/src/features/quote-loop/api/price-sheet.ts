import { useMutation } from '@tanstack/react-query';
import type { PriceSheetFill, PriceSheetFormat, PriceSheetReading } from '@parts/shared/price-sheet';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { saveDownload } from '../../../lib/save-download';

/** The request's lines as a price sheet (XLSX or CSV) with the draft filled in, saved by the browser as a download. */
async function downloadPriceSheet({ quoteId, format, fills }: { quoteId: number; format: PriceSheetFormat; fills: PriceSheetFill[] }): Promise<void> {
  const res = await apiFetch(`/api/quote-requests/${quoteId}/price-sheet/export`, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: '*/*', 'Content-Type': 'application/json' },
    body: JSON.stringify({ format, fills }),
  });
  await saveDownload(res, `quote-${quoteId}-price-sheet.${format}`);
}

/** A priced sheet read on the server: the lines that passed and every problem by row and column. Nothing is stored. */
async function loadPriceSheet({ quoteId, file }: { quoteId: number; file: File }): Promise<PriceSheetReading> {
  const body = new FormData();
  body.append('file', file, file.name);
  const res = await apiFetch(`/api/quote-requests/${quoteId}/price-sheet/import`, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    body,
  });
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text());
  return (await res.json()) as PriceSheetReading;
}

export const useDownloadPriceSheet = () => useMutation({ mutationFn: downloadPriceSheet });
export const useLoadPriceSheet = () => useMutation({ mutationFn: loadPriceSheet });
