import { z } from "zod";

/**
 * The input of a tool that takes none. One instance for all of them: zod compiles a schema's fast path on
 * its first parse, and a schema made inside a tool factory would be new (and compiled again) on every call.
 */
export const noInput = z.object({});
