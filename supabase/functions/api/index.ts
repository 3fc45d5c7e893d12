// Supabase Edge Function entry (Deno). The whole API lives in createApp; this file only serves it.
import { depsFromEnv } from './adapters.ts';
import { createApp } from './app.ts';

const app = createApp(depsFromEnv(Deno.env.toObject()));

Deno.serve((request, info) => app.fetch(request, { remoteAddr: info.remoteAddr })); // client address: lib/client-ip.ts
