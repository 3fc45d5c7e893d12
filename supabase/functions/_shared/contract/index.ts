export * from './common.ts';
export * from './auth.ts';
export * from './lookup.ts';
export * from './collabs.ts';
export * from './admin.ts';
