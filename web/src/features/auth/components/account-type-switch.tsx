import { RadioLabel } from '@/components/ui/radio-label';
import { cn } from '@/lib/cn';
import type { AccountType } from '../utils/register-form-state';

const OPTIONS: Array<{ value: AccountType; label: string; blurb: string }> = [
  { value: 'USER', label: 'Customer', blurb: 'Save at local businesses' },
  { value: 'MERCHANT', label: 'Merchant', blurb: 'List your business' },
];

/** Two radio buttons drawn as cards: native radios keep arrow-key and screen-reader behaviour for free. */
export function AccountTypeSwitch({ value, onChange }: { value: AccountType; onChange: (value: AccountType) => void }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-stone-800">Account type</legend>
      <div className="grid grid-cols-2 gap-3">
        {OPTIONS.map((option) => {
          const checked = option.value === value;
          return (
            <RadioLabel
              key={option.value}
              name="accountType"
              value={option.value}
              checked={checked}
              onSelect={() => onChange(option.value)}
              className={cn(
                'relative flex flex-col rounded-xl border-2 p-3 transition-colors has-[:focus-visible]:outline-offset-2',
                checked ? 'border-brand-700 bg-brand-50' : 'border-stone-200 bg-white hover:border-stone-300',
              )}
            >
              <span className="font-semibold text-stone-900">{option.label}</span>
              <span className="text-xs text-stone-600">{option.blurb}</span>
            </RadioLabel>
          );
        })}
      </div>
    </fieldset>
  );
}
