import { posts, userBrands } from "@smm/domain/db/schema";
import {
  createTestContext,
  jsonRequest,
  signUpVerifiedUser,
  type TestContext,
  userIdOf,
} from "@smm/test-support/app";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEEDS_BRAND_TEXT } from "../adapters/offline-assistant/brand-intents";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const userMessage = (id: string, text: string) => ({ id, role: "user", parts: [{ type: "text", text }] });

async function chat(cookie: string, messages: unknown[], headers: Record<string, string> = {}) {
  const response = await jsonRequest(ctx, "/api/chat", { body: { messages }, cookie, headers });
  const body = await response.text();
  const events = body
    .split("\n")
    .filter((line) => line.startsWith("data: ") && line !== "data: [DONE]")
    .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
  const text = events
    .filter((event) => event.type === "text-delta")
    .map((event) => event.delta)
    .join("");
  return { response, events, text };
}

describe("/api/chat for a user without a brand (issue 20)", () => {
  it("says a brand is needed, creates it by name, and keeps the turn with the new brand", async () => {
    const { cookie } = await signUpVerifiedUser(ctx);
    const userId = await userIdOf(ctx, cookie);

    const asked = await chat(cookie, [userMessage("m1", "Create a post about our waffle cones")]);
    expect(asked.response.status).toBe(200);
    expect(asked.text).toBe(NEEDS_BRAND_TEXT);
    expect(asked.events.some((event) => event.type === "tool-input-available")).toBe(false);
    expect(await ctx.database.db.select().from(posts).where(eq(posts.userId, userId))).toEqual([]);

    const named = await chat(cookie, [userMessage("m2", "My brand is Sunny Scoops")]);
    expect(named.events).toContainEqual(
      expect.objectContaining({
        type: "tool-input-available",
        toolName: "createBrand",
        input: { name: "Sunny Scoops" },
      }),
    );
    expect(named.text).toContain("your brand “Sunny Scoops” is created and active");
    const brands = await ctx.database.db.select().from(userBrands).where(eq(userBrands.userId, userId));
    expect(brands.map((brand) => [brand.name, brand.isActive])).toEqual([["Sunny Scoops", true]]);

    // The conversation that created the brand is the brand's conversation from now on.
    const stored = (await (await jsonRequest(ctx, "/api/chat", { cookie })).json()) as {
      messages: { role: string }[];
    };
    expect(stored.messages.map((message) => message.role)).toEqual(["user", "assistant"]);

    // With the brand, the same request now makes a post.
    const post = await chat(cookie, [userMessage("m3", "Create a post about our waffle cones")]);
    expect(post.events).toContainEqual(
      expect.objectContaining({ type: "tool-input-available", toolName: "generatePost" }),
    );
  });

  it("still moves around without a brand, and a brand of another user stays a 404", async () => {
    const { cookie } = await signUpVerifiedUser(ctx);
    const nav = await chat(cookie, [userMessage("m1", "go to settings")]);
    expect(nav.events).toContainEqual(
      expect.objectContaining({
        type: "tool-input-available",
        toolName: "navigateTo",
        input: { path: "/settings" },
      }),
    );
    const foreign = await chat(cookie, [userMessage("m2", "hello")], {
      "x-brand-id": "00000000-0000-4000-8000-000000000000",
    });
    expect(foreign.response.status).toBe(404);
  });
});
