import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-error';
import { dayAndTime } from '@/lib/dates';
import { useEndSession, useSignedInDevices } from '../api/sessions';
import { lastActiveText } from '../utils/approximate-time';

const KIND_LABEL = { personal: null, counter: 'Counter tablet', admin: 'Admin' } as const;

/** "Signed-in devices": every live session of the account, with a way to sign one out (decision 176). */
export function DevicesCard() {
  const devices = useSignedInDevices();
  const end = useEndSession();
  const sessions = devices.data?.sessions ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Signed-in devices</CardTitle>
        <CardDescription>
          Where your account is signed in. A device you do not use for 14 days is signed out on its own, and every device signs in again after 30 days.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {devices.isPending ? (
          <p className="text-stone-600">Loading your devices...</p>
        ) : devices.isError ? (
          <div role="alert" className="space-y-2">
            <p className="text-red-700">Your devices could not be loaded.</p>
            <Button size="sm" variant="outline" onClick={() => void devices.refetch()}>Try again</Button>
          </div>
        ) : (
          <ul className="divide-y divide-stone-200" aria-label="Signed-in devices">
            {sessions.map((session) => (
              <li key={session.id} data-testid="signed-in-device" className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
                <div className="min-w-0 flex-1">
                  <p className="break-words font-medium text-stone-900">
                    {session.device}
                    {session.current && <span className="ml-2 rounded bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">This device</span>}
                    {KIND_LABEL[session.kind] && <span className="ml-2 rounded bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700">{KIND_LABEL[session.kind]}</span>}
                  </p>
                  <p className="text-sm text-stone-600">
                    <time dateTime={session.lastActiveAt}>{lastActiveText(session.lastActiveAt)}</time>
                    {' · signed in '}
                    <time dateTime={session.signedInAt}>{dayAndTime(session.signedInAt)}</time>
                  </p>
                </div>
                {!session.current && (
                  <Button size="sm" variant="outline" className="min-h-11" pending={end.isPending && end.variables === session.id}
                    onClick={() => end.mutate(session.id)} aria-label={`Sign out ${session.device}`}>
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {end.isError && <p role="alert" className="text-sm text-red-700">{errorMessage(end.error)}</p>}
      </CardContent>
    </Card>
  );
}
