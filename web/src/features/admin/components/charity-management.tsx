import { useState } from 'react';
import type { AdminCharity } from '@shared/contract/index.ts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, Select } from '@/components/ui/form-controls';
import { cityLabel } from '@/lib/cities';
import { formatCents } from '@shared/money.ts';
import { useAdminCharities } from '../api/get-admin-charities';
import { useAdminCities } from '../api/get-admin-cities';
import { useUpdateCharity } from '../api/update-charity';
import { actionToasts } from '../utils/action-toasts';
import { CharityFormDialog } from './charity-form-dialog';
import { CharityStatementDialog } from './charity-statement-dialog';
import { ConfirmRowAction } from './confirm-row-action';
import { ActionsCell, Cell, DataTable, RowButton } from './data-table';
import { QueryState } from './query-state';

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

  const retire = useUpdateCharity(
    actionToasts({ done: 'Charity retired', failed: 'Failed to retire charity', close: () => setRetiring(null), closeOnFailure: true }),
  );
  const restore = useUpdateCharity(actionToasts({ done: 'Charity restored', failed: 'Failed to restore charity' }));

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
        <QueryState query={charities} loading="Loading charities..." failure="Unable to load charities.">
          {(all) => {
            const list = all.filter((charity) => !cityFilter || charity.cityId === cityFilter);
            return (
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
                    <ActionsCell>
                      <RowButton variant="outline" label={`Edit ${charity.name}`} onClick={() => setEditing(charity)}>Edit</RowButton>
                      <RowButton variant="outline" label={`Statement of ${charity.name}`} onClick={() => setStatement(charity)}>Statement</RowButton>
                      {charity.retiredAt ? (
                        <RowButton
                          variant="secondary"
                          label={`Restore ${charity.name}`}
                          pending={restore.isPending && restore.variables?.id === charity.id}
                          onClick={() => restore.mutate({ id: charity.id, retired: false })}
                        >
                          Restore
                        </RowButton>
                      ) : (
                        <RowButton variant="destructive" label={`Retire ${charity.name}`} onClick={() => setRetiring(charity)}>Retire</RowButton>
                      )}
                    </ActionsCell>
                  </tr>
                ))}
              </DataTable>
            );
          }}
        </QueryState>
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
      <ConfirmRowAction
        verb="Retire"
        thing="charity"
        target={retiring}
        message={retiring ? retireMessage(retiring) : ''}
        pending={retire.isPending}
        onConfirm={(charity) => retire.mutate({ id: charity.id, retired: true })}
        onCancel={() => setRetiring(null)}
      />
    </Card>
  );
}
