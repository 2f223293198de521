import { describe, expect, it } from 'vitest';
import { dehydrate } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { forServerRender } from './server-prefetch';

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('the server renderer’s prefetch (issue 34)', () => {
  it('puts each answer in the cache as the query’s data, the queries in the order they were asked for', async () => {
    const client = createQueryClient({ server: true });
    const server = forServerRender(client);
    await Promise.all([
      server.prefetchQuery({ queryKey: ['slow'], queryFn: () => later(20, 'a') }),
      server.prefetchQuery({ queryKey: ['fast'], queryFn: () => later(0, 'b') }),
    ]);
    expect(client.getQueryState(['slow'])).toMatchObject({ status: 'success', data: 'a' });
    expect(dehydrate(client).queries.map((q) => q.queryKey)).toEqual([['slow'], ['fast']]);
    await expect(server.fetchQuery({ queryKey: ['fast'], queryFn: () => 'not asked again' })).resolves.toBe('b');
  });

  it('gives a failed query the error state a fetch gives it, and fetchQuery rejects with the error', async () => {
    const client = createQueryClient({ server: true });
    const server = forServerRender(client);
    const notFound = new ApiError(404, 'Not Found', '{"message":"Part not found"}');
    await server.prefetchQuery({ queryKey: ['part'], queryFn: () => Promise.reject(notFound) });
    expect(client.getQueryState(['part'])).toMatchObject({ status: 'error', error: notFound });
    await expect(server.fetchQuery({ queryKey: ['other'], queryFn: () => Promise.reject(notFound) })).rejects.toBe(notFound);
  });
});
