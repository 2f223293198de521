import { useMutation } from '@tanstack/react-query';
import type { BomMatchLine, BomMatchResponse } from '@parts/shared/bom';
import { apiRequest } from '../../../lib/api-client';

function matchBom(lines: BomMatchLine[]): Promise<BomMatchResponse> {
  return apiRequest<BomMatchResponse>('POST', '/api/bom/match', { lines });
}

export function useMatchBom() {
  return useMutation({ mutationFn: matchBom });
}
