import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { type FakeMetaGraphServer, startFakeMetaGraphServer } from "../fakes/meta-graph-server";
import {
  createServerUser,
  type InProcessServer,
  serverTest,
  startClockAt,
} from "./fixtures/in-process-server";
import { signInBySession, signInThroughUi } from "./helpers";
import { createZonedDates, dateSensitiveClocks } from "./zoned-dates";

/*
 * The Meta connection journey of issue 15 from Settings > Facebook, through the popup, twice: against the
 * sandbox (no Meta app configured) and against the fake Graph API + dialog over HTTP, started by the test
 * and named to the server as FACEBOOK_APP_ID/SECRET, META_GRAPH_URL and META_DIALOG_URL. Each connects a
 * page and an ad account, posts for now, and disconnects both. A post for now is green on today's calendar
 * cell: checked on set clocks (page and server) on the days that broke date code before.
 */

type Connections = {
  available: "meta" | "sandbox";
  page: { name: string; network: string; status: string; instagramAccountId: string | null } | null;
  adAccount: { name: string; currency: string } | null;
};

async function readConnections(page: Page): Promise<Connections> {
  const response = await page.request.get("/api/connections");
  expect(response.status()).toBe(200);
  return (await response.json()) as Connections;
}

/** Clicks a connect button and approves in the dialog the popup opened on (sandbox or fake Meta). */
async function approveInPopup(page: Page, button: string, approveLink: RegExp) {
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: button }).click();
  const popup = await popupOpened;
  await popup.getByRole("link", { name: approveLink }).click();
  // The callback page hands the result to Settings and closes itself.
  await popup.waitForEvent("close");
}

/** Approved posts seeded unscheduled, posted with 'Post now' from All Posts; each ends published. */
async function postNow(
  page: Page,
  server: InProcessServer,
  email: string,
  posts: SeededPost[],
): Promise<string[]> {
  const ids = await server.seedPosts(
    email,
    posts.map((post) => ({ ...post, status: "approved" as const })),
  );
  await page.goto("/dashboard");
  await page.getByTestId("view-all-posts").click();
  const dialog = page.getByTestId("all-posts-dialog");
  for (const id of ids) {
    await dialog.locator(`[data-post-id="${id}"]`).getByTestId("post-publish").click();
    // Post now asks first.
    await page.getByTestId("publish-post-dialog-confirm").click();
    await expect
      .poll(
        async () => ((await (await page.request.get(`/api/posts/${id}`)).json()) as { state: string }).state,
        {
          timeout: 20_000,
        },
      )
      .toBe("published");
  }
  await page.keyboard.press("Escape");
  return ids;
}

type SeededPost = { content: string; platform: "facebook" | "instagram"; imageUrl?: string };

/** Disconnect with its confirmation clears the page and the ad account. */
async function disconnectAll(page: Page) {
  await page.getByTestId("facebook-disconnect").click();
  await page.getByTestId("facebook-disconnect-confirm").click();
  await expect(page.getByTestId("facebook-connection")).toContainText("No page connected");
  await expect(page.getByTestId("facebook-ad-account")).toContainText(
    "Please connect your Facebook page first",
  );
  const connections = await readConnections(page);
  expect(connections.page).toBeNull();
  expect(connections.adAccount).toBeNull();
}

serverTest(
  "sandbox: page and ad account through the popup, a post for now, disconnect",
  async ({ page, server }) => {
    serverTest.setTimeout(120_000);
    const email = await createServerUser(page, server, { prefix: "metasandbox" });
    await signInBySession(page, email);
    await page.goto("/settings?tab=facebook");
    const card = page.getByTestId("facebook-connection");
    const ads = page.getByTestId("facebook-ad-account");
    await expect(card).toContainText("No page connected");
    await expect(card).toContainText("Sandbox");
    await expect(ads).toContainText("Please connect your Facebook page first");
    await expect(ads.getByRole("button", { name: "Connect ad account" })).toBeDisabled();

    // Closing the popup without finishing says so (checked every second).
    const abandoned = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Connect Facebook page" }).click();
    await (await abandoned).close();
    await expect(page.getByTestId("facebook-page-error")).toHaveText(
      "Facebook connection was not completed. Please try again.",
    );

    // The sandbox offers one page: it is connected at once.
    await approveInPopup(page, "Connect Facebook page", /^Continue$/);
    await expect(card).toContainText("Connected to Sandbox page");
    await expect(card).toContainText("Instagram business account linked.");
    await expect(card.getByRole("button", { name: "Reconnect Facebook page" })).toBeVisible();

    await approveInPopup(page, "Connect ad account", /^Continue$/);
    await expect(ads).toContainText("Ad account: Sandbox ad account");
    await expect(ads).toContainText("Sandbox");
    expect(await readConnections(page)).toMatchObject({
      page: { name: "Sandbox page", network: "sandbox" },
      adAccount: { name: "Sandbox ad account" },
    });

    await postNow(page, server, email, [
      { content: "Sandbox: fresh croissants today", platform: "facebook" },
    ]);

    await page.goto("/settings?tab=facebook");
    await disconnectAll(page);
  },
);

const ZONE = "America/New_York";
const zoned = createZonedDates(ZONE);

serverTest.describe(`in ${ZONE}`, () => {
  serverTest.use({ timezoneId: ZONE });
  for (const [day, start] of Object.entries(dateSensitiveClocks(zoned)))
    serverTest(`a post for now is green on today's calendar cell on ${day}`, async ({ page, server }) => {
      await startClockAt(page, server, start);
      const email = await createServerUser(page, server, { prefix: "metatoday" });
      await signInThroughUi(page, email);
      const [id] = await postNow(page, server, email, [
        { content: "Sandbox: fresh croissants today", platform: "facebook" },
      ]);
      await page.goto("/calendar");
      const today = page.locator(`[data-testid="calendar-day"][data-date="${zoned.dayKey(start)}"]`);
      await expect(today).toHaveAttribute("data-today", "true");
      await expect(today.locator(`[data-testid="calendar-post"][data-post-id="${id}"]`)).toHaveAttribute(
        "data-state",
        "published",
      );
    });
});

const metaTest = serverTest.extend<Record<never, never>, { fake: FakeMetaGraphServer }>({
  fake: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const fake = await startFakeMetaGraphServer();
      await use(fake);
      await fake.close();
    },
    { scope: "worker" },
  ],
  serverOptions: [
    async ({ fake }, use) => {
      await use({
        env: {
          FACEBOOK_APP_ID: fake.appId,
          FACEBOOK_APP_SECRET: fake.appSecret,
          META_GRAPH_URL: fake.url,
          META_DIALOG_URL: fake.url,
        },
      });
    },
    { scope: "worker" },
  ],
});

metaTest(
  "Meta (fake Graph API): pick a page and an ad account, Facebook and Instagram posts for now, disconnect",
  async ({ page, server, fake }) => {
    metaTest.setTimeout(150_000);
    fake.containerPolls = 1;
    const email = await createServerUser(page, server, { prefix: "metagraph" });
    await signInBySession(page, email);
    await page.goto("/settings?tab=facebook");
    const card = page.getByTestId("facebook-connection");
    const ads = page.getByTestId("facebook-ad-account");
    await expect(card).toContainText("No page connected");
    await expect(card).not.toContainText("Sandbox");

    // Two pages: the popup hands them to Settings, which shows the picker.
    await approveInPopup(page, "Connect Facebook page", /^Continue as /);
    const pagePicker = page.getByTestId("facebook-page-picker");
    await expect(pagePicker).toContainText(
      "Facebook connected! Found 2 page(s). Please select a page to connect.",
    );
    await expect(pagePicker).toContainText("Fake Bakery Page");
    await pagePicker.getByText("Fake Coffee Page").click();
    await pagePicker.getByRole("button", { name: "Connect Selected Page" }).click();
    await expect(card).toContainText("Connected to Fake Coffee Page");
    await expect(card).toContainText("Coffee Shop");
    await expect(card).toContainText("Instagram business account linked.");

    await approveInPopup(page, "Connect ad account", /^Continue as /);
    const adPicker = page.getByTestId("facebook-ads-picker");
    await expect(adPicker).toContainText("555000111 · EUR · Active");
    await expect(adPicker).toContainText("555000222 · USD · Disabled");
    await adPicker.getByText("Fake Coffee Ads").click();
    await adPicker.getByRole("button", { name: "Connect Selected Ad Account" }).click();
    await expect(ads).toContainText("Ad account: Fake Coffee Ads");
    await expect(ads).toContainText("EUR");
    expect(await readConnections(page)).toMatchObject({
      available: "meta",
      page: { name: "Fake Coffee Page", network: "meta", instagramAccountId: "17841400000000001" },
      adAccount: { name: "Fake Coffee Ads", currency: "EUR" },
    });

    const facebookText = "Meta: our autumn blend is back";
    const instagramText = "Meta: latte art of the day";
    await postNow(page, server, email, [
      { content: facebookText, platform: "facebook" },
      { content: instagramText, platform: "instagram", imageUrl: "https://images.example.com/latte.jpg" },
    ]);
    // Each went out once (the adapter's invisible idempotency mark follows the text): the page post on the
    // page, the Instagram one through one finished container.
    const pagePosts = [...fake.posts.values()].filter((post) => post.message.startsWith(facebookText));
    expect(pagePosts).toEqual([
      expect.objectContaining({ pageId: "10100000000", kind: "text", published: true }),
    ]);
    const containers = [...fake.containers.values()].filter((container) =>
      container.caption.startsWith(instagramText),
    );
    expect(containers).toEqual([
      expect.objectContaining({
        igUserId: "17841400000000001",
        imageUrl: "https://images.example.com/latte.jpg",
        published: true,
      }),
    ]);
    expect(
      fake.requests.filter((request) => request.path === "/17841400000000001/media_publish"),
    ).toHaveLength(1);

    // Meta answers code 190 (the token expired): the post fails, Settings asks to reconnect, Reconnect mends it.
    fake.failNext(
      { method: "POST", path: /\/feed$/ },
      { status: 400, code: 190, message: "Error validating access token: Session has expired." },
    );
    const [expiredPostId] = await server.seedPosts(email, [
      { content: "Meta: after the token expired", platform: "facebook", status: "approved" },
    ]);
    await page.goto("/dashboard");
    await page.getByTestId("view-all-posts").click();
    await page
      .getByTestId("all-posts-dialog")
      .locator(`[data-post-id="${expiredPostId}"]`)
      .getByTestId("post-publish")
      .click();
    await page.getByTestId("publish-post-dialog-confirm").click();
    await expect
      .poll(async () => (await readConnections(page)).page?.status, { timeout: 20_000 })
      .toBe("expired");
    await page.goto("/settings?tab=facebook");
    await expect(card).toContainText("Expired");
    await expect(page.getByTestId("facebook-expired")).toHaveText(
      "Your Facebook connection has expired. Please reconnect your page in Settings.",
    );
    await approveInPopup(page, "Reconnect Facebook page", /^Continue as /);
    await pagePicker.getByRole("button", { name: "Connect Selected Page" }).click();
    await expect(page.getByTestId("facebook-expired")).toBeHidden();
    expect((await readConnections(page)).page).toMatchObject({
      name: "Fake Coffee Page",
      status: "connected",
    });

    await disconnectAll(page);
  },
);

metaTest("Meta (fake Graph API): a page connected through the callback screen", async ({ page, server }) => {
  metaTest.setTimeout(90_000);
  const email = await createServerUser(page, server, { prefix: "metacallback" });
  await signInThroughUi(page, email);
  const start = await page.request.post("/api/connections/facebook/start", {
    data: { flow: "page" },
    headers: { origin: server.url },
  });
  expect(start.status()).toBe(200);
  // No popup: the dialog in this window returns to the callback screen, which shows the picker itself.
  await page.goto(((await start.json()) as { url: string }).url);
  await page.getByRole("link", { name: /^Continue as / }).click();
  await expect(page).toHaveURL(/\/auth\/facebook\/callback\?/);
  await expect(
    page.getByText("Facebook connected! Found 2 page(s). Please select a page to connect."),
  ).toBeVisible();
  await expect(page.getByTestId("facebook-callback")).not.toContainText("Sandbox");
  await page.getByText("Fake Bakery Page").click();
  await page.getByRole("button", { name: "Connect Selected Page" }).click();
  await expect(page).toHaveURL(/\/settings/);
  expect((await readConnections(page)).page).toMatchObject({
    name: "Fake Bakery Page",
    network: "meta",
    instagramAccountId: null,
  });
  // At a phone's width the tab fits and passes axe's serious checks.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/settings?tab=facebook");
  await expect(page.getByTestId("facebook-connection")).toContainText(
    "No Instagram business account is linked to this page.",
  );
  await expect(page.getByTestId("facebook-ad-account")).toContainText("No ad account connected");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const axe = await new AxeBuilder({ page }).include("main").withTags(["wcag2a", "wcag2aa"]).analyze();
  const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
});
