import { z } from "zod";

/*
 * Imported by main.tsx before anything that builds a schema. Zod compiles fast object parsers with
 * `new Function` where it may, and probes for that when a schema is built; the server's content security
 * policy has no 'unsafe-eval', so the probe was reported as a violation on every page load. The parsers
 * zod falls back to are the ones the policy allows anyway.
 */
z.config({ jitless: true });
