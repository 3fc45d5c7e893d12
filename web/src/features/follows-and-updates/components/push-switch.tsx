import { Field, Label, Description, Switch } from '@headlessui/react';
import { cn } from '@/lib/cn';
import { usePushSwitch } from '../hooks/use-push-switch';

/** Why the switch cannot turn on, and how to change it (issue 31). */
const MESSAGES: Partial<Record<string, string>> = {
  unsupported:
    'This browser cannot show push notifications here. On an iPhone or iPad: tap Share, then "Add to Home Screen", ' +
    'open Pay Local from the Home Screen and turn this on there.',
  denied:
    'Notifications are blocked for this site. To allow them: tap the icon left of the address bar, open the site ' +
    'settings and set Notifications to Allow (on a phone: the app or browser settings, Notifications), then turn this on again.',
  dismissed: 'The browser asked without an answer, so nothing changed. Turn this on again to be asked once more.',
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
        // A 44 px tap target around the drawn track (issue 31).
        className="group inline-flex h-11 w-14 shrink-0 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60"
      >
        <span aria-hidden="true" className={cn('inline-flex h-7 w-12 items-center rounded-full transition-colors', checked ? 'bg-brand-700' : 'bg-stone-400')}>
          <span className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-6' : 'translate-x-1')} />
        </span>
      </Switch>
    </Field>
  );
}
