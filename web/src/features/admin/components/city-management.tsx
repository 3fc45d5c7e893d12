import { useState } from 'react';
import { LoadFailure } from '@/components/ui/load-failure';
import type { AdminCity } from '@shared/contract/index.ts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { useDeleteCity } from '../api/delete-city';
import { useAdminCities } from '../api/get-admin-cities';
import { CityFormDialog } from './city-form-dialog';
import { Cell, DataTable } from './data-table';

const CITY_DELETE_MESSAGE = 'Are you sure you want to delete this city? This action cannot be undone.';

/** Cities table with add and edit dialogs and delete (decision 044 for what that means). */
export function CityManagement() {
  const cities = useAdminCities();
  const [editing, setEditing] = useState<AdminCity | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminCity | null>(null);
  const remove = useDeleteCity({
    onSuccess: () => {
      toast({ title: 'City deleted' });
      setDeleting(null);
    },
    onError: (error) => {
      toast({ title: 'Failed to delete city', description: errorMessage(error), variant: 'destructive' });
      setDeleting(null);
    },
  });

  const list = cities.data ?? [];
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
        {cities.isPending ? (
          <p className="py-8 text-center text-stone-600">Loading cities...</p>
        ) : cities.isError ? (
          <LoadFailure message={`Unable to load cities. ${errorMessage(cities.error)}`} onRetry={() => void cities.refetch()} />
        ) : (
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
                <Cell className="text-right whitespace-nowrap">
                  <div className="flex justify-end gap-2">
                    <Button size="sm" variant="outline" onClick={() => setEditing(city)} aria-label={`Edit ${city.name}`}>
                      Edit
                    </Button>
                    <Button size="sm" variant="destructive" onClick={() => setDeleting(city)} aria-label={`Delete ${city.name}`}>
                      Delete
                    </Button>
                  </div>
                </Cell>
              </tr>
            ))}
          </DataTable>
        )}
      </CardContent>

      {editing !== null && <CityFormDialog city={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete city?"
        message={CITY_DELETE_MESSAGE}
        confirmLabel="Delete City"
        pendingLabel="Deleting..."
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
