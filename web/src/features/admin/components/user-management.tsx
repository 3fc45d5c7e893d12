import { shortDate } from '@/lib/dates';
import { useState } from 'react';
import type { AdminUser } from '@shared/contract/index.ts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/form-controls';
import { useDeleteUser } from '../api/delete-user';
import { ADMIN_USERS_PAGE, useAdminUsers } from '../api/get-admin-users';
import { actionToasts } from '../utils/action-toasts';
import { ConfirmRowAction } from './confirm-row-action';
import { ActionsCell, Cell, DataTable, RowButton } from './data-table';
import { QueryState } from './query-state';
import { UserPaymentsDialog } from './user-payments-dialog';
import { membershipWords, ROLE_WORDS } from '../utils/account-words';

/** Every account, newest first, searchable and paged; delete for non-admin accounts only. */
export function UserManagement() {
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const users = useAdminUsers({ search, offset });
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [paymentsOf, setPaymentsOf] = useState<AdminUser | null>(null);
  const remove = useDeleteUser(actionToasts({ done: 'User deleted', failed: 'Failed to delete user', close: () => setDeleting(null) }));

  return (
    <Card>
      <CardHeader>
        <CardTitle>User Management</CardTitle>
        <CardDescription>Every account on the platform</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Input
          type="search"
          aria-label="Search users"
          placeholder="Search by name or email..."
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setOffset(0);
          }}
          className="max-w-sm"
        />
        <QueryState query={users} loading="Loading users..." failure="Unable to load users.">
          {({ users: list, total }) => (
            <>
              <DataTable label="Users" headers={['Name', 'Email', 'Role', 'Membership', 'Created', '']} empty={list.length === 0 && 'No users found'}>
                {list.map((user) => (
                  <tr key={user.id}>
                    <Cell className="font-medium">{user.name}</Cell>
                    <Cell>{user.email}</Cell>
                    <Cell>
                      <Badge variant={user.role === 'ADMIN' ? 'default' : user.role === 'MERCHANT' ? 'warning' : 'secondary'}>{ROLE_WORDS[user.role]}</Badge>
                    </Cell>
                    <Cell>{membershipWords(user.subscriptionStatus)}</Cell>
                    <Cell className="whitespace-nowrap">{shortDate(user.createdAt)}</Cell>
                    <ActionsCell>
                      {user.role !== 'ADMIN' && (
                        <>
                          <RowButton variant="outline" label={`Payments of ${user.name}`} onClick={() => setPaymentsOf(user)}>Payments</RowButton>
                          <RowButton variant="destructive" label={`Delete ${user.name}`} onClick={() => setDeleting(user)}>Delete</RowButton>
                        </>
                      )}
                    </ActionsCell>
                  </tr>
                ))}
              </DataTable>
              <div className="flex items-center justify-between gap-2 text-sm text-stone-600">
                <span>
                  {total === 0 ? 'No users' : `Showing ${offset + 1}–${offset + list.length} of ${total}`}
                </span>
                <div className="flex gap-2">
                  <Button size="sm" variant="outline" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - ADMIN_USERS_PAGE))}>
                    Previous
                  </Button>
                  <Button size="sm" variant="outline" disabled={offset + list.length >= total} onClick={() => setOffset(offset + ADMIN_USERS_PAGE)}>
                    Next
                  </Button>
                </div>
              </div>
            </>
          )}
        </QueryState>
      </CardContent>
      <UserPaymentsDialog user={paymentsOf} onClose={() => setPaymentsOf(null)} />
      <ConfirmRowAction
        verb="Delete"
        thing="user"
        target={deleting}
        message={`Are you sure you want to delete ${deleting?.name ?? 'this user'}? This will permanently remove all their data: their account, subscription, follows, notifications, and their business with its deals and collaborations. Payment and points records are kept anonymised for accounting. This action cannot be undone.`}
        pending={remove.isPending}
        onConfirm={(user) => remove.mutate(user.id)}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
