import type { AdminMerchant } from '@shared/contract/index.ts';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-error';
import { useBusinessLocations } from '../api/get-business-locations';

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** A business's locations as the admin sees them (issue 40): address, pin, phone, weekly hours, dated exceptions. */
export function BusinessLocationsDialog({ merchant, onClose }: { merchant: AdminMerchant | null; onClose: () => void }) {
  const locations = useBusinessLocations(merchant?.id ?? null);
  return (
    <Modal open={merchant !== null} onClose={onClose} title="Locations" description={merchant?.name}>
      <div className="space-y-4">
        {locations.isError ? (
          <p role="alert" className="text-sm text-red-700">{errorMessage(locations.error)}</p>
        ) : locations.isPending ? (
          <p className="text-sm text-stone-600">Loading locations...</p>
        ) : (
          <ul aria-label="Business locations" className="divide-y divide-stone-100 text-sm">
            {locations.data.map((l) => (
              <li key={l.id} className="space-y-1 py-3">
                <p className="font-medium text-stone-900">{l.name ? `${l.name} · ${l.address}` : l.address}</p>
                <p className="text-stone-600">
                  {l.latitude !== null ? `Pin ${l.latitude}, ${l.longitude}` : 'No pin'}{l.phone && ` · ${l.phone}`}
                </p>
                <p className="text-stone-600">
                  {l.hours.length === 0 ? 'No hours published'
                    : l.hours.map((h) => `${DAYS[h.weekday - 1]} ${h.opensAt}–${h.closesAt}`).join(', ')}
                </p>
                {l.exceptions.length > 0 && (
                  <p className="text-stone-600">
                    {l.exceptions.map((e) => `${e.date} ${e.opensAt === null ? 'closed' : `${e.opensAt}–${e.closesAt}`}`).join(', ')}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
        <div className="flex justify-end"><Button variant="outline" onClick={onClose}>Close</Button></div>
      </div>
    </Modal>
  );
}
