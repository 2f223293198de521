import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export type BadgeVariant = 'default' | 'secondary' | 'outline' | 'yellow' | 'blue' | 'green' | 'red' | 'purple';

const variants: Record<BadgeVariant, string> = {
  default: 'bg-blue-700 text-white',
  secondary: 'bg-slate-100 text-slate-800',
  outline: 'border border-slate-300 text-slate-800',
  yellow: 'bg-yellow-100 text-yellow-900',
  blue: 'bg-blue-100 text-blue-900',
  green: 'bg-green-100 text-green-900',
  red: 'bg-red-100 text-red-900',
  purple: 'bg-purple-100 text-purple-900',
};

export function Badge({ className, variant = 'default', ...props }: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', variants[variant], className)} {...props} />;
}
