import { useSyncExternalStore } from 'react';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@parts/shared/constants';

type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

type Listener = () => void;

/** A tiny store so `toast()` can be called from mutations and event handlers outside React. */
export function createToastStore() {
  let toasts: ToastItem[] = [];
  let counter = 0;
  const listeners = new Set<Listener>();
  const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

  const emit = () => listeners.forEach((listener) => listener());

  const remove = (id: string) => {
    toasts = toasts.filter((t) => t.id !== id);
    removalTimers.delete(id);
    emit();
  };

  const dismiss = (id: string) => {
    toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
    if (!removalTimers.has(id))
      removalTimers.set(
        id,
        setTimeout(() => remove(id), TOAST_REMOVE_DELAY_MS),
      );
    emit();
  };

  const show = (input: ToastInput) => {
    counter += 1;
    const id = String(counter);
    toasts = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
    emit();
    return { id, dismiss: () => dismiss(id) };
  };

  return {
    show,
    dismiss,
    getSnapshot: () => toasts,
    subscribe: (listener: Listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

// The one store of the running page; tests build their own with createToastStore().
const pageToasts = createToastStore();

export function toast(input: ToastInput) {
  return pageToasts.show(input);
}

export function useToast(store: ToastStore = pageToasts) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return { toasts, toast: store.show, dismiss: store.dismiss };
}
