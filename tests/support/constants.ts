// The seeded demo data (supabase/seed.sql) that tests rely on.
export const TEST_ADMIN = { id: 'a0000000-0000-4000-8000-000000000001', email: 'admin@paylocal.local', password: 'admin12345' };
export const SEED = {
  member: { id: 'a0000000-0000-4000-8000-000000000002', email: 'member@paylocal.local', password: 'member12345' },
  merchantOwner: { id: 'a0000000-0000-4000-8000-000000000003', email: 'merchant@paylocal.local', password: 'merchant12345' },
  pendingOwner: { id: 'a0000000-0000-4000-8000-000000000004', email: 'pending@paylocal.local', password: 'pending12345' },
  activeMerchantId: 'b0000000-0000-4000-8000-000000000001',
  pendingMerchantId: 'b0000000-0000-4000-8000-000000000002',
  lyonsId: 'c0000000-0000-4000-8000-000000000001',
  longmontId: 'c0000000-0000-4000-8000-000000000002',
  lyonsCharityId: 'ca000000-0000-4000-8000-000000000002',
  longmontCharityId: 'ca000000-0000-4000-8000-000000000004',
  /** Seeded collaborations of Rosa's River Cafe: a request from St. Vrain Market, a partnership with Redstone Sauna House. */
  rosaPendingCollabId: 'cb000000-0000-4000-8000-000000000001',
  rosaAcceptedCollabId: 'cb000000-0000-4000-8000-000000000002',
} as const;

/** The x-drain-secret journeys send to call a scheduled job as Supabase Cron does (the e2e server's MAIL_DRAIN_SECRET). */
export const E2E_DRAIN_SECRET = 'e2e-drain-secret';

/** Set on globalThis when a vitest file opens a test database (tests/support/database-use.ts reads it). */
export const TEST_DATABASE_OPENED = Symbol.for('paylocal.testDatabaseOpened');
