import { useMutation } from '@tanstack/react-query';
import type { BomSheet } from '@parts/shared/bom';
import { apiRequest } from '../../../lib/api-client';

/** A file (CSV, TSV, XLSX) or pasted text, read on the server into rows with a guessed or remembered column mapping. */
function parseBom(source: { file: File } | { text: string }): Promise<BomSheet> {
  if ('text' in source) return apiRequest<BomSheet>('POST', '/api/bom/parse', { text: source.text });
  const form = new FormData();
  form.append('file', source.file, source.file.name);
  return apiRequest<BomSheet>('POST', '/api/bom/parse', form);
}

export function useParseBom() {
  return useMutation({ mutationFn: parseBom });
}
