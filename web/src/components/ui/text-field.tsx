import type { InputHTMLAttributes } from 'react';
import { Field, type FieldProps, Input } from './form-controls';

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
