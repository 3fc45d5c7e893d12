import { PASSWORD_RULE_HINT, passwordProblem } from '@shared/password-rule.ts';
import { useState } from 'react';
import { Field, Input } from './form-controls';

/**
 * Why a new password would be refused ("Password must be at least 8 characters."), or null: the server's
 * own rule (decision 176), checked before sending. Commonness is the server's alone (its list stays out of
 * the bundle); its message is shown as it comes.
 */
export function newPasswordRefusal(password: string, label = 'Password'): string | null {
  const problem = passwordProblem(password);
  return problem ? `${label} ${problem}.` : null;
}

interface NewPasswordFieldProps {
  id: string;
  label?: string;
  value: string;
  onChange: (value: string) => void;
  /** The refusal to show under the field (from newPasswordRefusal), if any. */
  error?: string | null;
  hint?: string;
}

/** A field for a password being set: states the one rule and shows why a typed one would be refused. */
export function NewPasswordField({ id, label = 'Password', value, onChange, error, hint = PASSWORD_RULE_HINT }: NewPasswordFieldProps) {
  return (
    <Field id={id} label={label} required hint={hint}>
      {/* No minLength: the browser's bubble would stop the submit before the form's own check names the rule. */}
      <Input id={id} name={id} type="password" autoComplete="new-password" required
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`} aria-invalid={error ? true : undefined}
        value={value} onChange={(e) => onChange(e.target.value)} />
      {error && <p id={`${id}-error`} role="alert" className="text-sm text-red-700">{error}</p>}
    </Field>
  );
}

/**
 * The check before sending a new password typed with a second entry to match (the password again, or a PIN again):
 * the rule first (its refusal under the password field), then the two entries.
 */
export function useNewPasswordCheck() {
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [mismatch, setMismatch] = useState(false);
  const passes = (password: string, entry: string, again: string): boolean => {
    const refusal = newPasswordRefusal(password);
    setPasswordError(refusal);
    if (refusal) return false;
    setMismatch(entry !== again);
    return entry === again;
  };
  return { passwordError, mismatch, passes };
}
