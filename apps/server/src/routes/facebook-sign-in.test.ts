import { account, user } from "@smm/domain/db/schema";
import {
  createTestContext,
  jsonRequest,
  signUpVerifiedUser,
  TEST_ORIGIN,
  type TestContext,
} from "@smm/test-support/app";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeMetaGraphServer,
  startFakeMetaGraphServer,
} from "../../../../tests/fakes/meta-graph-server";

/*
 * 'Continue with Facebook' through the Meta app of the page connections, on META_DIALOG_URL and
 * META_GRAPH_URL (here the fake Graph server): a first sign-in makes an account, a sign-in with the address
 * of an existing verified account signs into that account, and an address registered but never confirmed
 * is not handed to whoever signs in with Facebook.
 */

let ctx: TestContext;
let fake: FakeMetaGraphServer;
beforeAll(async () => {
  fake = await startFakeMetaGraphServer();
  ctx = await createTestContext({
    meta: { graphUrl: fake.url, appId: fake.appId, appSecret: fake.appSecret },
  });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});
let run = 0;
beforeEach(() => {
  run += 1;
  fake.user.id = `1000${run}`;
  fake.user.email = `fb.user.${run}@example.com`;
});

/** Cookies as a browser keeps them across the redirects. */
function mergeCookies(jar: Map<string, string>, response: Response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const [name, ...value] = (pair ?? "").split("=");
    if (name) jar.set(name.trim(), value.join("="));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** Clicks the button, follows the fake dialog's "Continue", lands on the callback; the session's cookie. */
async function continueWithFacebook() {
  const jar = new Map<string, string>();
  const start = await jsonRequest(ctx, "/api/auth/sign-in/social", {
    body: { provider: "facebook", callbackURL: "/welcome", errorCallbackURL: "/login?provider=facebook" },
  });
  expect(start.status).toBe(200);
  const cookie = mergeCookies(jar, start);
  const { url } = (await start.json()) as { url: string };
  const dialog = new URL(url);
  expect(`${dialog.origin}${dialog.pathname}`).toBe(`${fake.url}/v25.0/dialog/oauth`);
  expect(dialog.searchParams.get("client_id")).toBe(fake.appId);
  expect(dialog.searchParams.get("redirect_uri")).toBe(`${TEST_ORIGIN}/api/auth/callback/facebook`);
  expect(dialog.searchParams.get("scope")?.split(/[ ,]/)).toEqual(expect.arrayContaining(["email"]));

  const html = await (await fetch(url)).text();
  const allow = new URL(/id="allow" href="([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&") ?? "");
  const back = await ctx.app.request(`${allow.pathname}${allow.search}`, { headers: { cookie } });
  const session = mergeCookies(jar, back);
  return { location: back.headers.get("location") ?? "", cookie: session };
}

const sessionUser = async (cookie: string) => {
  const response = await jsonRequest(ctx, "/api/auth/get-session", { cookie });
  return ((await response.json()) as { user?: { id: string; email: string } } | null)?.user ?? null;
};

describe("Continue with Facebook", () => {
  it("makes an account on first sign-in and signs into the same one the next time", async () => {
    const first = await continueWithFacebook();
    expect(first.location).toBe("/welcome");
    const signedIn = await sessionUser(first.cookie);
    expect(signedIn?.email).toBe(fake.user.email);
    const [row] = await ctx.database.db.select().from(user).where(eq(user.email, fake.user.email));
    expect(row?.emailVerified).toBe(true);
    const accounts = await ctx.database.db
      .select()
      .from(account)
      .where(eq(account.userId, row?.id ?? ""));
    expect(accounts.map((a) => [a.providerId, a.accountId])).toEqual([["facebook", fake.user.id]]);
    // The Meta user token is kept server-side only, sealed: not in the session's answer, not readable at rest.
    expect(JSON.stringify(await sessionUser(first.cookie))).not.toContain("EAA");
    expect(accounts[0]?.accessToken ?? "").not.toContain("EAA");

    const again = await continueWithFacebook();
    expect((await sessionUser(again.cookie))?.id).toBe(signedIn?.id);
    // The code went to the fake's token endpoint on META_GRAPH_URL, and /me was asked with its token.
    expect(
      fake.requests.some((r) => r.path === "/oauth/access_token" && r.params.client_id === fake.appId),
    ).toBe(true);
    expect(fake.requests.some((r) => r.path === "/me" && r.params.fields?.includes("email"))).toBe(true);
  });

  it("links to the existing account with the same verified e-mail", async () => {
    const existing = await signUpVerifiedUser(ctx, fake.user.email);
    const own = await sessionUser(existing.cookie);
    const viaFacebook = await continueWithFacebook();
    expect(viaFacebook.location).toBe("/welcome");
    expect((await sessionUser(viaFacebook.cookie))?.id).toBe(own?.id);
    const accounts = await ctx.database.db
      .select()
      .from(account)
      .where(eq(account.userId, own?.id ?? ""));
    expect(accounts.map((a) => a.providerId).sort()).toEqual(["credential", "facebook"]);
    // The password still works as before.
    const password = await jsonRequest(ctx, "/api/auth/sign-in/email", {
      body: { email: existing.email, password: existing.password },
    });
    expect(password.status).toBe(200);
  });

  it("does not hand an address registered but never confirmed to whoever signs in with Facebook", async () => {
    const squatter = await jsonRequest(ctx, "/api/auth/sign-up/email", {
      body: { email: fake.user.email, password: "squatters-pass-9", name: "Squatter" },
    });
    expect(squatter.status, await squatter.clone().text()).toBe(200);
    const [before] = await ctx.database.db.select().from(user).where(eq(user.email, fake.user.email));
    const attempt = await continueWithFacebook();
    expect(attempt.location).toMatch(/^\/login\?provider=facebook&error=/);
    expect(await sessionUser(attempt.cookie)).toBeNull();
    const accounts = await ctx.database.db
      .select()
      .from(account)
      .where(eq(account.userId, before?.id ?? ""));
    expect(accounts.map((a) => a.providerId)).toEqual(["credential"]);
  });
});
