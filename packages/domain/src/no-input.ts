import { z } from "zod";

/**
 * The input of a use case that takes none. One instance for all of them: zod compiles a schema's fast path on
 * its first parse, and a schema made per call would be compiled again every time.
 */
export const noInput = z.object({});
export type NoInput = z.infer<typeof noInput>;
