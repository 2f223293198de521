import { describe, expect, test } from 'vitest';
import * as z from 'zod';
import { isOneLine, oneLine, optionalOneLine } from './one-line';

describe('one-line fields', () => {
  test.each([
    ['CR LF', 'a\r\nb'],
    ['LF', 'a\nb'],
    ['tab', 'a\tb'],
    ['NUL', 'a\u0000b'],
    ['DEL', 'a\u007fb'],
    ['NEL (C1)', 'a\u0085b'],
    ['line separator', 'a\u2028b'],
    ['paragraph separator', 'a\u2029b'],
    ['RLO', 'a\u202eb'],
    ['RLI', 'a\u2067b'],
    ['RLM', 'a\u200fb'],
  ])('refuses %s', (_what, value) => expect(isOneLine(value)).toBe(false));

  test.each(['Ada Lovelace', "O'Brien & Söhne", 'Zoë Łódź', '北京 上海', 'Ωmega-Ёлка', 'ZWNJ in Persian: می\u200cخواهم', '+49 (0)30 1234-567'])(
    'accepts %s',
    (value) => expect(isOneLine(value)).toBe(true),
  );

  test('the message names the field; optional ones turn empty into undefined', () => {
    const schema = z.object({ name: oneLine(z.string().trim().min(1), 'Name'), company: optionalOneLine(200, 'Company') });
    const result = schema.safeParse({ name: 'a\nb', company: 'x\ty' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'Name cannot contain line breaks or control characters'],
      ['company', 'Company cannot contain line breaks or control characters'],
    ]);
    expect(schema.parse({ name: ' Ada ', company: '  ' })).toEqual({ name: 'Ada', company: undefined });
  });
});
