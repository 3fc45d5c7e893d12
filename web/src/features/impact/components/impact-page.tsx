import type { CharityImpact } from '@shared/contract/index.ts';
import { PublicColumn, PublicPage } from '@/components/layout/public-page';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { formatCents } from '@shared/money.ts';
import { useImpact } from '../api/get-impact';

/** "2026-11" → "November 2026". */
function monthLabel(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  return new Date(Date.UTC(year, monthNumber - 1, 1)).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The entry's group: its city (marked when closed), or the general fund of its own (decision 172). */
const groupOf = (charity: CharityImpact) =>
  charity.kind === 'general-fund' ? 'General fund' : `${charity.cityName}, ${charity.cityState}${charity.cityActive ? '' : ' (closed)'}`;

/** The charities of one city, in the order the API gives (by city, then name; the general fund last). */
function byCity(charities: readonly CharityImpact[]) {
  const groups = new Map<string, CharityImpact[]>();
  for (const charity of charities) {
    const label = groupOf(charity);
    groups.set(label, [...(groups.get(label) ?? []), charity]);
  }
  return [...groups];
}

const members = (count: number) => (count === 1 ? '1 member' : `${count} members`);

/**
 * /impact: where the 10% charity share of every membership payment went (decision 125). Public totals from the
 * recorded payments; nothing about who gave.
 */
export function ImpactPage() {
  const impact = useImpact();
  const data = impact.data;

  return (
    <PublicPage
      links={[
        { label: 'Home', to: paths.landing },
        { label: 'About', to: paths.about },
        { label: 'Join', to: paths.subscribe, primary: true },
      ]}
    >
      <PublicColumn
        width="max-w-5xl"
        heading="centred"
        title="Our Impact"
        intro={
          <>
            10% of every membership payment goes to the local charity the member chose (or their city's default charity,
            else our general fund). These totals come straight from the recorded payments, net of refunds.
          </>
        }
      >

        {impact.isPending ? (
          <p role="status" className="py-12 text-center text-stone-600">Loading impact...</p>
        ) : impact.isError || !data ? (
          <p role="alert" className="py-12 text-center text-red-700">Unable to load the totals. {errorMessage(impact.error)}</p>
        ) : (
          <>
            <dl className="grid gap-4 sm:grid-cols-2">
              <div className="rounded-2xl bg-brand-50 p-6 text-center">
                <dt className="text-sm font-medium text-brand-900">Given in {monthLabel(data.month)}</dt>
                <dd className="mt-1 text-3xl font-bold text-brand-900" data-testid="impact-month-total">{formatCents(data.monthCents)}</dd>
              </div>
              <div className="rounded-2xl bg-brand-50 p-6 text-center">
                <dt className="text-sm font-medium text-brand-900">Given since we started</dt>
                <dd className="mt-1 text-3xl font-bold text-brand-900" data-testid="impact-all-time-total">{formatCents(data.totalCents)}</dd>
              </div>
            </dl>

            {data.charities.length === 0 && <p className="text-center text-stone-600">No charities yet.</p>}
            {byCity(data.charities).map(([city, charities]) => (
              <Card key={city}>
                <CardHeader>
                  <CardTitle className="text-xl">{city}</CardTitle>
                  <CardDescription>
                    {city === 'General fund'
                      ? 'The share of members who chose no charity and whose city has none by default, held for local charities.'
                      : charities.length === 1 ? '1 charity' : `${charities.length} charities`}
                  </CardDescription>
                </CardHeader>
                <CardContent className="overflow-x-auto">
                  <table className="w-full text-left text-sm">
                    <caption className="sr-only">Charities of {city}: given this month, all time, and members who chose each</caption>
                    <thead className="border-b border-stone-200 text-stone-600">
                      <tr>
                        <th scope="col" className="py-2 pr-4 font-medium">Charity</th>
                        <th scope="col" className="py-2 pr-4 text-right font-medium">{monthLabel(data.month)}</th>
                        <th scope="col" className="py-2 pr-4 text-right font-medium">All time</th>
                        <th scope="col" className="py-2 text-right font-medium">Chosen by</th>
                      </tr>
                    </thead>
                    <tbody>
                      {charities.map((charity) => (
                        <tr key={charity.id} className="border-b border-stone-100 last:border-0">
                          <th scope="row" className="py-3 pr-4 font-semibold text-stone-900">
                            {charity.name}
                            {charity.retired && <Badge variant="outline" className="ml-2">Retired</Badge>}
                          </th>
                          <td className="py-3 pr-4 text-right tabular-nums">{formatCents(charity.monthCents)}</td>
                          <td className="py-3 pr-4 text-right tabular-nums">{formatCents(charity.totalCents)}</td>
                          <td className="py-3 text-right tabular-nums">{charity.kind === 'general-fund' ? '—' : members(charity.memberCount)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </CardContent>
              </Card>
            ))}
          </>
        )}
      </PublicColumn>
    </PublicPage>
  );
}
