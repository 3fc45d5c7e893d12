export * from './common.ts';
export * from './auth.ts';
export * from './lookup.ts';
export * from './subscriptions.ts';
export * from './objects.ts';
export * from './deals.ts';
export * from './merchants.ts';
export * from './counter.ts';
