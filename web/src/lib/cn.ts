import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

// twMerge lets a caller's class win over the component's default of the same kind
// (DialogContent's max-w-lg vs a dialog's max-w-5xl): with clsx alone both stayed and CSS order decided.
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
