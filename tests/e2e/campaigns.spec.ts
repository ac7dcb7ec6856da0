import { expect, type Page } from "@playwright/test";
import { type FakeMetaGraphServer, startFakeMetaGraphServer } from "../fakes/meta-graph-server";
import { createServerUser, serverTest, startClockAt } from "./fixtures/in-process-server";
import { signInBySession, signInThroughUi } from "./helpers";
import { expectCleanLayout } from "./layout-check";
import { createZonedDates, dateSensitiveClocks } from "./zoned-dates";

/*
 * The campaign manager of issue 19 on the sandbox ad account: without an ad account the page says what is
 * required; after connecting a page and the ad account through the popup, a campaign is made through the
 * Create Campaign wizard and an ad set through the Create Ad Set wizard, then paused, resumed and deleted
 * with the spec's confirmation.
 */

async function approveInPopup(page: Page, button: string, approve = /^Continue$/) {
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: button }).click();
  const popup = await popupOpened;
  await popup.getByRole("link", { name: approve }).click();
  await popup.waitForEvent("close");
}

/*
 * The wizard's start date is a day where the browser is, checked against today there and against the
 * server's clock: the page runs in a zone with DST, on clocks set on page and server alike.
 */
const ZONE = "America/New_York";
serverTest.use({ timezoneId: ZONE });
const zoned = createZonedDates(ZONE);
const CLOCKS = dateSensitiveClocks(zoned);

/** The day `days` after `start`'s day in the zone, as a date input writes it (yyyy-mm-dd). */
const dayFrom = (start: Date, days: number) => zoned.dayKey(zoned.daysFrom(start, days));

async function connectSandboxAdAccount(page: Page) {
  await page.goto("/settings?tab=facebook");
  await approveInPopup(page, "Connect Facebook page");
  await expect(page.getByTestId("facebook-connection")).toContainText("Connected to Sandbox page");
  await approveInPopup(page, "Connect ad account");
  await expect(page.getByTestId("facebook-ad-account")).toContainText("Ad account: Sandbox ad account");
}

for (const [day, start] of Object.entries(CLOCKS))
  serverTest(
    `the campaign wizard refuses yesterday, allows today and starts tomorrow at its midnight on ${day}`,
    async ({ page, server }) => {
      serverTest.setTimeout(90_000);
      await startClockAt(page, server, start);
      const email = await createServerUser(page, server, { prefix: "campaign-start" });
      await signInThroughUi(page, email);
      await connectSandboxAdAccount(page);
      await page.goto("/campaigns");
      await expect(page.getByTestId("campaigns-empty")).toBeVisible();
      await page.getByTestId("campaigns-create").click();
      const wizard = page.getByTestId("campaign-wizard");
      await wizard.getByTestId("wizard-next").click();
      await wizard.getByTestId("campaign-name").fill("Tomorrow's launch");
      await wizard.getByTestId("wizard-next").click();
      const field = wizard.getByTestId("campaign-start");
      await expect(field).toHaveAttribute("min", dayFrom(start, 0));
      await field.fill(dayFrom(start, -1));
      await expect(wizard.getByTestId("campaign-start-error")).toHaveText(
        "The start date can't be in the past. Choose today or a later date.",
      );
      await expect(wizard.getByTestId("wizard-next")).toBeDisabled();
      await field.fill(dayFrom(start, 0));
      await expect(wizard.getByTestId("campaign-start-error")).toHaveCount(0);
      const tomorrow = dayFrom(start, 1);
      await field.fill(tomorrow);
      await expect(wizard.getByTestId("campaign-start-error")).toHaveCount(0);
      await wizard.getByTestId("wizard-next").click();
      await expect(wizard.getByTestId("campaign-review")).toContainText(tomorrow);

      // Sent as tomorrow's midnight in the zone, which the server (on its clock) takes as not in the past.
      const [year, month, date] = tomorrow.split("-").map(Number) as [number, number, number];
      const created = page.waitForResponse(
        (response) => response.url().endsWith("/api/campaigns") && response.request().method() === "POST",
      );
      await wizard.getByTestId("wizard-create").click();
      const response = await created;
      expect(response.status(), await response.text()).toBe(201);
      expect(response.request().postDataJSON()).toMatchObject({
        startTime: zoned.at(year, month, date).toISOString(),
      });
      await expect(wizard).toBeHidden();
      const row = page.locator(`[data-testid="campaign-row"][data-name="Tomorrow's launch"]`);
      await row.getByTestId("campaign-menu").click();
      await page.getByRole("menuitem", { name: "View Details" }).click();
      await expect(page.getByTestId("campaign-details")).toContainText(`Start${month}/${date}/${year}`);
    },
  );

serverTest(
  "sandbox: create a campaign and an ad set through the wizards, pause, resume, delete",
  async ({ page, server }) => {
    // A long journey (two wizards with their checks, the assistant, edits): minutes on a busy machine.
    serverTest.setTimeout(240_000);
    const start = CLOCKS["2026-12-31"] as Date;
    await startClockAt(page, server, start);
    const dayFromToday = (days: number) => dayFrom(start, days);
    const email = await createServerUser(page, server, { prefix: "campaigns" });
    await signInBySession(page, email);

    await page.goto("/campaigns");
    await expect(page.getByTestId("campaigns-setup-required")).toContainText(
      "Facebook Ad Account Setup Required",
    );

    await connectSandboxAdAccount(page);

    await page.goto("/campaigns");
    await expect(page.getByTestId("campaigns-account")).toContainText("Sandbox ad account · EUR");
    await expect(page.getByTestId("campaigns-empty")).toContainText("No campaigns yet");
    await expect(page.getByTestId("summary-spend")).toBeVisible();
    // One account: no selector.
    await expect(page.getByTestId("ad-account-selector")).toHaveCount(0);

    // The Create Campaign wizard: objective (Traffic by default), a name (Next is disabled without one), budget.
    await page.getByTestId("campaigns-create").click();
    const wizard = page.getByTestId("campaign-wizard");
    await expect(wizard.getByTestId("objective-OUTCOME_TRAFFIC")).toHaveAttribute("aria-pressed", "true");
    await wizard.getByTestId("objective-OUTCOME_AWARENESS").click();
    await wizard.getByTestId("wizard-next").click();
    await expect(wizard.getByTestId("wizard-next")).toBeDisabled();
    await wizard.getByTestId("campaign-name").fill("Winter coffee launch");
    await wizard.getByTestId("wizard-next").click();
    await expect(wizard.getByTestId("campaign-budget")).toHaveValue("10.00");
    // The hint speaks the ad account's currency, like the label beside it (a EUR account here).
    await expect(wizard.getByText("Budget (EUR)")).toBeVisible();
    await expect(wizard.getByTestId("campaign-budget-hint")).toHaveText("Minimum €1.00 per day");
    await wizard.getByTestId("budget-type-lifetime").click();
    await expect(wizard.getByTestId("campaign-budget-hint")).toHaveText("€1.00 total");
    await wizard.getByTestId("budget-type-daily").click();
    await expect(wizard).not.toContainText("$");
    await wizard.getByTestId("campaign-budget").fill("25");
    // A start eleven months ago is refused by the field; going back and forth keeps what was typed.
    await wizard.getByTestId("campaign-start").fill(dayFromToday(-330));
    await expect(wizard.getByTestId("campaign-start-error")).toHaveText(
      "The start date can't be in the past. Choose today or a later date.",
    );
    await expect(wizard.getByTestId("campaign-start")).toHaveAttribute("aria-invalid", "true");
    await expect(wizard.getByTestId("wizard-next")).toBeDisabled();
    await wizard.getByRole("button", { name: "Previous" }).click();
    await expect(wizard.getByTestId("campaign-name")).toHaveValue("Winter coffee launch");
    await wizard.getByTestId("wizard-next").click();
    await expect(wizard.getByTestId("campaign-budget")).toHaveValue("25");
    await expect(wizard.getByTestId("campaign-start")).toHaveValue(dayFromToday(-330));
    await expect(wizard.getByTestId("campaign-start-error")).toBeVisible();
    await wizard.getByTestId("campaign-start").fill(dayFromToday(2));
    await expect(wizard.getByTestId("campaign-start-error")).toHaveCount(0);
    await wizard.getByTestId("wizard-next").click();
    await expect(wizard.getByTestId("campaign-review")).toContainText(dayFromToday(2));
    await expect(wizard.getByTestId("campaign-review")).toContainText("Winter coffee launch");
    await expect(wizard.getByTestId("campaign-review")).toContainText("Awareness");
    await wizard.getByTestId("wizard-create").click();
    await expect(wizard).toBeHidden();
    await expect(page.getByText("Campaign created successfully")).toBeVisible();

    const row = page.locator('[data-testid="campaign-row"][data-name="Winter coffee launch"]');
    await expect(row).toContainText("Awareness");
    await expect(row.getByTestId("campaign-status")).toHaveText("Active");

    // The Create Ad Set wizard: nothing blocks Next; women in France.
    await row.getByTestId("campaign-add-adset").click();
    const adSet = page.getByTestId("adset-wizard");
    await adSet.getByTestId("adset-name").fill("Women in France");
    await adSet.getByTestId("wizard-next").click();
    await adSet.getByRole("button", { name: "Female" }).click();
    await adSet.getByTestId("country-FR").click();
    await adSet.getByTestId("country-US").click();
    await expect(adSet).toContainText("Estimated audience size: 2.5M");
    await adSet.getByTestId("wizard-next").click();
    await expect(adSet.getByTestId("adset-budget-hint")).toHaveText("Minimum €1.00 per day");
    await adSet.getByTestId("wizard-next").click();
    await expect(adSet.getByTestId("adset-review")).toContainText("women, FR");
    await adSet.getByTestId("wizard-create").click();
    await expect(adSet).toBeHidden();
    await row.getByTestId("campaign-expand").click();
    await expect(page.getByTestId("adset-row")).toContainText("Women in France");

    // Pause and resume.
    await row.getByTestId("campaign-pause").click();
    await expect(row.getByTestId("campaign-status")).toHaveText("Paused");
    await page.getByTestId("campaign-status-filter").selectOption("active");
    await expect(page.getByTestId("campaigns-none-found")).toContainText("No campaigns found");
    await page.getByTestId("campaign-status-filter").selectOption("all");
    await row.getByTestId("campaign-resume").click();
    await expect(row.getByTestId("campaign-status")).toHaveText("Active");

    // The assistant, open beside the table, pauses it by name with a card linking to the page; the table
    // follows without a reload.
    await page.getByTestId("assistant-toggle").click();
    const panel = page.getByTestId("assistant-panel");
    await panel.getByTestId("assistant-input").fill("pause campaign Winter coffee launch");
    await panel.getByTestId("assistant-input").press("Enter");
    await expect(panel.getByTestId("assistant-campaign-card")).toContainText("Winter coffee launch: paused");
    await expect(panel.getByTestId("assistant-messages")).toContainText("I paused “Winter coffee launch”.");
    await expect(panel.getByTestId("assistant-messages")).not.toContainText('{"');
    await expect(row.getByTestId("campaign-status")).toHaveText("Paused");
    await panel.getByTestId("assistant-campaign-card").getByRole("link", { name: "Open Campaigns" }).click();
    await expect(page).toHaveURL(/\/campaigns$/);
    await row.getByTestId("campaign-resume").click();
    await expect(row.getByTestId("campaign-status")).toHaveText("Active");

    // View Details.
    await row.getByTestId("campaign-menu").click();
    await page.getByRole("menuitem", { name: "View Details" }).click();
    await expect(page.getByTestId("campaign-details")).toContainText("Winter coffee launch");
    await page.keyboard.press("Escape");

    // Edit Campaign: a new name and budget.
    await row.getByTestId("campaign-menu").click();
    await page.getByRole("menuitem", { name: "Edit Campaign" }).click();
    const edit = page.getByTestId("campaign-edit-form");
    await expect(edit.getByLabel("Daily budget")).toHaveValue("25.00");
    await edit.getByLabel("Daily budget").fill("30");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByTestId("campaign-details")).toBeHidden();
    await row.getByTestId("campaign-menu").click();
    await page.getByRole("menuitem", { name: "View Details" }).click();
    await expect(page.getByTestId("campaign-details")).toContainText("per day");
    await expect(page.getByTestId("campaign-details")).toContainText("30.00");
    await page.keyboard.press("Escape");

    // Duplicate: the wizard pre-filled, the copy created PAUSED.
    await row.getByTestId("campaign-menu").click();
    await page.getByRole("menuitem", { name: "Duplicate" }).click();
    await expect(wizard.getByTestId("objective-OUTCOME_AWARENESS")).toHaveAttribute("aria-pressed", "true");
    await wizard.getByTestId("wizard-next").click();
    await expect(wizard.getByTestId("campaign-name")).toHaveValue("Winter coffee launch (Copy)");
    await wizard.getByTestId("wizard-next").click();
    await wizard.getByTestId("wizard-next").click();
    await wizard.getByTestId("wizard-create").click();
    const copy = page.locator('[data-testid="campaign-row"][data-name="Winter coffee launch (Copy)"]');
    await expect(copy.getByTestId("campaign-status")).toHaveText("Paused");
    await copy.getByTestId("campaign-menu").click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page.getByTestId("campaign-delete-confirm-button").click();
    await expect(copy).toBeHidden();

    // Delete, with the spec's confirmation.
    await row.getByTestId("campaign-menu").click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await expect(page.getByTestId("campaign-delete-confirm")).toContainText(
      'Are you sure you want to delete "Winter coffee launch"? This action cannot be undone.',
    );
    await page.getByTestId("campaign-delete-confirm-button").click();
    await expect(page.getByTestId("campaigns-empty")).toBeVisible();
  },
);

serverTest("Post now asks before publishing, and the keyboard can answer", async ({ page, server }) => {
  serverTest.setTimeout(90_000);
  const email = await createServerUser(page, server, { prefix: "post-now" });
  await signInThroughUi(page, email);
  const [postId] = await server.seedPosts(email, [
    {
      content: "Fresh pistachio gelato, back today",
      platform: "facebook",
      // Approved with no date: the card offers Post now.
      status: "approved",
    },
  ]);
  const stateOf = async () =>
    ((await (await page.request.get(`/api/posts/${postId}`)).json()) as { state: string }).state;
  await page.goto("/dashboard");
  await page.getByTestId("view-all-posts").click();
  const card = page.getByTestId("all-posts-dialog").locator(`[data-post-id="${postId}"]`);
  const confirm = page.getByTestId("publish-post-dialog");

  // Clicking Post now only asks; "Not now" leaves the post as it was.
  await card.getByTestId("post-publish").click();
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText("Post this now?");
  await expect(confirm).toContainText("published to Facebook right away");
  await confirm.getByRole("button", { name: "Not now" }).click();
  await expect(confirm).toBeHidden();
  expect(await stateOf()).toBe("approved");

  // Escape closes it too, still without publishing.
  await card.getByTestId("post-publish").click();
  await expect(confirm).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  expect(await stateOf()).toBe("approved");

  // From the keyboard: focus starts on the safe answer; Tab to Post now and Enter publishes.
  await card.getByTestId("post-publish").focus();
  await page.keyboard.press("Enter");
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole("button", { name: "Not now" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("publish-post-dialog-confirm")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(confirm).toBeHidden();
  await expect.poll(stateOf, { timeout: 20_000 }).toBe("published");
});

serverTest("on a phone the campaigns become cards that fit the width", async ({ page, server }) => {
  serverTest.slow();
  await page.setViewportSize({ width: 375, height: 800 });
  const email = await createServerUser(page, server, { prefix: "campaigns-phone" });
  await signInBySession(page, email);
  await page.goto("/settings?tab=facebook");
  await approveInPopup(page, "Connect Facebook page");
  await expect(page.getByTestId("facebook-connection")).toContainText("Connected to Sandbox page");
  await approveInPopup(page, "Connect ad account");
  await expect(page.getByTestId("facebook-ad-account")).toContainText("Ad account: Sandbox ad account");
  for (const name of ["Autumn blend, a long campaign name for a small screen", "Winter"]) {
    const created = await page.request.post("/api/campaigns", {
      headers: { Origin: server.url },
      data: { name },
    });
    expect(created.status()).toBe(201);
  }
  await page.goto("/campaigns");
  await expect(page.getByTestId("campaign-row")).toHaveCount(2);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectCleanLayout(page, "campaigns-phone");
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
  "Meta (fake Graph API): analytics from the page, then the same campaign journey on a Marketing API ad account",
  async ({ page, server, fake }) => {
    metaTest.setTimeout(120_000);
    const email = await createServerUser(page, server, { prefix: "campaignsmeta" });
    await signInBySession(page, email);
    await page.goto("/settings?tab=facebook");
    await approveInPopup(page, "Connect Facebook page", /^Continue as /);
    const pagePicker = page.getByTestId("facebook-page-picker");
    await pagePicker.getByText("Fake Coffee Page").click();
    await pagePicker.getByRole("button", { name: "Connect Selected Page" }).click();
    await expect(page.getByTestId("facebook-connection")).toContainText("Connected to Fake Coffee Page");
    await approveInPopup(page, "Connect ad account", /^Continue as /);
    const adPicker = page.getByTestId("facebook-ads-picker");
    await adPicker.getByText("Fake Coffee Ads").click();
    await adPicker.getByRole("button", { name: "Connect Selected Ad Account" }).click();
    await expect(page.getByTestId("facebook-ad-account")).toContainText("Ad account: Fake Coffee Ads");

    // Analytics on the same page: two posts go out through the Graph API, then /analytics reads the page's
    // current metrics and the posts' insights from Meta (the fake), not from the sandbox.
    const later = new Date(Date.now() + 3 * 86_400_000);
    const postIds = await server.seedPosts(
      email,
      ["Our spring roast is here", "Two new pastries on the counter today"].map((content) => ({
        content,
        platform: "facebook" as const,
        status: "approved" as const,
        scheduledDate: later,
      })),
    );
    for (const postId of postIds) {
      const published = await page.request.post("/api/tools/publishPostNow", {
        headers: { Origin: server.url },
        data: { postId },
      });
      expect(published.ok(), await published.text()).toBe(true);
    }
    await page.goto("/analytics");
    await expect(page.getByTestId("analytics-source")).toContainText("Facebook");
    await expect(page.getByTestId("analytics-no-page")).toHaveCount(0);
    await expect(page.getByTestId("metric-reach-value")).toHaveText(/^\d+(\.\d)?[KM]?$/);
    // Page Fans follow the platform filter: the page's 1,500 and its Instagram account's 900 under All.
    await expect(page.getByTestId("metric-fans-value")).toHaveText("2.4K");
    await page.getByTestId("platform-facebook").click();
    await expect(page.getByTestId("metric-fans-value")).toHaveText("1.5K");
    await page.getByTestId("platform-all").click();
    await expect(page.getByTestId("metric-fans-value")).toHaveText("2.4K");
    await expect(page.getByTestId("post-table").getByTestId("post-row")).toHaveCount(2);
    await page.getByTestId("range-7d").click();
    await expect(page.getByTestId("range-7d")).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("post-table").getByTestId("post-row")).toHaveCount(2);

    await page.goto("/campaigns");
    await expect(page.getByTestId("campaigns-account")).toContainText("Fake Coffee Ads · EUR · Balance");
    // Two accounts reach this token: the selector switches between them, and back.
    const selector = page.getByTestId("ad-account-selector");
    await selector.selectOption("act_555000222");
    await expect(page.getByTestId("campaigns-account")).toContainText("Old Ads · USD");
    await selector.selectOption("act_555000111");
    await expect(page.getByTestId("campaigns-account")).toContainText("Fake Coffee Ads · EUR");
    await page.getByTestId("campaigns-create").click();
    const wizard = page.getByTestId("campaign-wizard");
    await wizard.getByTestId("wizard-next").click();
    await wizard.getByTestId("campaign-name").fill("Meta spring launch");
    await wizard.getByTestId("wizard-next").click();
    await wizard.getByTestId("campaign-budget").fill("12.50");
    await wizard.getByTestId("wizard-next").click();
    await wizard.getByTestId("wizard-create").click();
    await expect(wizard).toBeHidden();
    const created = [...fake.marketing.campaigns.values()].find((c) => c.name === "Meta spring launch");
    expect(created).toMatchObject({ daily_budget: "1250", objective: "OUTCOME_TRAFFIC", status: "ACTIVE" });

    const row = page.locator('[data-testid="campaign-row"][data-name="Meta spring launch"]');
    await expect(row.getByTestId("campaign-status")).toHaveText("Active");
    await row.getByTestId("campaign-add-adset").click();
    const adSet = page.getByTestId("adset-wizard");
    await adSet.getByTestId("adset-name").fill("Everyone in the US");
    for (let step = 0; step < 3; step++) await adSet.getByTestId("wizard-next").click();
    await adSet.getByTestId("wizard-create").click();
    await expect(adSet).toBeHidden();
    expect([...fake.marketing.adSets.values()].map((set) => set.name)).toContain("Everyone in the US");
    await row.getByTestId("campaign-expand").click();
    await expect(page.getByTestId("adset-row")).toContainText("Everyone in the US");

    await row.getByTestId("campaign-pause").click();
    await expect(row.getByTestId("campaign-status")).toHaveText("Paused");
    expect(fake.marketing.campaigns.get(created?.id ?? "")?.status).toBe("PAUSED");
    await row.getByTestId("campaign-resume").click();
    await expect(row.getByTestId("campaign-status")).toHaveText("Active");

    await row.getByTestId("campaign-menu").click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page.getByTestId("campaign-delete-confirm-button").click();
    await expect(page.getByTestId("campaigns-empty")).toBeVisible();
    expect(fake.marketing.campaigns.get(created?.id ?? "")?.status).toBe("DELETED");

    // Meta refuses the ad account's token (code 190): the campaigns say so, Settings asks to reconnect the
    // ad account (the page has a token of its own and stays connected), and reconnecting mends it.
    const adExpired = "Your ad account connection has expired. Please reconnect your ad account in Settings.";
    fake.failNext(
      { method: "GET", path: /^\/act_555000111\/campaigns$/ },
      { status: 400, code: 190, message: "Error validating access token: Session has expired." },
    );
    await page.reload();
    await expect(page.getByTestId("campaigns-stale")).toContainText(adExpired);
    await page.goto("/settings?tab=facebook");
    const adCard = page.getByTestId("facebook-ad-account");
    await expect(adCard).toContainText("Expired");
    await expect(page.getByTestId("facebook-ad-account-expired")).toHaveText(adExpired);
    await expect(page.getByTestId("facebook-expired")).toHaveCount(0);
    await approveInPopup(page, "Reconnect ad account", /^Continue as /);
    await adPicker.getByText("Fake Coffee Ads").click();
    await adPicker.getByRole("button", { name: "Connect Selected Ad Account" }).click();
    await expect(page.getByTestId("facebook-ad-account-expired")).toBeHidden();
    await expect(adCard).not.toContainText("Expired");
  },
);
