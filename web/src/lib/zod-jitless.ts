// The CSP allows no eval (decision 089). zod compiles fast parsers with `new Function` unless `jitless`, and
// its feature probe alone makes the browser report a violation. Set on zod's global config object (the
// one `z.config()` writes) before any schema runs, without pulling zod into the entry chunk.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
