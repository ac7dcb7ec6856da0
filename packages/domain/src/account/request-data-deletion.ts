import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/database";
import { dataDeletionRequests, user, verification } from "../db/schema";
import type { Mailer } from "../ports";
import { safeText } from "../text";

export const requestDataDeletionInput = z.object({
  email: safeText().trim().toLowerCase().pipe(z.email("Please enter a valid email address.")),
  reason: safeText().trim().max(2000, "Please keep the reason under 2000 characters").optional(),
});
export type RequestDataDeletionInput = z.infer<typeof requestDataDeletionInput>;

/** How long the link in the confirmation e-mail works. */
export const DATA_DELETION_LINK_TTL_MS = 60 * 60_000;
const TOKEN_PREFIX = "data-deletion:";

export interface RequestDataDeletionDeps {
  db: Db;
  mailer: Mailer;
  now: () => Date;
  /** The page that confirms the deletion, given the token (built from the server's public URL). */
  confirmUrl: (token: string) => string;
}

/** Only the token's hash is stored: a database leak must not hand out working deletion links. */
export function hashDataDeletionToken(token: string): string {
  return `${TOKEN_PREFIX}${createHash("sha256").update(token).digest("hex")}`;
}

/**
 * Public: anyone may ask for an address's data to be erased. The request is recorded and, when the address
 * has an account, a single-use link bound to that account is mailed to it; nothing is deleted until the
 * link is followed (confirmDataDeletion). The answer is the same whether or not the address has an
 * account, so the form cannot be used to find out who has one.
 */
export async function requestDataDeletion(
  deps: RequestDataDeletionDeps,
  input: RequestDataDeletionInput,
): Promise<{ id: string }> {
  const [account] = await deps.db.select({ id: user.id }).from(user).where(eq(user.email, input.email));
  const [row] = await deps.db
    .insert(dataDeletionRequests)
    .values({ email: input.email, reason: input.reason ?? null, userId: account?.id ?? null })
    .returning({ id: dataDeletionRequests.id });
  if (!row) throw new Error("insert returned no row");
  if (!account) return { id: row.id };

  const token = randomBytes(32).toString("base64url");
  await deps.db.insert(verification).values({
    id: randomBytes(16).toString("hex"),
    identifier: hashDataDeletionToken(token),
    value: account.id,
    expiresAt: new Date(deps.now().getTime() + DATA_DELETION_LINK_TTL_MS),
  });
  const url = deps.confirmUrl(token);
  await deps.mailer.send({
    to: input.email,
    subject: "Confirm the deletion of your Social Media Manager data",
    text: `Someone asked to delete your Social Media Manager account and all its data.\n\nTo delete everything for good, open this link:\n${url}\n\nThe link is valid for 1 hour and works once. If you did not ask for this, ignore this message; nothing is deleted.`,
    html: `<p>Someone asked to delete your Social Media Manager account and all its data.</p><p><a href="${url}">Delete my account and data</a></p><p>The link is valid for 1 hour and works once. If you did not ask for this, ignore this message; nothing is deleted.</p>`,
    link: url,
  });
  return { id: row.id };
}
