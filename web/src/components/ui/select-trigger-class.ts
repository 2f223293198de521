/** The look of a select's closed button: the Radix trigger and DeferredSelect's stand-in for it are the same box. */
export const SELECT_TRIGGER_CLASS =
  'flex h-10 w-full items-center justify-between gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 disabled:opacity-50';
