import { calendarDay, shortDate } from '@/lib/dates';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCollabs } from '../api/get-collabs';
import { useErrorToast } from '../hooks/use-error-toast';
import { activeCollabs, fromMySide, partnerMailto } from '../utils/collab-lists';

const day = calendarDay;

/** Active Collabs: ACCEPTED collaborations on either side, with "Message Partner" (decision 042). */
export function ActiveCollabsTab() {
  const collabs = useCollabs();
  useErrorToast(collabs.error, 'Failed to fetch collaborations');
  const active = activeCollabs(collabs.data ?? []);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Active Collaborations</CardTitle>
        <CardDescription>Your ongoing business partnerships</CardDescription>
      </CardHeader>
      <CardContent>
        {collabs.isPending ? (
          <p className="py-6 text-center text-stone-600">Loading collaborations...</p>
        ) : active.length === 0 ? (
          <p className="py-6 text-center text-stone-600">No active collaborations yet. Browse businesses to start collaborating!</p>
        ) : (
          <ul className="space-y-4">
            {active.map((collab) => {
              const { partner, myOffer, theirOffer } = fromMySide(collab);
              const mailto = partnerMailto(collab);
              return (
                <li key={collab.id} className="rounded-xl border border-stone-200 p-4" aria-label={`Partnership with ${partner.name}`}>
                  <h3 className="font-semibold text-stone-900">Partnership with {partner.name}</h3>
                  <p className="text-sm text-stone-600">Active since {shortDate(collab.createdAt)}</p>
                  <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-3">
                    <div>
                      <dt className="font-medium text-stone-700">Your offer</dt>
                      <dd className="text-stone-900">{myOffer}</dd>
                    </div>
                    <div>
                      <dt className="font-medium text-stone-700">Their offer</dt>
                      <dd className="text-stone-900">{theirOffer}</dd>
                    </div>
                    <div>
                      <dt className="font-medium text-stone-700">Dates</dt>
                      <dd className="text-stone-900">
                        {collab.endDate ? `${day(collab.startDate)} – ${day(collab.endDate)}` : `From ${day(collab.startDate)}`}
                      </dd>
                    </div>
                  </dl>
                  {collab.exclusionsText && <p className="mt-2 text-sm text-stone-600">Exclusions: {collab.exclusionsText}</p>}
                  <div className="mt-4">
                    {mailto ? (
                      <a href={mailto} className={buttonClasses('outline', 'sm')}>
                        Message Partner
                      </a>
                    ) : (
                      <button type="button" disabled title="No contact address on file" className={buttonClasses('outline', 'sm')}>
                        Message Partner
                      </button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
