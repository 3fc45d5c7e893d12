/** Query keys of the admin dashboard: API paths first, so default reads and invalidation line up. */
export const adminKeys = {
  metrics: ['/api/admin/metrics'] as const,
  merchants: ['/api/admin/merchants'] as const,
  usersRoot: ['/api/admin/users'] as const,
  users: (page: { search: string; offset: number }) => ['/api/admin/users', page] as const,
  cities: ['/api/admin/cities'] as const,
  insights: ['/api/admin/insights'] as const,
  monthlyReport: (month: string) => ['/api/admin/insights/monthly', month] as const,
  paymentsRoot: ['/api/admin/payments'] as const,
  payments: (userId: string) => ['/api/admin/payments', userId] as const,
  auditLog: ['/api/admin/audit-log'] as const,
  disputes: ['/api/admin/disputes'] as const,
  system: ['/api/admin/system'] as const,
};
