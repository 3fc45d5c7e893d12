import { useState } from 'react';
import { LoadFailure } from '@/components/ui/load-failure';
import type { AdminCharity } from '@shared/contract/index.ts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Field, Select } from '@/components/ui/form-controls';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { cityLabel } from '@/lib/cities';
import { formatCents } from '@shared/money.ts';
import { useAdminCharities } from '../api/get-admin-charities';
import { useAdminCities } from '../api/get-admin-cities';
import { useUpdateCharity } from '../api/update-charity';
import { CharityFormDialog } from './charity-form-dialog';
import { CharityStatementDialog } from './charity-statement-dialog';
import { Cell, DataTable } from './data-table';

const retireMessage = (charity: AdminCharity) =>
  `${charity.name} will no longer be offered at registration and subscribe. Members who chose it keep it, ` +
  'and what it received stays on the Impact page. You can restore it later.';

/** Charities per city: add, edit, retire (with confirmation), restore, and the monthly statement (decision 125). */
export function CharityManagement() {
  const charities = useAdminCharities();
  const cities = useAdminCities();
  const [cityFilter, setCityFilter] = useState('');
  const [editing, setEditing] = useState<AdminCharity | 'new' | null>(null);
  const [retiring, setRetiring] = useState<AdminCharity | null>(null);
  const [statement, setStatement] = useState<AdminCharity | null>(null);

  const retire = useUpdateCharity({
    onSuccess: () => {
      toast({ title: 'Charity retired' });
      setRetiring(null);
    },
    onError: (error) => {
      toast({ title: 'Failed to retire charity', description: errorMessage(error), variant: 'destructive' });
      setRetiring(null);
    },
  });
  const restore = useUpdateCharity({
    onSuccess: () => toast({ title: 'Charity restored' }),
    onError: (error) => toast({ title: 'Failed to restore charity', description: errorMessage(error), variant: 'destructive' }),
  });

  const list = (charities.data ?? []).filter((charity) => !cityFilter || charity.cityId === cityFilter);
  const cityList = cities.data ?? [];
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="space-y-1.5">
          <CardTitle>Charity Management</CardTitle>
          <CardDescription>Charities members can choose in each city. Retired charities leave registration and subscribe; members who chose one keep it</CardDescription>
        </div>
        <Button size="sm" onClick={() => setEditing('new')} disabled={cities.isPending}>
          Add Charity
        </Button>
      </CardHeader>
      <CardContent className="space-y-4">
        <Field id="charity-city-filter" label="Show charities of" className="max-w-xs">
          <Select id="charity-city-filter" value={cityFilter} onChange={(e) => setCityFilter(e.target.value)}>
            <option value="">All cities</option>
            {cityList.map((city) => (
              <option key={city.id} value={city.id}>
                {cityLabel(city)}
              </option>
            ))}
          </Select>
        </Field>
        {charities.isPending ? (
          <p className="py-8 text-center text-stone-600">Loading charities...</p>
        ) : charities.isError ? (
          <LoadFailure message={`Unable to load charities. ${errorMessage(charities.error)}`} onRetry={() => void charities.refetch()} />
        ) : (
          <DataTable label="Charities" headers={['Name', 'City', 'Status', 'Members', 'Given', '']} empty={list.length === 0 && 'No charities yet'}>
            {list.map((charity) => (
              <tr key={charity.id}>
                <Cell className="font-medium">{charity.name}</Cell>
                <Cell>{cityLabel({ name: charity.cityName, state: charity.cityState })}</Cell>
                <Cell>
                  <div className="flex flex-wrap gap-1">
                    <Badge variant={charity.retiredAt ? 'outline' : 'default'}>{charity.retiredAt ? 'Retired' : 'Active'}</Badge>
                    {charity.isDefault && <Badge variant="outline">Default</Badge>}
                  </div>
                </Cell>
                <Cell>{charity.memberCount}</Cell>
                <Cell className="tabular-nums">{formatCents(charity.totalGivenCents)}</Cell>
                <Cell className="text-right whitespace-nowrap">
                  <div className="flex justify-end gap-2">
                    <Button size="sm" variant="outline" onClick={() => setEditing(charity)} aria-label={`Edit ${charity.name}`}>
                      Edit
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => setStatement(charity)} aria-label={`Statement of ${charity.name}`}>
                      Statement
                    </Button>
                    {charity.retiredAt ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        pending={restore.isPending && restore.variables?.id === charity.id}
                        onClick={() => restore.mutate({ id: charity.id, retired: false })}
                        aria-label={`Restore ${charity.name}`}
                      >
                        Restore
                      </Button>
                    ) : (
                      <Button size="sm" variant="destructive" onClick={() => setRetiring(charity)} aria-label={`Retire ${charity.name}`}>
                        Retire
                      </Button>
                    )}
                  </div>
                </Cell>
              </tr>
            ))}
          </DataTable>
        )}
      </CardContent>

      {editing !== null && (
        <CharityFormDialog
          charity={editing === 'new' ? null : editing}
          cities={cityList}
          cityId={cityFilter || undefined}
          onClose={() => setEditing(null)}
        />
      )}
      {statement && <CharityStatementDialog charity={statement} onClose={() => setStatement(null)} />}
      <ConfirmDialog
        open={retiring !== null}
        title="Retire charity?"
        message={retiring ? retireMessage(retiring) : ''}
        confirmLabel="Retire Charity"
        pendingLabel="Retiring..."
        destructive
        pending={retire.isPending}
        onConfirm={() => retiring && retire.mutate({ id: retiring.id, retired: true })}
        onCancel={() => setRetiring(null)}
      />
    </Card>
  );
}
