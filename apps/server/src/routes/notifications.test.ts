import { createNotification } from "@smm/domain/notifications";
import {
  createTestContext,
  jsonRequest,
  recordEvents,
  signUpVerifiedUser,
  type TestContext,
  userIdOf,
} from "@smm/test-support/app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function signedIn() {
  const { cookie } = await signUpVerifiedUser(ctx);
  const userId = await userIdOf(ctx, cookie);
  // What a job or another use case does on the server: the same use case the routes reach.
  const notify = (message: string, type?: "success" | "error" | "info") =>
    createNotification({ ...ctx.deps, now: () => new Date(), userId }, { message, type });
  return { cookie, userId, notify };
}

interface ListJson {
  notifications: { id: string; message: string; type: string; read: boolean; createdAt: string }[];
}
const list = async (cookie: string) =>
  (await (await jsonRequest(ctx, "/api/notifications", { cookie })).json()) as ListJson;

describe("notification routes", () => {
  it("need a session", async () => {
    expect((await jsonRequest(ctx, "/api/notifications")).status).toBe(401);
    expect((await jsonRequest(ctx, "/api/notifications/read", { method: "POST" })).status).toBe(401);
    expect((await jsonRequest(ctx, "/api/notifications/x", { method: "DELETE" })).status).toBe(401);
  });

  it("list the caller's notifications newest first, pushed live as they are created", async () => {
    const ann = await signedIn();
    const bob = await signedIn();
    const events = await recordEvents(ctx.events, ann.userId);
    const first = await ann.notify("Post approved", "success");
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await ann.notify("Image generation failed, please try again", "error");
    await bob.notify("Bob's only");

    await events.waitFor((e) => e.type === "notification.created" && e.notification.id === second.id);
    await events.stop();
    const body = await list(ann.cookie);
    expect(body).toEqual({
      notifications: [
        {
          id: second.id,
          message: "Image generation failed, please try again",
          type: "error",
          read: false,
          createdAt: second.createdAt,
        },
        { id: first.id, message: "Post approved", type: "success", read: false, createdAt: first.createdAt },
      ],
    });
  });

  it("mark the named ones, or all unread, as read", async () => {
    const { cookie, userId, notify } = await signedIn();
    const a = await notify("a");
    await notify("b");
    await notify("c");
    const events = await recordEvents(ctx.events, userId);
    const some = await jsonRequest(ctx, "/api/notifications/read", { body: { ids: [a.id] }, cookie });
    expect(await some.json()).toEqual({ updated: 1 });
    await events.waitFor((e) => e.type === "notification.updated" && e.ids.includes(a.id));
    const all = await jsonRequest(ctx, "/api/notifications/read", { method: "POST", cookie });
    expect(await all.json()).toEqual({ updated: 2 });
    await events.stop();
    expect((await list(cookie)).notifications.every((n) => n.read)).toBe(true);

    const bad = await jsonRequest(ctx, "/api/notifications/read", { body: { ids: "all" }, cookie });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: {
        code: "invalid_input",
        reason: "invalid_input",
        message: "ids must be an array",
        issues: [{ path: "ids", message: "ids must be an array" }],
      },
    });
  });

  it("delete one with 204; another user's is 404 and stays", async () => {
    const ann = await signedIn();
    const bob = await signedIn();
    const mine = await ann.notify("mine");
    const theirs = await bob.notify("theirs");
    const events = await recordEvents(ctx.events, ann.userId);

    const deleted = await jsonRequest(ctx, `/api/notifications/${mine.id}`, {
      method: "DELETE",
      cookie: ann.cookie,
    });
    expect(deleted.status).toBe(204);
    await events.waitFor((e) => e.type === "notification.deleted" && e.ids[0] === mine.id);
    await events.stop();

    for (const id of [theirs.id, mine.id, "nope"]) {
      const response = await jsonRequest(ctx, `/api/notifications/${id}`, {
        method: "DELETE",
        cookie: ann.cookie,
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: "not_found", reason: "not_found", message: "Notification not found" },
      });
    }
    expect((await list(bob.cookie)).notifications.map((n) => n.id)).toEqual([theirs.id]);
  });
});
