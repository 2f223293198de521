import { useMutation } from '@tanstack/react-query';
import type { SavedBomMapping } from '@parts/shared/bom';
import { apiRequest } from '../../../lib/api-client';

/** Remembers a signed-in buyer's confirmed columns (by header name) for their next list. */
function saveBomMapping(mapping: SavedBomMapping): Promise<SavedBomMapping> {
  return apiRequest<SavedBomMapping>('PUT', '/api/bom/mapping', mapping);
}

export function useSaveBomMapping() {
  return useMutation({ mutationFn: saveBomMapping });
}
