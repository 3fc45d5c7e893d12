// What a domain operation is handed in place of the request (issue 36): the database, the adapters, the config and
// who is asking, never the request context. Each domain function names the few it uses (Pick<Services, ...>);
// a router makes them from its request with servicesOf (http/context.ts), so the domain speaks no HTTP.
import type { Role } from '../_shared/constants.ts';
import type { AppConfig } from './config.ts';
import type { Database, Query } from './db/database.ts';
import type { ObjectStore } from './ports/objects/object-store.ts';
import type { PaymentProvider } from './ports/payments/payment-provider.ts';
import type { GoogleWallet } from './ports/wallet/google-wallet.ts';
import type { AppleWallet } from './ports/wallet/apple-wallet.ts';
import type { Geocoder } from './ports/geocoder/geocoder-port.ts';

/** The signed-in caller, as the session lookup found them (sessions/sessions.ts). */
export interface AuthUser {
  id: string;
  email: string;
  role: Role;
  sessionTokenHash: string;
}

/** The transactions of one request's work. */
export interface Transactions {
  /** SQL as the caller: RLS decides. The request's first one continues the transaction the session lookup opened. */
  asCaller<T>(work: (query: Query) => Promise<T>): Promise<T>;
  /** SQL as service_role: only for the auth layer and server-verified writes (payments). */
  asService<T>(work: (query: Query) => Promise<T>): Promise<T>;
}

export interface Services {
  tx: Transactions;
  /** The database itself, for a transaction with claims of its own (a new account's first read). */
  db: Database;
  config: AppConfig;
  payments: PaymentProvider;
  objects: ObjectStore;
  /** Google Wallet's API (decision 207); null: the offer is not configured. */
  googleWallet: GoogleWallet | null;
  /** Apple Wallet's pass signer (decision 207); null: the offer is not configured. */
  appleWallet: AppleWallet | null;
  /** The address lookup (GEOCODER_URL, decision 208); null: not configured. */
  geocoder: Geocoder | null;
  /** Base of links in mail: from configuration only (SITE_URL, else http://localhost:PORT), never a request header. */
  siteUrl: string;
  /** Who is asking, or null for a visitor. */
  user: AuthUser | null;
  /** The caller's network address, as the limits count it (behind the configured number of trusted proxies). */
  ip: string;
}
