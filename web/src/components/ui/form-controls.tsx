import type { InputHTMLAttributes, LabelHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const CONTROL =
  'block w-full rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 shadow-xs placeholder:text-stone-500 ' +
  'focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600/40 disabled:bg-stone-100 sm:text-sm';

export function Label({ className, ...rest }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn('block text-sm font-medium text-stone-800', className)} {...rest} />;
}

export function Input({ className, ...rest }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn(CONTROL, 'h-11', className)} {...rest} />;
}

export function Textarea({ className, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={cn(CONTROL, 'min-h-24 py-2', className)} {...rest} />;
}

export function Select({ className, ...rest }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={cn(CONTROL, 'h-11 pr-8', className)} {...rest} />;
}

export function Checkbox({ className, ...rest }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <input
      type="checkbox"
      className={cn('size-4 rounded border-stone-400 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700', className)}
      {...rest}
    />
  );
}

interface FieldProps {
  id: string;
  label: ReactNode;
  /** Marks the label; the control itself must still carry `required`. */
  required?: boolean;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A label above its control, with an optional hint tied to it for screen readers via `${id}-hint`. */
export function Field({ id, label, required, hint, children, className }: FieldProps) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        )}
      </Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-stone-600">
          {hint}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = Omit<FieldProps, 'children'> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & { /** The input's own classes (`className` is the field's). */ inputClassName?: string };

/** A Field holding one Input under the same id; `required` marks the label and the input both. */
export function TextField({ id, label, required, hint, className, inputClassName, ...input }: TextFieldProps) {
  return (
    <Field id={id} label={label} required={required} hint={hint} className={className}>
      <Input id={id} required={required} className={inputClassName} {...input} />
    </Field>
  );
}

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
