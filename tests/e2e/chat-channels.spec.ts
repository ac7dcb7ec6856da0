import { expect } from "@playwright/test";

import { createServerUser, serverTest } from "./fixtures/in-process-server";
import { signInBySession } from "./helpers";

/*
 * The channels from the chat, on the embedded defaults (the offline assistant, the sandbox network): the
 * assistant connects the sandbox's account on every network beyond Meta's (Facebook and Instagram go to
 * the sandbox without a Meta app), writes one post for all eight networks (a card per channel, each
 * followed live, each version within its network's limit), schedules the group at once, and the calendar
 * shows the eight entries with their networks.
 */
const GENERATION_TIMEOUT = 60_000;
const NETWORKS = [
  "facebook",
  "instagram",
  "bluesky",
  "mastodon",
  "telegram",
  "discord",
  "linkedin",
  "threads",
] as const;
/** Each network's limit as the app counts it (graphemes; the networks' own units are within these). */
const LIMITS: Record<(typeof NETWORKS)[number], number> = {
  facebook: 63_206,
  instagram: 2_200,
  bluesky: 300,
  mastodon: 500,
  telegram: 4_096,
  discord: 2_000,
  linkedin: 3_000,
  threads: 500,
};
const LABELS: Record<(typeof NETWORKS)[number], string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  bluesky: "Bluesky",
  mastodon: "Mastodon",
  telegram: "Telegram",
  discord: "Discord",
  linkedin: "LinkedIn",
  threads: "Threads",
};

interface ChatPost {
  id: string;
  platform: string;
  scheduledDate: string | null;
  groupId: string | null;
}

serverTest(
  "the chat connects channels, writes one post for all eight networks and schedules it",
  async ({ page, server }) => {
    serverTest.setTimeout(180_000);
    const email = await createServerUser(page, server, { prefix: "chat-channels", brand: "Harbour Coffee" });
    await server.setSubscription(email, {
      priceId: "price_pro_monthly",
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    });
    await page.addInitScript(() => localStorage.setItem("seen_upgrades", JSON.stringify(["pro"])));
    await signInBySession(page, email);
    await page.goto("/dashboard");

    await page.getByTestId("assistant-toggle").click();
    const panel = page.getByTestId("assistant-panel");
    const input = panel.getByTestId("assistant-input");
    const messages = panel.getByTestId("assistant-messages");
    const say = async (text: string) => {
      await input.fill(text);
      await input.press("Enter");
      await expect(input).toHaveValue("");
      await expect(panel.getByTestId("assistant-typing")).toBeHidden({ timeout: 30_000 });
    };

    for (const network of NETWORKS.slice(2)) {
      await say(`connect a sandbox ${LABELS[network]} account`);
      await expect(messages).toContainText(`Connected the sandbox ${LABELS[network]} account (offline`, {
        timeout: 20_000,
      });
    }

    await say("create a post about our winter blend for every network");
    const group = panel.getByTestId("assistant-post-group");
    await expect(group).toBeVisible({ timeout: 20_000 });
    const cards = group.getByTestId("assistant-post-card");
    await expect(cards).toHaveCount(NETWORKS.length);
    for (const [index, platform] of NETWORKS.entries()) {
      const card = cards.nth(index);
      await expect(card).toHaveAttribute("data-platform", platform);
      await expect(card).toHaveAttribute("data-state", "pending", { timeout: GENERATION_TIMEOUT });
      await expect(card.getByTestId("assistant-post-caption")).not.toBeEmpty();
    }
    // Each version fits its network: Bluesky's within 300 graphemes, Threads' and Mastodon's within 500...
    const captions = await cards.getByTestId("assistant-post-caption").allTextContents();
    const graphemes = (text: string) => [...new Intl.Segmenter().segment(text)].length;
    for (const [index, platform] of NETWORKS.entries())
      expect(graphemes(captions[index] ?? ""), platform).toBeLessThanOrEqual(LIMITS[platform]);

    await say("schedule them all tomorrow at 12");
    await expect(messages).toContainText(`Done: ${NETWORKS.length} posts approved and scheduled for`, {
      timeout: 20_000,
    });
    for (const index of NETWORKS.keys())
      await expect(cards.nth(index)).toHaveAttribute("data-state", "scheduled");

    // The posts, as the conversation's tool results hold them.
    const posts = await page.evaluate(async () => {
      const response = await fetch("/api/chat");
      const { messages: stored } = (await response.json()) as {
        messages: { parts: { type: string; output?: { posts?: unknown[] } }[] }[];
      };
      for (const message of stored)
        for (const part of message.parts)
          if (part.type === "tool-approvePostGroup" && part.output?.posts) return part.output.posts;
      return [];
    });
    const scheduled = posts as ChatPost[];
    expect(scheduled.map((post) => post.platform)).toEqual([...NETWORKS]);
    expect(new Set(scheduled.map((post) => post.groupId)).size).toBe(1);
    expect(new Set(scheduled.map((post) => post.scheduledDate)).size).toBe(1);

    // The calendar shows the eight on that day, each with its network.
    const day = await page.evaluate((iso) => {
      const date = new Date(iso);
      const pad = (value: number) => String(value).padStart(2, "0");
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
    }, scheduled[0]?.scheduledDate ?? "");
    await page.goto("/calendar");
    await expect(page.getByTestId("calendar-grid")).toBeVisible();
    const cell = page.locator(`[data-testid="calendar-day"][data-date="${day}"]`);
    if ((await cell.count()) === 0) {
      await page.getByTestId("calendar-next").click();
      await expect(page.getByTestId("calendar-grid")).toBeVisible();
    }
    // A day cell shows three and "+5 more"; the day's list shows all eight.
    await expect(cell.getByTestId("calendar-post")).toHaveCount(3);
    await expect(cell.getByTestId("calendar-day-more")).toHaveText("+5 more");
    await cell.getByTestId("calendar-day-more").click();
    const dayList = page.getByTestId("day-posts-dialog");
    await expect(dayList).toContainText("8 posts on this day");
    for (const post of scheduled) {
      const entry = dayList.locator(`[data-testid="calendar-post"][data-post-id="${post.id}"]`);
      await expect(entry).toHaveAttribute("data-platform", post.platform);
      await expect(entry.locator(`svg[data-network="${post.platform}"]`)).toBeVisible();
    }
  },
);
