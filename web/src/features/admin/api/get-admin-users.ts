import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUsersAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { adminKeys } from './keys';

export const ADMIN_USERS_PAGE = 50;

function fetchAdminUsers({ search, offset }: { search: string; offset: number }) {
  const params = new URLSearchParams({ limit: String(ADMIN_USERS_PAGE), offset: String(offset) });
  if (search.trim()) params.set('search', search.trim());
  return apiJson<AdminUsersAnswer>('GET', `/api/admin/users?${params}`);
}

/** GET /api/admin/users: one page of the users table, newest first. */
const adminUsersQueryOptions = (page: { search: string; offset: number }) =>
  queryOptions({
    queryKey: adminKeys.users(page),
    queryFn: () => fetchAdminUsers(page),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });

export function useAdminUsers(page: { search: string; offset: number }) {
  return useQuery(adminUsersQueryOptions(page));
}
