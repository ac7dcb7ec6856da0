import { and, eq } from "drizzle-orm";
import type { UserContext } from "../context";
import { notifications } from "../db/schema";
import { AppError } from "../errors";
import { isUuid } from "../ids";
import { parseInput } from "../parse-input";
import { deletedView } from "../posts/views";
import { declareUseCase } from "../use-case";
import { NOTIFICATION_NOT_FOUND } from "./notification";
import { type DeleteNotificationInput, deleteNotificationInput } from "./schemas";

export { type DeleteNotificationInput, deleteNotificationInput };

/** Deletes one of the caller's notifications; another user's id is not found. */
export async function deleteNotification(
  ctx: UserContext,
  input: DeleteNotificationInput,
): Promise<{ deleted: true }> {
  const { notificationId } = parseInput(deleteNotificationInput, input);
  if (!isUuid(notificationId)) throw new AppError("not_found", NOTIFICATION_NOT_FOUND);
  const rows = await ctx.db
    .delete(notifications)
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, ctx.userId)))
    .returning({ id: notifications.id });
  if (rows.length === 0) throw new AppError("not_found", NOTIFICATION_NOT_FOUND);
  await ctx.events.publish(ctx.userId, { type: "notification.deleted", ids: [notificationId] });
  return { deleted: true };
}

export const deleteNotificationUseCase = declareUseCase({
  name: "deleteNotification",
  description: "Delete one notification.",
  scope: "user",
  input: deleteNotificationInput,
  output: deletedView,
  run: deleteNotification,
});
