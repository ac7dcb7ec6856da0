import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "../db/schema";
import { AppError } from "../errors";
import { createNotification } from "./create-notification";
import { deleteNotification } from "./delete-notification";
import { listNotifications } from "./list-notifications";
import { markNotificationsRead } from "./mark-notifications-read";

let t: DomainTestContext;
beforeAll(async () => {
  t = await createDomainTestContext();
});
afterAll(async () => {
  await t?.close();
});

const eventsOf = (userId: string) =>
  t.events.published.filter((e) => e.userId === userId).map((e) => e.event);

describe("notifications", () => {
  it("are created, pushed to the user's pages and listed newest first", async () => {
    const userId = await t.createUser();
    const ctx = t.as(userId);
    t.clock.set(new Date("2030-01-01T10:00:00Z"));
    const first = await createNotification(ctx, { message: "  Post approved ", type: "success" });
    t.clock.set(new Date("2030-01-01T10:05:00Z"));
    const second = await createNotification(ctx, { message: "Heads up" });
    t.clock.set(null);
    expect(first).toEqual({
      id: expect.any(String),
      message: "Post approved",
      type: "success",
      read: false,
      createdAt: "2030-01-01T10:00:00.000Z",
    });
    expect(second.type).toBe("info");
    expect(eventsOf(userId)).toEqual([
      {
        type: "notification.created",
        notification: { id: first.id, message: "Post approved", kind: "success", createdAt: first.createdAt },
      },
      {
        type: "notification.created",
        notification: { id: second.id, message: "Heads up", kind: "info", createdAt: second.createdAt },
      },
    ]);
    expect((await listNotifications(ctx)).notifications.map((n) => n.id)).toEqual([second.id, first.id]);
  });

  it("refuse an empty message or an unknown type", async () => {
    const ctx = t.as(await t.createUser());
    await expect(createNotification(ctx, { message: "  " })).rejects.toMatchObject({
      code: "invalid_input",
      message: "Notification message is required",
    });
    await expect(createNotification(ctx, { message: "x", type: "warning" as never })).rejects.toMatchObject({
      code: "invalid_input",
      message: "Type must be one of: success, error, info",
    });
  });

  it("are marked read: the named ones, or all unread; other users' ids are ignored", async () => {
    const userId = await t.createUser();
    const ctx = t.as(userId);
    const other = t.as(await t.createUser());
    const a = await createNotification(ctx, { message: "a" });
    const b = await createNotification(ctx, { message: "b" });
    const c = await createNotification(ctx, { message: "c" });
    const foreign = await createNotification(other, { message: "not yours" });

    expect(await markNotificationsRead(ctx, { ids: [a.id, foreign.id, "junk"] })).toEqual({ updated: 1 });
    expect(eventsOf(userId).at(-1)).toEqual({ type: "notification.updated", ids: [a.id] });
    expect(await markNotificationsRead(ctx, { ids: [a.id] })).toEqual({ updated: 0 });
    expect(await markNotificationsRead(ctx)).toEqual({ updated: 2 });
    expect(eventsOf(userId).at(-1)).toMatchObject({
      type: "notification.updated",
      ids: expect.arrayContaining([b.id, c.id]),
    });
    expect((await listNotifications(ctx)).notifications.every((n) => n.read)).toBe(true);
    const [foreignRow] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, foreign.id));
    expect(foreignRow?.read).toBe(false);
  });

  it("are deleted one by one; another user's id is not found and stays", async () => {
    const userId = await t.createUser();
    const ctx = t.as(userId);
    const other = t.as(await t.createUser());
    const mine = await createNotification(ctx, { message: "mine" });
    const theirs = await createNotification(other, { message: "theirs" });

    await deleteNotification(ctx, { notificationId: mine.id });
    expect(eventsOf(userId).at(-1)).toEqual({ type: "notification.deleted", ids: [mine.id] });
    expect((await listNotifications(ctx)).notifications).toEqual([]);

    for (const id of [theirs.id, mine.id, "not-a-uuid"]) {
      const error = await deleteNotification(ctx, { notificationId: id }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: "not_found", message: "Notification not found" });
    }
    expect((await listNotifications(other)).notifications.map((n) => n.id)).toEqual([theirs.id]);
  });
});
