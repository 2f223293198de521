import type { ReactNode } from 'react';

export function EmptyState({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 p-10 text-center">
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="text-sm text-slate-600">{text}</p>
      {action}
    </div>
  );
}
