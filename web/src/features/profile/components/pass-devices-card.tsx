import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-error';
import { dayAndTime } from '@/lib/dates';
import { usePassDevices, useRemovePassDevice } from '../api/pass-devices';

/** "Devices with your pass": the devices certified to show the member pass and personal code (decision 190). */
export function PassDevicesCard() {
  const devices = usePassDevices();
  const remove = useRemovePassDevice();
  const list = devices.data?.devices ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Devices with your pass</CardTitle>
        <CardDescription>
          Up to 3 devices show your member pass and personal code; a fourth replaces the oldest. Removing one gives you a new personal code.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {devices.isPending ? (
          <p className="text-stone-600">Loading...</p>
        ) : devices.isError ? (
          <p role="alert" className="text-red-700">Your pass devices could not be loaded.</p>
        ) : !list.length ? (
          <p className="text-stone-600">None yet: open your pass on this device to set it up.</p>
        ) : (
          <ul className="divide-y divide-stone-200" aria-label="Devices with your pass">
            {list.map((device) => (
              <li key={device.id} data-testid="pass-device" className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
                <div className="min-w-0 flex-1">
                  <p className="break-words font-medium text-stone-900">{device.name}</p>
                  <p className="text-sm text-stone-600">
                    Added <time dateTime={device.createdAt}>{dayAndTime(device.createdAt)}</time>
                    {' · last used '}<time dateTime={device.lastUsedAt}>{dayAndTime(device.lastUsedAt)}</time>
                  </p>
                </div>
                <Button size="sm" variant="outline" className="min-h-11" pending={remove.isPending && remove.variables === device.id}
                  onClick={() => remove.mutate(device.id)} aria-label={`Remove ${device.name}`}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        {remove.isError && <p role="alert" className="text-sm text-red-700">{errorMessage(remove.error)}</p>}
      </CardContent>
    </Card>
  );
}
