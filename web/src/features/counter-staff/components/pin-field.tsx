import type { ReactNode } from 'react';
import { Field, Input } from '@/components/ui/form-controls';

interface PinFieldProps {
  id: string;
  label: ReactNode;
  /** Tied to the input for screen readers. */
  hint?: ReactNode;
  value: string;
  /** The digits typed, anything else dropped. */
  onChange: (pin: string) => void;
  autoFocus?: boolean;
  inputClassName?: string;
}

/** A staff PIN (decision 166): 4 to 6 digits, hidden as typed, never filled in by the browser. */
export function PinField({ id, label, hint, value, onChange, autoFocus, inputClassName }: PinFieldProps) {
  return (
    <Field id={id} label={label} required hint={hint}>
      <Input id={id} type="password" inputMode="numeric" autoComplete="off" pattern="\d{4,6}" required minLength={4} maxLength={6}
        aria-describedby={hint ? `${id}-hint` : undefined} autoFocus={autoFocus} className={inputClassName}
        value={value} onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))} />
    </Field>
  );
}
