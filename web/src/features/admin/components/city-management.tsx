import { useState } from 'react';
import type { AdminCity } from '@shared/contract/index.ts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDeleteCity } from '../api/delete-city';
import { useAdminCities } from '../api/get-admin-cities';
import { actionToasts } from '../utils/action-toasts';
import { CityFormDialog } from './city-form-dialog';
import { ConfirmRowAction } from './confirm-row-action';
import { ActionsCell, Cell, DataTable, RowButton } from './data-table';
import { QueryState } from './query-state';

const CITY_DELETE_MESSAGE = 'Are you sure you want to delete this city? This action cannot be undone.';

/** Cities table with add and edit dialogs and delete (decision 044 for what that means). */
export function CityManagement() {
  const cities = useAdminCities();
  const [editing, setEditing] = useState<AdminCity | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminCity | null>(null);
  const remove = useDeleteCity(actionToasts({ done: 'City deleted', failed: 'Failed to delete city', close: () => setDeleting(null), closeOnFailure: true }));

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="space-y-1.5">
          <CardTitle>City Management</CardTitle>
          <CardDescription>Inactive cities are hidden from every city picker until you activate them again</CardDescription>
        </div>
        <Button size="sm" onClick={() => setEditing('new')}>
          Add City
        </Button>
      </CardHeader>
      <CardContent>
        <QueryState query={cities} loading="Loading cities..." failure="Unable to load cities.">
          {(list) => (
            <DataTable label="Cities" headers={['Name', 'State', 'Description', 'Status', 'Businesses', 'Members', '']} empty={list.length === 0 && 'No cities yet'}>
              {list.map((city) => (
                <tr key={city.id}>
                  <Cell className="font-medium">{city.name}</Cell>
                  <Cell>{city.state}</Cell>
                  <Cell className="max-w-xs truncate text-stone-600">{city.description ?? '—'}</Cell>
                  <Cell>
                    <Badge variant={city.active ? 'default' : 'outline'}>{city.active ? 'Active' : 'Inactive'}</Badge>
                  </Cell>
                  <Cell>{city.merchantCount}</Cell>
                  <Cell>{city.memberCount}</Cell>
                  <ActionsCell>
                    <RowButton variant="outline" label={`Edit ${city.name}`} onClick={() => setEditing(city)}>Edit</RowButton>
                    <RowButton variant="destructive" label={`Delete ${city.name}`} onClick={() => setDeleting(city)}>Delete</RowButton>
                  </ActionsCell>
                </tr>
              ))}
            </DataTable>
          )}
        </QueryState>
      </CardContent>

      {editing !== null && <CityFormDialog city={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmRowAction
        verb="Delete"
        thing="city"
        target={deleting}
        message={CITY_DELETE_MESSAGE}
        pending={remove.isPending}
        onConfirm={(city) => remove.mutate(city.id)}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
