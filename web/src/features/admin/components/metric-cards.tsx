import type { AdminMetrics } from '@shared/contract/index.ts';
import { Card } from '@/components/ui/card';
import { formatCents } from '@shared/money.ts';
import { formatCount } from '@/lib/numbers';

/**
 * Total Users, Active Merchants, the in-store spend recorded at counters ($; the API's totalVolume: purchases that
 * earned points, not membership payments, which the money chart shows), Points Outstanding ($). The API answers cents.
 */
export function MetricCards({ metrics, failed }: { metrics: AdminMetrics | undefined; failed: boolean }) {
  const show = (value: string | undefined) => (value === undefined ? (failed ? 'Unavailable' : '—') : value);
  const cards = [
    { id: 'total-users', label: 'Total Users', value: metrics && formatCount(metrics.totalUsers) },
    { id: 'active-merchants', label: 'Active Merchants', value: metrics && formatCount(metrics.activeMerchants) },
    { id: 'total-volume', label: 'In-store spend recorded at counters', value: metrics && formatCents(metrics.totalVolume) },
    { id: 'points-outstanding', label: 'Points Outstanding', value: metrics && formatCents(metrics.pointsOutstanding) },
  ];
  return (
    <section aria-label="Platform metrics" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map((card) => (
        <Card key={card.id} className="p-5">
          <h2 className="text-sm font-medium text-stone-600">{card.label}</h2>
          <p className="mt-2 text-2xl font-bold tracking-tight text-stone-900" data-testid={`metric-${card.id}`}>
            {show(card.value)}
          </p>
        </Card>
      ))}
    </section>
  );
}
