import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

import { createServerUser, type InProcessServer, serverTest } from "./fixtures/in-process-server";
import { signInBySession } from "./helpers";
import { expectCleanLayout } from "./layout-check";

/*
 * Channels end to end on the embedded defaults (the sandbox network, the offline model), on the spec's own
 * copy of the server: Settings > Channels connects the sandbox's Bluesky and Mastodon accounts (and a
 * disconnect asks first), /create writes one post for Facebook, Bluesky and Mastodon (a version per
 * network, each counted the network's way), Approve all schedules the three for one time, and the
 * calendar shows the three with their networks.
 */

/** Generation runs in the background; the offline generator is quick, a real one is not. */
const GENERATION_TIMEOUT = 60_000;

async function expectNoAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations, `${label}: ${JSON.stringify(results.violations, null, 2)}`).toEqual([]);
}

/** A Pro user (no daily cap: the test writes several groups and single posts in a row). */
async function signInProUser(page: Page, server: InProcessServer) {
  const email = await createServerUser(page, server, { prefix: "channels", brand: "Channel Coffee" });
  await server.setSubscription(email, {
    priceId: "price_pro_monthly",
    currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
  });
  // This browser has already welcomed Pro (lib/seen-upgrades.ts): no upgrade dialog over the page.
  await page.addInitScript(() => localStorage.setItem("seen_upgrades", JSON.stringify(["pro"])));
  await signInBySession(page, email);
  return email;
}

async function connectSandbox(page: Page, platform: "bluesky" | "mastodon", label: string) {
  const card = page.getByTestId(`network-card-${platform}`);
  await expect(card.getByText("Offline: nothing is sent to")).toBeVisible();
  await card.getByTestId(`network-sandbox-${platform}`).click();
  const account = page.getByTestId(`channel-account-${platform}`);
  await expect(account).toBeVisible();
  await expect(account).toHaveAttribute("data-sandbox", "true");
  await expect(account.getByTestId("channel-sandbox-badge")).toHaveText("Sandbox · offline");
  await expect(account.getByTestId("channel-state")).toHaveText("Connected");
  await expect(account).toContainText(label);
  await expect(card).toHaveAttribute("data-status", "sandbox");
}

/** Measures the layout once the toasts have gone (a toast floats over whatever is under it). */
async function expectCleanLayoutSettled(page: Page, name: string) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectCleanLayout(page, name);
}

/** The counter's numbers, as the version shows them ("N / max"). */
async function readCounter(counter: Locator) {
  const count = Number(await counter.getAttribute("data-count"));
  const max = Number(await counter.getAttribute("data-max"));
  return { count, max, over: await counter.getAttribute("data-over") };
}

serverTest(
  "connects sandbox Bluesky and Mastodon, writes one post for three channels, approves all and sees them on the calendar",
  async ({ page, server }) => {
    serverTest.setTimeout(150_000);
    await signInProUser(page, server);

    // ---- Settings > Channels ----
    await page.goto("/settings");
    await page.getByTestId("settings-tab-channels").click();
    await expect(page).toHaveURL(/\/settings\?tab=channels$/);
    await expect(page.getByTestId("channels-tab")).toBeVisible();
    await expect(page.getByTestId("channels-empty")).toBeVisible();
    for (const platform of ["facebook", "instagram", "bluesky", "mastodon"])
      await expect(page.getByTestId(`network-card-${platform}`)).toBeVisible();
    // Facebook and Instagram connect on the Facebook tab.
    await expect(page.getByTestId("network-connect-facebook")).toHaveAttribute(
      "href",
      "/settings?tab=facebook",
    );

    // A live Bluesky connection (when this server can make one) asks for what is missing, by the field,
    // and keeps what was typed.
    const channelsView = (await (await page.request.get("/api/channels")).json()) as {
      networks: { platform: string; canConnectLive: boolean; connect: { help: string } }[];
    };
    const bluesky = channelsView.networks.find((network) => network.platform === "bluesky");
    if (bluesky?.canConnectLive) {
      await page.getByTestId("network-connect-bluesky").click();
      const form = page.getByTestId("connect-form-bluesky");
      await expect(form.getByTestId("connect-help")).toHaveText(bluesky.connect.help);
      await form.getByTestId("connect-handle").fill("coffee.bsky.social");
      await form.getByTestId("connect-submit").click();
      await expect(form.getByTestId("connect-error")).toContainText("app password");
      await expect(form.getByTestId("connect-handle")).toHaveValue("coffee.bsky.social");
      await expect(form.getByTestId("connect-app-password")).toHaveAttribute("aria-invalid", "true");
      await form.getByRole("button", { name: "Cancel" }).click();
      await expect(form).toHaveCount(0);
    } else {
      await expect(page.getByTestId("network-live-unavailable-bluesky")).toBeVisible();
    }

    // Telegram's form is the fields its provider declares: the bot token (hidden) and the channel. A token
    // of the wrong shape is refused by its field, before any call, and what was typed stays.
    await page.getByTestId("network-connect-telegram").click();
    const telegram = page.getByTestId("connect-form-telegram");
    await expect(telegram.getByTestId("connect-token")).toHaveAttribute("type", "password");
    await telegram.getByTestId("connect-token").fill("not-a-bot-token");
    await telegram.getByTestId("connect-handle").fill("@channelcoffee");
    await telegram.getByTestId("connect-submit").click();
    await expect(telegram.getByTestId("connect-error")).toBeVisible();
    await expect(telegram.getByTestId("connect-token")).toHaveAttribute("aria-invalid", "true");
    await expect(telegram.getByTestId("connect-handle")).toHaveValue("@channelcoffee");
    await telegram.getByRole("button", { name: "Cancel" }).click();
    await expect(telegram).toHaveCount(0);

    await connectSandbox(page, "bluesky", "Bluesky");
    await connectSandbox(page, "mastodon", "Mastodon");
    await expect(page.getByTestId("channels-empty")).toHaveCount(0);
    await expectNoAxeViolations(page, "settings channels");
    await expectCleanLayoutSettled(page, "channels-settings-desktop");

    // Disconnect asks first; Cancel keeps the account.
    await page.getByTestId("channel-disconnect-mastodon").click();
    const dialog = page.getByTestId("channel-disconnect-mastodon-dialog");
    await expect(dialog).toContainText("Disconnect Mastodon?");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId("channel-account-mastodon")).toBeVisible();

    // ---- /create: one post for three channels ----
    await page.goto("/create");
    await expect(page.getByTestId("generator-form")).toBeVisible();
    await expect(page.getByTestId("plan-usage")).toBeVisible();
    // One channel by default: Facebook, as the spec's platform.
    await expect(page.getByTestId("generator-platform-facebook")).toHaveAttribute("aria-checked", "true");
    await page.getByTestId("generator-multi-channel").click();
    await expect(page.getByTestId("generator-platform-facebook")).toBeChecked();
    // Connected through the sandbox, so marked so.
    await expect(
      page.getByTestId("generator-platform").locator("label").filter({ hasText: "Bluesky" }),
    ).toContainText("Sandbox");
    await page.getByTestId("generator-platform-bluesky").check();
    await page.getByTestId("generator-platform-mastodon").check();
    await expect(page.getByTestId("generator-channel-note")).toHaveCount(0);

    await page
      .getByTestId("generator-prompt")
      .fill("Our autumn blend is back for three weeks, warm and spicy");
    const created = page.waitForResponse(
      (response) => response.url().endsWith("/api/posts/generate") && response.request().method() === "POST",
    );
    await page.getByTestId("generate-button").click();
    const response = await created;
    expect(response.status()).toBe(201);
    const body = (await response.json()) as {
      groupId: string;
      group: { id: string; platform: string; groupId: string }[];
    };
    expect(body.group.map((post) => post.platform)).toEqual(["facebook", "bluesky", "mastodon"]);
    const ids = body.group.map((post) => post.id);

    // The group's summary follows each version to 100%.
    const summary = page.getByTestId("generated-group");
    await expect(summary).toHaveAttribute("data-group-id", body.groupId);
    await expect(summary.getByTestId("group-progress")).toHaveCount(3);
    await expect(summary).toHaveAttribute("data-phase", "ready", { timeout: GENERATION_TIMEOUT });
    for (const row of await summary.getByTestId("group-progress").all())
      await expect(row).toHaveAttribute("data-phase", "ready");

    // Three versions side by side, each with its network and a counter within its network's limit.
    const versions = page.getByTestId("group-version");
    await expect(versions).toHaveCount(3);
    const limits: Record<string, number> = {};
    for (const [index, platform] of ["facebook", "bluesky", "mastodon"].entries()) {
      const version = versions.nth(index);
      await expect(version).toHaveAttribute("data-platform", platform);
      await expect(version).toHaveAttribute("data-post-id", ids[index] ?? "");
      await expect(version.getByTestId("generated-post-caption")).not.toBeEmpty();
      const counter = version.getByTestId("version-counter");
      await expect(counter).toHaveText(/^[\d,]+ \/ [\d,]+/);
      const { count, max, over } = await readCounter(counter);
      expect(count, `${platform} text length`).toBeGreaterThan(0);
      expect(count, `${platform} within its limit`).toBeLessThanOrEqual(max);
      expect(over).toBe("false");
      limits[platform] = max;
      await expect(version.getByTestId("version-approve")).toBeEnabled();
    }
    expect(limits.bluesky).toBe(300);
    expect(limits.facebook).toBeGreaterThan(limits.bluesky ?? 0);
    // The versions sit side by side on a wide screen.
    const boxes = await Promise.all([0, 1, 2].map((index) => versions.nth(index).boundingBox()));
    expect(boxes[1]?.y).toBeCloseTo(boxes[0]?.y ?? -1, 0);
    expect(boxes[1]?.x ?? 0).toBeGreaterThan(boxes[0]?.x ?? 0);
    await expectNoAxeViolations(page, "generated group");
    await expectCleanLayoutSettled(page, "channels-create-desktop");

    // Editing a version counts the draft live; going over its limit blocks approving it, with the reason.
    const blueskyVersion = versions.nth(1);
    await blueskyVersion.getByTestId("version-edit").click();
    const editor = blueskyVersion.getByTestId("version-editor");
    const original = await editor.inputValue();
    await editor.fill("x".repeat(301));
    await expect(blueskyVersion.getByTestId("version-counter")).toHaveText(/^301 \/ 300/);
    await expect(blueskyVersion.getByTestId("version-counter")).toHaveAttribute("data-over", "true");
    await expect(blueskyVersion.getByTestId("version-counter-reason")).toContainText("1 character over");
    await expect(blueskyVersion.getByTestId("version-approve")).toBeDisabled();
    await editor.press("Escape");
    await expect(blueskyVersion.getByTestId("version-editor")).toHaveCount(0);
    await expect(blueskyVersion.getByTestId("version-counter")).toHaveAttribute("data-over", "false");
    expect(original.length).toBeGreaterThan(0);

    // Approve all, for tomorrow at noon (the page's local time).
    const when = await page.evaluate(() => {
      const date = new Date();
      date.setDate(date.getDate() + 1);
      date.setHours(12, 0, 0, 0);
      const pad = (value: number) => String(value).padStart(2, "0");
      return {
        local: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T12:00`,
        day: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`,
        iso: date.toISOString(),
      };
    });
    await summary.getByTestId("group-schedule-date").fill(when.local);
    const approved = page.waitForResponse((answer) => answer.url().endsWith("/api/posts/groups/approve"));
    await summary.getByTestId("group-approve-all").click();
    expect((await approved).status()).toBe(200);
    await expect(summary.getByTestId("group-outcome")).toBeVisible();
    for (const index of [0, 1, 2])
      await expect(versions.nth(index).getByTestId("post-state").first()).toHaveText("Scheduled");

    // The server agrees: three posts, one time.
    for (const id of ids) {
      const stored = (await (await page.request.get(`/api/posts/${id}`)).json()) as {
        state: string;
        scheduledDate: string;
        groupId: string;
      };
      expect(stored.state).toBe("scheduled");
      expect(stored.groupId).toBe(body.groupId);
      expect(new Date(stored.scheduledDate).toISOString()).toBe(when.iso);
    }

    // ---- the calendar: three entries on that day, each with its network ----
    await page.goto("/calendar");
    await expect(page.getByTestId("calendar-grid")).toBeVisible();
    const day = page.locator(`[data-testid="calendar-day"][data-date="${when.day}"]`);
    if ((await day.count()) === 0) {
      await page.getByTestId("calendar-next").click();
      await expect(page.getByTestId("calendar-grid")).toBeVisible();
    }
    const entries = day.getByTestId("calendar-post");
    await expect(entries).toHaveCount(3);
    for (const [index, label] of ["Facebook", "Bluesky", "Mastodon"].entries()) {
      const entry = day.locator(`[data-testid="calendar-post"][data-post-id="${ids[index]}"]`);
      await expect(entry).toHaveAttribute("data-platform", label.toLowerCase());
      await expect(entry).toHaveAttribute("aria-label", new RegExp(`^Scheduled ${label} post at `));
      await expect(entry.locator(`svg[data-network="${label.toLowerCase()}"]`)).toBeVisible();
    }
    // The sidebar's filters list the brand's networks: Facebook and Instagram, and the two connected.
    for (const platform of ["all", "facebook", "instagram", "bluesky", "mastodon"])
      await expect(page.getByTestId(`sidebar-filter-${platform}`)).toBeVisible();
  },
);

serverTest("the channel views hold on a phone", async ({ page, server }) => {
  serverTest.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await signInProUser(page, server);

  await page.goto("/settings?tab=channels");
  await expect(page.getByTestId("channels-tab")).toBeVisible();
  await page.getByTestId("network-sandbox-bluesky").click();
  await expect(page.getByTestId("channel-account-bluesky")).toBeVisible();
  await expectCleanLayoutSettled(page, "channels-settings-phone");

  // A consent page's answer without its details is refused in words, with the way back.
  await page.goto("/auth/channels/mastodon/callback?error=access_denied");
  await expect(page.getByTestId("channel-callback-error")).toContainText("Mastodon did not allow access");
  await page.getByTestId("channel-callback-back").click();
  await expect(page).toHaveURL(/\/settings\?tab=channels$/);

  // A code with a state the server never issued: sent once, refused in the server's words.
  let completions = 0;
  page.on("request", (sent) => {
    if (sent.method() === "POST" && new URL(sent.url()).pathname === "/api/channels/complete")
      completions += 1;
  });
  await page.goto("/auth/channels/mastodon/callback?code=abc&state=not-a-state-we-issued");
  await expect(page.getByTestId("channel-callback")).toHaveAttribute("data-phase", "failed");
  await expect(page.getByTestId("channel-callback-error")).toContainText("Mastodon connection failed");
  expect(completions).toBe(1);

  await page.goto("/create");
  await expect(page.getByTestId("generator-form")).toBeVisible();
  await page.getByTestId("generator-multi-channel").click();
  await page.getByTestId("generator-platform-bluesky").check();
  await page.getByTestId("generator-platform-mastodon").check();
  // Mastodon has no account: it can be written for, and the form says approving it needs one.
  await expect(page.getByTestId("generator-channel-note")).toContainText("Mastodon is not connected");
  await page.getByTestId("generate-button").click();
  const summary = page.getByTestId("generated-group");
  await expect(summary).toHaveAttribute("data-phase", "ready", { timeout: GENERATION_TIMEOUT });
  const versions = page.getByTestId("group-version");
  await expect(versions).toHaveCount(3);
  // Stacked on a phone.
  const first = await versions.nth(0).boundingBox();
  const second = await versions.nth(1).boundingBox();
  expect(second?.y ?? 0).toBeGreaterThan((first?.y ?? 0) + (first?.height ?? 0) - 1);
  await expect(versions.nth(2).getByTestId("version-connection-note")).toBeVisible();
  await expectCleanLayoutSettled(page, "channels-create-phone");
});
