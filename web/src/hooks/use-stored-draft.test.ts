import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sameShape, useStoredDraft } from './use-stored-draft';

beforeEach(() => window.localStorage.clear());

describe('sameShape', () => {
  it('accepts a value with every key of the template, of the same kinds', () => {
    const template = { message: '', lines: [{ price: '', supply: true, alternative: null }] };
    expect(sameShape(template, { message: 'hi', lines: [{ price: '12', supply: false, alternative: { partId: 1 } }] })).toBe(true);
  });
  it('refuses a draft of another shape (an older form, a missing key, another kind)', () => {
    const template = { message: '', lines: [{ price: '' }] };
    expect(sameShape(template, { message: 'hi' })).toBe(false);
    expect(sameShape(template, { message: 1, lines: [] })).toBe(false);
    expect(sameShape(template, { message: 'hi', lines: [{ price: 12 }] })).toBe(false);
    expect(sameShape(template, null)).toBe(false);
  });
});

describe('useStoredDraft', () => {
  it('keeps a changed value in storage and restores it on the next mount; clear forgets it', () => {
    const first = renderHook(() => useStoredDraft('draft:test', () => ({ message: '' })));
    expect(first.result.current.restored).toBe(false);
    act(() => first.result.current.set({ message: 'half typed' }));
    first.unmount();

    const second = renderHook(() => useStoredDraft('draft:test', () => ({ message: '' })));
    expect(second.result.current.value).toEqual({ message: 'half typed' });
    expect(second.result.current.restored).toBe(true);
    act(() => second.result.current.clear());
    second.unmount();

    const third = renderHook(() => useStoredDraft('draft:test', () => ({ message: '' })));
    expect(third.result.current.value).toEqual({ message: '' });
    expect(third.result.current.restored).toBe(false);
  });

  it('an untouched form stores nothing, and a draft that accept() refuses is not restored', () => {
    const untouched = renderHook(() => useStoredDraft('draft:other', () => ({ message: 'default' })));
    untouched.unmount();
    expect(window.localStorage.getItem('draft:other')).toBeNull();
    window.localStorage.setItem('draft:other', JSON.stringify({ message: 'stale' }));
    const refused = renderHook(() =>
      useStoredDraft(
        'draft:other',
        () => ({ message: '' }),
        () => undefined,
      ),
    );
    expect(refused.result.current.value).toEqual({ message: '' });
  });
});
