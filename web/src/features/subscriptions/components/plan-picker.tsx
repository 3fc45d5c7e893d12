import type { PlanId } from '@shared/constants.ts';
import { Badge } from '@/components/ui/badge';
import { RadioLabel } from '@/components/ui/radio-label';
import { cn } from '@/lib/cn';
import { PLAN_OPTIONS } from '../utils/plans';

/** The four plans as one radio group; Monthly ("Premium", "Most Popular") is the default. */
export function PlanPicker({ value, onChange, disabled }: { value: PlanId; onChange: (plan: PlanId) => void; disabled?: boolean }) {
  return (
    <fieldset className="space-y-3" disabled={disabled}>
      <legend className="mb-3 text-lg font-semibold text-stone-900">1. Choose your plan</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {PLAN_OPTIONS.map((plan) => {
          const checked = plan.id === value;
          return (
            <RadioLabel
              key={plan.id}
              name="plan"
              value={plan.id}
              checked={checked}
              onSelect={() => onChange(plan.id)}
              aria-describedby={`plan-${plan.id}-blurb`}
              className={cn(
                'relative flex flex-col gap-1 rounded-2xl border bg-white p-4 shadow-xs transition-colors has-[:focus-visible]:outline-offset-2',
                checked ? 'border-brand-700 ring-2 ring-brand-700/30' : 'border-stone-200 hover:border-stone-300',
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="flex items-baseline gap-2">
                  <span className="font-semibold text-stone-900">{plan.label}</span>
                  {plan.id === 'monthly' && <span className="text-sm font-medium text-brand-800">{plan.name}</span>}
                </span>
                {plan.badge && <Badge variant={plan.id === 'monthly' ? 'default' : 'warning'}>{plan.badge}</Badge>}
              </span>
              <span className="text-2xl font-bold text-stone-900">
                {plan.price} <span className="text-sm font-normal text-stone-600">{plan.period}</span>
              </span>
              <span id={`plan-${plan.id}-blurb`} className="text-sm text-stone-600">
                {plan.blurb}
              </span>
            </RadioLabel>
          );
        })}
      </div>
      <p className="text-xs text-stone-600">Prices in USD. 10% of your membership goes to the local charity you choose.</p>
    </fieldset>
  );
}
