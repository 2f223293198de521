import { useCallback, useEffect, useRef, useState, type SetStateAction } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * Drafts of forms kept in the browser's storage, so a reload or a closed tab does not lose what was
 * typed (ADR 099). Files cannot be kept there: a page holding some asks before they are discarded
 * (useConfirmLeave).
 */

function storageOf(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    // Storage disabled (private mode, policies): drafts are simply not kept.
    return undefined;
  }
}

export function readDraft(key: string, kind: 'local' | 'session' = 'session'): unknown {
  const raw = storageOf(kind)?.getItem(key);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export function writeDraft(key: string, value: unknown, kind: 'local' | 'session' = 'session'): void {
  try {
    storageOf(kind)?.setItem(key, JSON.stringify(value));
  } catch {
    // Full storage: the draft is not kept; the form itself still works.
  }
}

export function clearDraft(key: string, kind: 'local' | 'session' = 'session'): void {
  storageOf(kind)?.removeItem(key);
}

/**
 * Whether a stored value has the shape of a freshly made one: every key of `template` is present with
 * a value of the same kind (recursively; arrays and null in the template accept any array or null/object,
 * arrays of objects are compared element by element where the template has one). A draft saved by an
 * older version of a form is not restored into a newer one.
 */
export function sameShape(template: unknown, value: unknown): boolean {
  if (template === null) return value === null || (typeof value === 'object' && !Array.isArray(value));
  if (Array.isArray(template)) {
    if (!Array.isArray(value)) return false;
    return value.every((v, i) => (i < template.length ? sameShape(template[i], v) : template.length === 0 || sameShape(template[0], v)));
  }
  if (typeof template === 'object') {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    const record = value as Record<string, unknown>;
    return Object.entries(template as Record<string, unknown>).every(([k, t]) => k in record && sameShape(t, record[k]));
  }
  return typeof template === typeof value;
}

export interface StoredDraft<T> {
  value: T;
  set: (next: SetStateAction<T>) => void;
  /** True when the value came back from storage (say so on screen). */
  restored: boolean;
  /** Forgets the stored draft (after sending, or when the person discards it). */
  clear: () => void;
}

/**
 * State kept under `key` in localStorage once changed. `accept` checks a stored value further (its
 * shape is already checked against `initial()`), and may adapt it (e.g. take fresh item data).
 */
export function useStoredDraft<T>(
  key: string,
  initial: () => T,
  accept: (stored: T, fresh: T) => T | undefined = (s) => s,
  /** Write this long after the last change (a large draft is not serialised on every keystroke); 0 writes at once. */
  delayMs = 0,
): StoredDraft<T> {
  const [state, setState] = useState(() => {
    const fresh = initial();
    const stored = readDraft(key, 'local');
    const restored = stored !== undefined && sameShape(fresh, stored) ? accept(stored as T, fresh) : undefined;
    return { value: restored ?? fresh, restored: restored !== undefined, dirty: false };
  });
  const cleared = useRef(false);

  // A delayed write still happens when the page goes away (reload, closed tab) or the form closes first.
  const pending = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!state.dirty || cleared.current) return;
    if (delayMs === 0) return writeDraft(key, state.value, 'local');
    const flush = () => {
      pending.current = null;
      if (!cleared.current) writeDraft(key, state.value, 'local');
    };
    pending.current = flush;
    const timer = setTimeout(flush, delayMs);
    window.addEventListener('pagehide', flush);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pagehide', flush);
    };
  }, [key, state, delayMs]);
  useEffect(() => () => pending.current?.(), []);

  const set = useCallback((next: SetStateAction<T>) => {
    cleared.current = false;
    setState((s) => ({ ...s, dirty: true, value: typeof next === 'function' ? (next as (prev: T) => T)(s.value) : next }));
  }, []);
  const clear = useCallback(() => {
    cleared.current = true;
    clearDraft(key, 'local');
  }, [key]);
  return { value: state.value, set, restored: state.restored, clear };
}

/**
 * While `when` holds (files picked that storage cannot keep), leaving the page asks first: the browser's
 * own prompt on reload or close, a confirm on the app's own links.
 */
export function useConfirmLeave(when: boolean, question: string): void {
  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only with a returnValue.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(question)) blocker.proceed();
    else blocker.reset();
  }, [blocker, question]);
}
