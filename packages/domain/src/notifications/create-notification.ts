import type { UserContext } from "../context";
import { parseInput } from "../parse-input";
import { insertNotification, publishNotificationCreated } from "./notification";
import { type CreateNotificationInput, createNotificationInput, type NotificationView } from "./schemas";

export { type CreateNotificationInput, createNotificationInput };

export async function createNotification(
  ctx: UserContext,
  input: CreateNotificationInput,
): Promise<NotificationView> {
  const { message, type } = parseInput(createNotificationInput, input);
  const notification = await insertNotification(ctx.db, ctx.userId, { message, type, createdAt: ctx.now() });
  await publishNotificationCreated(ctx, notification);
  return notification;
}
