import type { Context } from 'hono';
import type { Role } from '../_shared/constants.ts';
import type { AppConfig } from './config.ts';
import type { RealtimePort } from './ports/realtime/realtime-port.ts';
import type { ObjectStore } from './ports/objects/object-store.ts';
import type { PaymentProvider } from './ports/payments/payment-provider.ts';
import { anonClaims, serviceClaims, type Claims, type Database, type Query } from './db/database.ts';

/** Everything the app needs from the outside world; adapters are chosen in adapters.ts. */
export interface AppDeps {
  db: Database;
  config: AppConfig;
  realtime: RealtimePort;
  payments: PaymentProvider;
  objects: ObjectStore;
}

export interface AuthUser {
  id: string;
  email: string;
  role: Role;
  sessionTokenHash: string;
}

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    user: AuthUser | null;
  };
};

export type AppContext = Context<AppEnv>;

const claimsFor = (user: AuthUser | null): Claims =>
  user ? { role: 'authenticated', sub: user.id, email: user.email } : anonClaims;

/** SQL as the caller: RLS decides what it may see and change. */
export const userTx = <T>(c: AppContext, work: (query: Query) => Promise<T>) =>
  c.var.deps.db.transaction(claimsFor(c.var.user), work);

/** SQL as service_role: only for the auth layer and server-verified writes (payments). */
export const serviceTx = <T>(c: AppContext, work: (query: Query) => Promise<T>) =>
  c.var.deps.db.transaction(serviceClaims, work);
