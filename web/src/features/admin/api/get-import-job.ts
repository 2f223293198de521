import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ImportJob } from '@parts/shared/schemas';
import { api, call } from '../../../lib/api';

const POLL_MS = 1000;

function fetchImportJob(id: string): Promise<ImportJob> {
  return call(api.api.imports[':id'].$get({ param: { id: encodeURIComponent(id) } }));
}

export function isFinished(job: ImportJob | undefined): boolean {
  return job?.state === 'completed' || job?.state === 'failed';
}

/** The one polled query of the app: a running import job reports its progress until it ends. */
function getImportJobQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['imports', id] as const,
    queryFn: () => fetchImportJob(id),
    staleTime: 0,
    refetchInterval: (query) => (isFinished(query.state.data) ? false : POLL_MS),
  });
}

export function useImportJob(id: string | undefined) {
  return useQuery({ ...getImportJobQueryOptions(id ?? ''), enabled: id !== undefined });
}
