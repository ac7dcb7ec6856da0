import { and, eq, inArray } from "drizzle-orm";
import type { UserContext } from "../context";
import { notifications } from "../db/schema";
import { isUuid } from "../ids";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import {
  type MarkNotificationsReadInput,
  markNotificationsReadInput,
  type NotificationsRead,
  notificationsReadView,
} from "./schemas";

export { type MarkNotificationsReadInput, markNotificationsReadInput };

/** Marks the caller's unread notifications read (those named, or all); other users' ids are ignored. */
export async function markNotificationsRead(
  ctx: UserContext,
  input: MarkNotificationsReadInput = {},
): Promise<NotificationsRead> {
  const { ids } = parseInput(markNotificationsReadInput, input);
  const wanted = ids?.filter(isUuid);
  if (wanted && wanted.length === 0) return { updated: 0 };
  const rows = await ctx.db
    .update(notifications)
    .set({ read: true })
    .where(
      and(
        eq(notifications.userId, ctx.userId),
        eq(notifications.read, false),
        wanted ? inArray(notifications.id, wanted) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  if (rows.length > 0)
    await ctx.events.publish(ctx.userId, { type: "notification.updated", ids: rows.map((row) => row.id) });
  return { updated: rows.length };
}

export const markNotificationsReadUseCase = declareUseCase({
  name: "markNotificationsRead",
  description: "Mark notifications read: the given ids, or all of them.",
  scope: "user",
  input: markNotificationsReadInput,
  output: notificationsReadView,
  run: markNotificationsRead,
});
