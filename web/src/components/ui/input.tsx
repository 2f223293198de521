import type { InputHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export const fieldClasses =
  'flex w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-red-600';

export function Input({ className, type = 'text', ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input type={type} className={cn(fieldClasses, 'h-10', className)} {...props} />;
}
