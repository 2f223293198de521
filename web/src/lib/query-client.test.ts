import { QueryClient, skipToken } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

describe("createQueryClient's defaultQueryOptions (Object.assign where react-query spreads, issue 34)", () => {
  const queryFn = () => Promise.resolve(1);
  const cases = {
    'a plain query': { queryKey: ['categories'], queryFn },
    'a key with an object, disabled': { queryKey: ['parts', { page: 2, category: 'valves' }], queryFn, enabled: false },
    'its own hash and hash function': { queryKey: ['x'], queryHash: 'given', queryKeyHashFn: () => 'fn', queryFn },
    'a hash function only': { queryKey: ['x', 1], queryKeyHashFn: (key: readonly unknown[]) => `h:${key.length}`, queryFn },
    'network mode always, suspense': { queryKey: ['y'], queryFn, networkMode: 'always' as const, suspense: true },
    'its own throwOnError and refetchOnReconnect': { queryKey: ['z'], queryFn, throwOnError: true, refetchOnReconnect: false },
    'a persister': { queryKey: ['p'], queryFn, persister: () => Promise.resolve(1) },
    skipToken: { queryKey: ['s'], queryFn: skipToken },
  };

  it.each(Object.entries(cases))('gives what the library gives: %s', (_name, options) => {
    for (const server of [false, true]) {
      const client = createQueryClient({ server });
      client.setQueryDefaults(['parts'], { gcTime: 5, staleTime: 10 });
      const ours = client.defaultQueryOptions(options as never);
      const library = QueryClient.prototype.defaultQueryOptions.call(client, options as never);
      expect(ours).toEqual(library);
      expect(Object.keys(ours).sort()).toEqual(Object.keys(library).sort());
      // Already defaulted options come back as they are.
      expect(client.defaultQueryOptions(ours)).toBe(ours);
    }
  });
});
