import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApi, reportRejected, rejected, type Api } from './api-helpers';

/**
 * Throws every kind of bad input at every call this API owns, as guest, user and admin: whatever
 * comes in, the answer is a 4xx with a JSON `{ message }`, never a 500.
 */
let api: Api;
let cookies: Record<'guest' | 'user' | 'admin', string | undefined>;
beforeAll(async () => {
  api = await createApi();
  cookies = { guest: undefined, user: (await api.customer()).cookie, admin: (await api.admin()).cookie };
});
afterAll(async () => {
  reportRejected('robustness.test.ts');
  await api.close();
});

const ENDPOINTS: [string, string][] = [
  ['POST', '/api/auth/register'],
  ['POST', '/api/auth/login'],
  ['POST', '/api/categories'],
  ['PUT', '/api/categories/1'],
  ['POST', '/api/manufacturers'],
  ['PUT', '/api/manufacturers/1'],
  ['POST', '/api/parts'],
  ['PUT', '/api/parts/1'],
  ['POST', '/api/parts/import-csv/preview'],
  ['POST', '/api/parts/import-csv'],
  ['POST', '/api/quote-requests'],
  ['PATCH', '/api/quote-requests/1/status'],
  ['POST', '/api/uploads/attachments'],
  ['POST', '/api/uploads/csv'],
  ['POST', '/api/imports'],
];

const BODIES: [string, { body?: string | Uint8Array; type?: string }][] = [
  ['no body', {}],
  ['empty JSON body', { body: '', type: 'application/json' }],
  ['truncated JSON', { body: '{"a":', type: 'application/json' }],
  ['JSON null', { body: 'null', type: 'application/json' }],
  ['JSON number', { body: '42', type: 'application/json' }],
  ['JSON array', { body: '[1,2,3]', type: 'application/json' }],
  [
    'wrong field types',
    {
      body: JSON.stringify({ name: 1, slug: [], username: {}, password: true, items: 'x', status: 7, key: 5, size: 'big', columnMapping: 'x', fileName: null }),
      type: 'application/json',
    },
  ],
  ['huge numbers', { body: '{"id":1e308,"size":1e308,"partId":-1e308,"price":1e400,"categoryId":1e21,"manufacturerId":"NaN"}', type: 'application/json' }],
  ['deeply nested', { body: '{"a":'.repeat(500) + '1' + '}'.repeat(500), type: 'application/json' }],
  ['random bytes as JSON', { body: new Uint8Array(Array.from({ length: 256 }, (_, i) => (i * 73) % 256)), type: 'application/json' }],
  ['form-urlencoded', { body: 'name=x&slug=y', type: 'application/x-www-form-urlencoded' }],
  ['text/plain', { body: 'hello', type: 'text/plain' }],
  ['multipart without boundary', { body: 'x', type: 'multipart/form-data' }],
  [
    'multipart garbage',
    { body: '--b\r\nContent-Disposition: form-data; name="csvFile"; filename="a.csv"\r\n\r\nabc', type: 'multipart/form-data; boundary=b' },
  ],
  [
    'multipart with junk fields',
    {
      body: '--b\r\nContent-Disposition: form-data; name="items"\r\n\r\n[{"partId":"x"}]\r\n--b\r\nContent-Disposition: form-data; name="columnMapping"\r\n\r\n{"a":"name"}\r\n--b--\r\n',
      type: 'multipart/form-data; boundary=b',
    },
  ],
];

describe.each(Object.keys({ guest: 1, user: 1, admin: 1 }) as ('guest' | 'user' | 'admin')[])('as %s', (role) => {
  test.each(ENDPOINTS)('%s %s never answers 5xx', async (method, path) => {
    for (const [what, { body, type }] of BODIES) {
      const headers: Record<string, string> = {};
      if (type) headers['content-type'] = type;
      if (cookies[role]) headers.cookie = cookies[role]!;
      const res = await api.app.request(path, { method, headers, ...(body !== undefined ? { body } : {}) });
      rejected.count++;
      const text = await res.text();
      expect({ what, status: res.status }).toEqual({ what, status: expect.any(Number) });
      expect(res.status, `${what}: ${text}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${what}: ${text}`).toBeLessThan(500);
      expect(JSON.parse(text)).toEqual(expect.objectContaining({ message: expect.any(String) }));
    }
  });
});

test('odd path parameters never answer 5xx', async () => {
  const paths = [
    '/api/parts/%00',
    '/api/parts/' + 'a'.repeat(2000),
    '/api/categories/%E0%A4%A',
    '/api/manufacturers/..%2F..%2Fetc',
    '/api/quote-requests/99999999999999999999999',
    '/api/quote-requests/-5',
    '/api/imports/%27%20OR%201%3D1',
  ];
  for (const path of paths) {
    const res = await api.app.request(path, { headers: { cookie: cookies.admin! } });
    rejected.count++;
    expect(res.status, path).toBeGreaterThanOrEqual(400);
    expect(res.status, path).toBeLessThan(500);
    expect(await res.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
  }
});
