import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

import { createConfirmedUser, signInThroughUi } from "./helpers";

/*
 * The floating assistant end to end, against the offline assistant: it navigates (a client tool the
 * browser runs), generates a post followed live in the chat, approves it for tomorrow at 12:00, keeps the
 * conversation across a reload and clears it.
 */
const GENERATION_TIMEOUT = 45_000;

test("the assistant navigates, generates and schedules a post, and keeps the conversation", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { email } = await createConfirmedUser(request, baseURL!);
  await signInThroughUi(page, email);
  await page.goto("/dashboard");

  await page.getByTestId("assistant-toggle").click();
  const panel = page.getByTestId("assistant-panel");
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId("assistant-offline-label")).toHaveText("Offline assistant");
  const input = panel.getByTestId("assistant-input");
  await expect(input).toBeFocused();
  await expect(panel.getByTestId("assistant-suggestion")).toHaveCount(4);

  // A client tool: the browser opens the screen after the reply.
  await input.fill("go to calendar");
  await input.press("Enter");
  await expect(input).toHaveValue("");
  await expect(page).toHaveURL(/\/calendar$/, { timeout: 20_000 });
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId("assistant-typing")).toBeHidden({ timeout: 20_000 });

  await input.fill("Create a post about our summer sale");
  await input.press("Enter");
  const card = panel.getByTestId("assistant-post-card");
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card).toHaveAttribute("data-state", "pending", { timeout: GENERATION_TIMEOUT });
  await expect(card.getByTestId("generation-percent")).toHaveText("100%");
  await expect(card.getByTestId("assistant-post-image")).toBeVisible();
  await expect(card.getByTestId("assistant-post-caption")).not.toBeEmpty();
  // Never raw JSON in the conversation.
  await expect(panel.getByTestId("assistant-messages")).not.toContainText('{"');

  await card.getByRole("button", { name: "Approve & Schedule" }).click();
  await expect(card.getByText("Post Approved & Scheduled!")).toBeVisible();
  await expect(card).toHaveAttribute("data-state", "scheduled");

  const postId = await page.evaluate(async () => {
    const response = await fetch("/api/chat");
    const { messages } = (await response.json()) as {
      messages: { parts: { type: string; output?: { id?: string } }[] }[];
    };
    for (const message of messages)
      for (const part of message.parts)
        if (part.type === "tool-generatePost" && part.output?.id) return part.output.id;
    return null;
  });
  expect(postId).not.toBeNull();
  const expected = await page.evaluate(() => {
    const date = new Date();
    date.setDate(date.getDate() + 1);
    date.setHours(12, 0, 0, 0);
    return date.toISOString();
  });
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/posts/${postId}`);
      const post = (await response.json()) as { state: string; scheduledDate: string | null };
      return {
        state: post.state,
        scheduledDate: post.scheduledDate && new Date(post.scheduledDate).toISOString(),
      };
    })
    .toEqual({ state: "scheduled", scheduledDate: expected });

  // The conversation is stored per brand: a reload shows it again, newest first.
  await page.reload();
  await page.getByTestId("assistant-toggle").click();
  const messages = panel.getByTestId("assistant-message");
  await expect(messages.first()).toBeVisible();
  expect(await messages.count()).toBeGreaterThanOrEqual(4);
  await expect(messages.last()).toHaveAttribute("data-role", "user");
  await expect(messages.last()).toContainText("go to calendar");
  await expect(panel.getByTestId("assistant-post-card")).toContainText("Post Approved & Scheduled!");
  // History is not replayed: the page stays where it is.
  await expect(page).toHaveURL(/\/calendar$/);

  await panel.getByTestId("assistant-clear").click();
  await expect(messages).toHaveCount(0);
  await expect(panel.getByTestId("assistant-suggestion")).toHaveCount(4);
  await expect
    .poll(
      async () =>
        ((await (await page.request.get("/api/chat")).json()) as { messages: unknown[] }).messages.length,
    )
    .toBe(0);

  // Escape closes the panel.
  await input.focus();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(page.getByTestId("assistant-toggle")).toBeVisible();
});

test("the assistant is hidden on /welcome", async ({ page, request, baseURL }) => {
  const { email } = await createConfirmedUser(request, baseURL!);
  await signInThroughUi(page, email);
  await page.goto("/dashboard");
  await expect(page.getByTestId("assistant-toggle")).toBeVisible();
  await page.goto("/welcome");
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole("link", { name: "Go to the dashboard" }).first()).toBeVisible();
  await expect(page.getByTestId("assistant-toggle")).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  test("the panel takes the full width and tapping the backdrop closes it", async ({
    page,
    request,
    baseURL,
  }) => {
    const { email } = await createConfirmedUser(request, baseURL!);
    await signInThroughUi(page, email);
    await page.goto("/dashboard");
    await page.getByTestId("assistant-toggle").click();
    const panel = page.getByTestId("assistant-panel");
    await expect(panel).toBeVisible();
    const box = await panel.boundingBox();
    expect(box?.width).toBe(375);
    expect(box?.x).toBe(0);
    await expect(page.getByTestId("assistant-backdrop")).toBeVisible();
    // The backdrop lies under the full-width panel; a tap on it (as outside a narrower panel) closes it.
    await page.getByTestId("assistant-backdrop").dispatchEvent("click");
    await expect(panel).toBeHidden();
  });
});

test("the open assistant has no serious or critical accessibility violations", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { email } = await createConfirmedUser(request, baseURL!);
  await signInThroughUi(page, email);
  await page.goto("/dashboard");
  await page.getByTestId("assistant-toggle").click();
  await expect(page.getByTestId("assistant-panel")).toBeVisible();
  await expect(page.getByTestId("assistant-suggestion").first()).toBeVisible();
  const results = await new AxeBuilder({ page })
    .include('[data-testid="assistant-panel"]')
    .withTags(["wcag2a", "wcag2aa"])
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
});
