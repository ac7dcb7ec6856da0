/*
 * Imported by main.tsx before anything that builds a schema. Zod compiles fast object parsers with
 * `new Function` where it may, and probes for that when a schema is built; the server's content security
 * policy has no 'unsafe-eval', so the probe was reported as a violation on every page load. The parsers
 * zod falls back to are the ones the policy allows anyway.
 *
 * Set on zod's global config object (zod reads and keeps `globalThis.__zod_globalConfig` when it loads)
 * rather than through `z.config()`, so the first page's code does not carry zod: the landing page and the
 * dashboard have no form, and zod arrives with the first screen that has one. zod-config.test.ts checks
 * that zod still sees the setting.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
