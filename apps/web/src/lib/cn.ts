import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names and lets later Tailwind classes win over earlier ones (callers' last). */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
