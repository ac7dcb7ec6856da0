import { createCampaign, listCampaigns } from "@smm/domain/campaigns";
import type { BrandContext } from "@smm/domain/context";
import { socialConnections } from "@smm/domain/db/schema";
import {
  createTestContext,
  jsonRequest,
  signUpVerifiedUser,
  type TestContext,
  userIdOf,
} from "@smm/test-support/app";
import { afterAll, beforeAll, expect, it } from "vitest";

/** "pause campaign X" and "delete campaign X" through /api/chat with the offline assistant. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function sandboxAdsUser(): Promise<{ cookie: string; brand: BrandContext }> {
  const { cookie } = await signUpVerifiedUser(ctx);
  const userId = await userIdOf(ctx, cookie);
  const created = await jsonRequest(ctx, "/api/brands", { body: { name: "Harbour Cafe" }, cookie });
  const { id: brandId } = (await created.json()) as { id: string };
  // What connecting the sandbox page and ad account stores (the connection tests go through the dialogs).
  await ctx.database.db.insert(socialConnections).values([
    {
      userId,
      brandId,
      provider: "facebook",
      externalAccountId: "sandbox-page",
      encryptedToken: "x",
      network: "sandbox",
    },
    {
      userId,
      brandId,
      provider: "facebook_ads",
      externalAccountId: "sandbox",
      name: "Sandbox ad account",
      encryptedToken: "x",
      network: "sandbox",
      metadata: { graphId: "act_sandbox", currency: "EUR", accountStatus: 1 },
    },
  ]);
  return { cookie, brand: { ...ctx.deps, userId, brandId } };
}

async function say(cookie: string, text: string) {
  const message = { id: `m${Math.random()}`, role: "user", parts: [{ type: "text", text }] };
  const response = await jsonRequest(ctx, "/api/chat", { body: { messages: [message] }, cookie });
  const events = (await response.text())
    .split("\n")
    .filter((line) => line.startsWith("data: ") && line !== "data: [DONE]")
    .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
  const calls = events
    .filter((event) => event.type === "tool-input-available")
    .map((event) => event.toolName);
  const reply = events
    .filter((event) => event.type === "text-delta")
    .map((event) => event.delta)
    .join("");
  return { calls, reply };
}

it("pauses and resumes a campaign named in the chat", async () => {
  const { cookie, brand } = await sandboxAdsUser();
  await createCampaign(brand, { name: "Spring launch" });
  await createCampaign(brand, { name: "Autumn blend" });

  const paused = await say(cookie, "pause campaign Spring launch");
  expect(paused.calls).toEqual(["listCampaigns", "updateCampaign"]);
  expect(paused.reply).toContain("I paused “Spring launch”.");
  const after = await listCampaigns(brand);
  expect(after.campaigns.map((c) => [c.name, c.status])).toEqual([
    ["Autumn blend", "ACTIVE"],
    ["Spring launch", "PAUSED"],
  ]);

  const resumed = await say(cookie, "resume the Spring launch campaign");
  expect(resumed.calls).toEqual(["listCampaigns", "updateCampaign"]);
  expect((await listCampaigns(brand)).campaigns.find((c) => c.name === "Spring launch")?.status).toBe(
    "ACTIVE",
  );

  const list = await say(cookie, "list my campaigns");
  expect(list.calls).toEqual(["listCampaigns"]);
  expect(list.reply).toContain("• Spring launch: active");
});

it("asks before deleting, and deletes once confirmed", async () => {
  const { cookie, brand } = await sandboxAdsUser();
  await createCampaign(brand, { name: "Old promo" });
  const asked = await say(cookie, "delete campaign Old promo");
  expect(asked.calls).toEqual(["listCampaigns"]);
  expect(asked.reply).toContain('Are you sure you want to delete "Old promo"? This action cannot be undone.');
  expect((await listCampaigns(brand)).campaigns).toHaveLength(1);
  const done = await say(cookie, "yes, delete campaign Old promo");
  expect(done.calls).toEqual(["listCampaigns", "deleteCampaign"]);
  expect(done.reply).toContain("I deleted “Old promo”.");
  expect((await listCampaigns(brand)).campaigns).toEqual([]);
});
