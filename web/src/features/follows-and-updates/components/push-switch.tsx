import { Field, Label, Description, Switch } from '@headlessui/react';
import { cn } from '@/lib/cn';
import { usePushSwitch } from '../hooks/use-push-switch';

const MESSAGES: Partial<Record<string, string>> = {
  unsupported: 'This browser cannot show push notifications. On an iPhone or iPad, add Pay Local to your Home Screen first.',
  denied: 'Notifications are blocked for this site. Allow them in your browser settings, then turn this on again.',
};

/** On /notifications: push messages from followed businesses on this device (asks for permission only when turned on). */
export function PushSwitch() {
  const { state, error, turnOn, turnOff } = usePushSwitch();
  const checked = state === 'on';
  const disabled = state === 'checking' || state === 'busy' || state === 'unsupported';
  const message = error ?? MESSAGES[state];
  return (
    <Field className="flex items-start justify-between gap-4 rounded-xl border border-stone-200 bg-white p-4">
      <div className="space-y-1">
        <Label className="font-semibold text-stone-900">Push notifications on this device</Label>
        <Description className="text-sm text-stone-700">
          New deals and updates from businesses you follow, even when the app is closed.
        </Description>
        {message && (
          <p role="status" className="text-sm text-amber-800">
            {message}
          </p>
        )}
      </div>
      <Switch
        checked={checked}
        disabled={disabled}
        onChange={(on: boolean) => void (on ? turnOn() : turnOff())}
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60',
          checked ? 'bg-brand-700' : 'bg-stone-400',
        )}
      >
        <span
          aria-hidden="true"
          className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-6' : 'translate-x-1')}
        />
      </Switch>
    </Field>
  );
}
