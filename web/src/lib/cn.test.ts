import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it("lets the caller's width override the component's default width", () => {
    expect(cn('grid max-w-lg p-6', 'max-w-5xl')).toBe('grid p-6 max-w-5xl');
  });

  it('keeps classes of different kinds', () => {
    expect(cn('px-2', undefined, null, 'py-1')).toBe('px-2 py-1');
  });
});
