import { z } from "zod";
import type { Db } from "../db/client";
import { dataDeletionRequests } from "../db/schema";
import { safeText } from "../text";

export const requestDataDeletionInput = z.object({
  email: safeText().trim().toLowerCase().pipe(z.email("Please enter a valid email address.")),
  reason: safeText().trim().max(2000, "Please keep the reason under 2000 characters").optional(),
});
export type RequestDataDeletionInput = z.infer<typeof requestDataDeletionInput>;

/** Public: anyone may ask for their data to be erased; the request is processed within 30 days. */
export async function requestDataDeletion(db: Db, input: RequestDataDeletionInput): Promise<{ id: string }> {
  const [row] = await db
    .insert(dataDeletionRequests)
    .values({ email: input.email, reason: input.reason ?? null })
    .returning({ id: dataDeletionRequests.id });
  if (!row) throw new Error("insert returned no row");
  return { id: row.id };
}
