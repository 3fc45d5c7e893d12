import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface RadioLabelProps {
  name: string;
  value: string | number;
  checked: boolean;
  onSelect: () => void;
  /** The look of the choice (its box, and how it shows when checked). */
  className: string;
  'aria-describedby'?: string;
  children: ReactNode;
}

/**
 * One choice of a radio group drawn as its label: the native radio stays (hidden), so arrow keys and screen
 * readers work as for any radio, and the label shows the keyboard focus.
 */
export function RadioLabel({ name, value, checked, onSelect, className, 'aria-describedby': describedBy, children }: RadioLabelProps) {
  return (
    <label className={cn('cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700', className)}>
      <input type="radio" name={name} value={value} checked={checked} onChange={onSelect} className="sr-only" aria-describedby={describedBy} />
      {children}
    </label>
  );
}
