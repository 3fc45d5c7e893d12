// Supabase Edge Function entry (Deno). The whole API lives in createApp; this file checks the
// environment once (env.ts: refuses to start, naming what is missing) and serves the app.
import { depsFromEnv } from './adapters.ts';
import { createApp } from './app.ts';
import { checkEdgeEnv } from './env.ts';

const checked = checkEdgeEnv(Deno.env.toObject());
if (!checked.ok) {
  console.error(checked.message);
  Deno.exit(1);
}
for (const notice of checked.notices) console.warn(notice);
const app = createApp(depsFromEnv(checked.env)); // the parsed, typed settings: nothing reads Deno.env again
Deno.serve((request, info) => app.fetch(request, { remoteAddr: info.remoteAddr })); // client address: http/request-guards.ts
