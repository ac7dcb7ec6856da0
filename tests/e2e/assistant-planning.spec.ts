import { expect, test } from "@playwright/test";

import { createConfirmedUser, signInBySession } from "./helpers";

/*
 * Planning in the floating assistant, against the offline assistant: a campaign plan, the calendar's
 * status against the weekly target, then a post made from the next suggestion and followed to the end.
 */
test("the assistant plans a campaign, analyses the calendar and makes a post from the next suggestion", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { email } = await createConfirmedUser(request, baseURL!);
  await signInBySession(page, email);
  await page.goto("/dashboard");
  await page.getByTestId("assistant-toggle").click();
  const panel = page.getByTestId("assistant-panel");
  const input = panel.getByTestId("assistant-input");
  const typing = panel.getByTestId("assistant-typing");

  await input.fill("plan a 1-week campaign for our winter menu");
  await input.press("Enter");
  await expect(panel.getByTestId("planning-campaign-card")).toBeVisible({ timeout: 20_000 });
  await expect(typing).toBeHidden({ timeout: 20_000 });

  await input.fill("analyze my calendar");
  await input.press("Enter");
  const analysis = panel.getByTestId("planning-calendar-analysis");
  await expect(analysis).toBeVisible({ timeout: 20_000 });
  await expect(analysis).toContainText("Weekly target5");
  await expect(analysis).toContainText("5 to go");
  await expect(analysis).toContainText("5 active suggestions");
  await expect(typing).toBeHidden({ timeout: 20_000 });

  await input.fill("create a post from the next suggestion");
  await input.press("Enter");
  const card = panel.getByTestId("assistant-post-card");
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card).toHaveAttribute("data-state", "pending", { timeout: 45_000 });
  await expect(card.getByTestId("assistant-post-caption")).not.toBeEmpty();
  await expect(panel.getByTestId("assistant-messages")).not.toContainText('{"');
});
