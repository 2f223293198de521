import { describe, expect, it } from 'vitest';
import { createToastStore } from './use-toast';

describe('toast store', () => {
  it('keeps only the newest toast and marks dismissed ones closed', () => {
    const store = createToastStore();
    store.show({ title: 'First' });
    const second = store.show({ title: 'Second', variant: 'destructive' });
    expect(store.getSnapshot().map((t) => t.title)).toEqual(['Second']);
    second.dismiss();
    expect(store.getSnapshot()[0]).toMatchObject({ title: 'Second', open: false });
  });
});
