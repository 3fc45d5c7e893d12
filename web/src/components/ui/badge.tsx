import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

type BadgeVariant = 'default' | 'secondary' | 'outline' | 'destructive' | 'warning';

const VARIANTS: Record<BadgeVariant, string> = {
  default: 'bg-brand-700 text-white',
  secondary: 'bg-stone-100 text-stone-800',
  outline: 'border border-stone-300 text-stone-800',
  destructive: 'bg-red-700 text-white',
  warning: 'bg-amber-100 text-amber-900',
};

export function Badge({ variant = 'default', className, ...rest }: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', VARIANTS[variant], className)}
      {...rest}
    />
  );
}
