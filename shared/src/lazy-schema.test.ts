import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { lazySchema, realSchema } from './lazy-schema';

describe('lazySchema', () => {
  it('builds the schema on first use, once', () => {
    let builds = 0;
    const schema = lazySchema(() => {
      builds += 1;
      return z.object({ name: z.string().min(1, 'Required') });
    });
    expect(builds).toBe(0);
    expect(schema.parse({ name: 'Valve' })).toEqual({ name: 'Valve' });
    expect(schema.safeParse({ name: '' }).error?.issues[0]?.message).toBe('Required');
    expect(builds).toBe(1);
  });

  it('behaves as the schema it stands for: instanceof, composition, extension', () => {
    const part = lazySchema(() => z.object({ partNumber: z.string() }));
    expect(part).toBeInstanceOf(z.ZodObject);
    const line = z.object({ part, quantity: z.number().int().positive() });
    expect(line.parse({ part: { partNumber: 'BV-34' }, quantity: 2 })).toEqual({ part: { partNumber: 'BV-34' }, quantity: 2 });
    expect(line.safeParse({ part: {}, quantity: 2 }).success).toBe(false);
    const extended = part.extend({ note: z.string().optional() });
    expect(extended.parse({ partNumber: 'A', note: 'x' })).toEqual({ partNumber: 'A', note: 'x' });
    expect(Object.keys(part.shape)).toEqual(['partNumber']);
  });

  it('realSchema answers the schema behind the proxy, so code that keys by identity (JSON Schema output) sees the real one', () => {
    const real = z.string().optional();
    const lazy = lazySchema(() => real);
    expect(lazy).not.toBe(real);
    expect(realSchema(lazy)).toBe(real);
    expect(realSchema(real)).toBe(real);
  });
});
