import { createBrand } from "@smm/domain/brands";
import { completeChannelConnection, connectChannel, listChannels } from "@smm/domain/channels";
import { ALREADY_PROCESSED } from "@smm/domain/connections";
import type { BrandContext, UserContext } from "@smm/domain/context";
import { createTestContext, signUpVerifiedUser, type TestContext, userIdOf } from "@smm/test-support/app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeLinkedInServer, startLinkedInServer } from "../../../../tests/fakes/linkedin-server";

/*
 * LinkedIn through the app's wiring against its fake over real HTTP: the member's connection shows when
 * its 60-day token ends, and the pages the member administers appear only when the token carries the
 * organization scope.
 */

const ORGANIZATIONS = [{ id: "2414183", name: "Acme Coffee" }];
let ctx: TestContext;
let plain: FakeLinkedInServer;
let withPages: FakeLinkedInServer;
let userId: string;

async function contextFor(fake: FakeLinkedInServer) {
  return createTestContext({
    channelTesting: {
      allowAddress: () => false,
      sleep: async () => {},
      networkSettings: {
        LINKEDIN_CLIENT_ID: fake.clientId,
        LINKEDIN_CLIENT_SECRET: fake.clientSecret,
        LINKEDIN_API_URL: fake.url,
        LINKEDIN_AUTH_URL: fake.url,
      },
    },
  });
}

beforeAll(async () => {
  plain = await startLinkedInServer({ organizations: ORGANIZATIONS });
  withPages = await startLinkedInServer({
    organizations: ORGANIZATIONS,
    grantScopes: ["openid", "profile", "email", "w_member_social", "w_organization_social"],
  });
});

afterAll(async () => {
  await ctx?.close();
  await plain?.close();
  await withPages?.close();
});

/** A fresh app on this fake, a user with a brand, and the consent page's answer for LinkedIn. */
async function consentedLinkedIn(fake: FakeLinkedInServer) {
  await ctx?.close();
  ctx = await contextFor(fake);
  const { cookie } = await signUpVerifiedUser(ctx);
  userId = await userIdOf(ctx, cookie);
  const user = { ...ctx.deps, userId } as UserContext;
  const { id } = await createBrand(user, { name: "Page Roasters" });
  const brand: BrandContext = { ...user, brandId: id };
  const started = await connectChannel(brand, { platform: "linkedin" });
  if (started.status !== "redirect") throw new Error(`expected the consent page, got ${started.status}`);
  // The fake's consent page, and its Allow link, as the member would click it.
  const page = await (await fetch(started.url)).text();
  const allow = page.match(/href="([^"]+\/allow\?[^"]+)"/)?.[1] ?? "";
  const consent = await fetch(new URL(allow, fake.url), { redirect: "manual" });
  const back = new URL(consent.headers.get("location") ?? "");
  const answer = {
    platform: "linkedin" as const,
    code: back.searchParams.get("code") ?? "",
    state: back.searchParams.get("state") ?? "",
  };
  return { user, brand, answer };
}

async function connectLinkedIn(fake: FakeLinkedInServer) {
  const { user, brand, answer } = await consentedLinkedIn(fake);
  const done = await completeChannelConnection(user, answer);
  expect(done).toMatchObject({ status: "connected", channel: { platform: "linkedin", network: "linkedin" } });
  const view = await listChannels(brand);
  const channel = view.channels.find((candidate) => candidate.platform === "linkedin");
  if (!channel) throw new Error("no LinkedIn channel");
  return channel;
}

describe("a LinkedIn member's channel", () => {
  it("says when its token ends, and lists no pages without the organization scope", async () => {
    const channel = await connectLinkedIn(plain);
    expect(channel).toMatchObject({ state: "connected", sandbox: false, pages: [] });
    expect(channel.expiresInDays).toBeGreaterThanOrEqual(59);
    expect(channel.expiresInDays).toBeLessThanOrEqual(60);
  });

  it("connects once when two tabs bring back the same consent answer", async () => {
    const { user, brand, answer } = await consentedLinkedIn(plain);
    const outcomes = await Promise.allSettled([
      completeChannelConnection(user, answer),
      completeChannelConnection(user, answer),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason).toMatchObject({
      reason: "conflict",
      message: ALREADY_PROCESSED,
    });
    const view = await listChannels(brand);
    expect(view.channels.filter((channel) => channel.platform === "linkedin")).toHaveLength(1);
  });

  it("lists the pages the member administers when the token carries the organization scope", async () => {
    const channel = await connectLinkedIn(withPages);
    expect(channel.pages).toEqual([{ id: "urn:li:organization:2414183", name: "Acme Coffee" }]);
  });
});
