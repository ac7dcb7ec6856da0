import { expect, type Page, test } from "@playwright/test";
import { DEFAULT_PASSWORD, submitSignIn, uniqueEmail } from "./helpers";

/*
 * Issue 20's acceptance: a newcomer on the embedded defaults signs up, finds the confirmation mail from the
 * check-your-email screen (no README, no files), confirms, signs in, closes the wizard at step 1, lands on
 * a "create your brand" state, creates the brand by chat, then generates and schedules a post, all in one
 * page load once signed in.
 */

const GENERATION_TIMEOUT = 60_000;

async function walkThrough(page: Page) {
  const email = uniqueEmail("newcomer");
  await page.goto("/login");
  await page.getByTestId("auth-mode-toggle").click();
  await page.getByTestId("email-input").fill(email);
  await page.getByTestId("password-input").fill(DEFAULT_PASSWORD);
  await page.getByTestId("confirm-password-input").fill(DEFAULT_PASSWORD);
  await page.getByTestId("auth-submit").click();
  await expect(page.getByTestId("auth-notice")).toHaveText(
    "Please check your email for a confirmation link to complete your registration.",
  );

  // The message never left this machine: the screen says so and opens it.
  const hint = page.getByTestId("local-mailbox-hint");
  await expect(hint).toContainText("kept on this machine");
  await hint.getByTestId("open-local-mailbox").click();
  await expect(page.getByTestId("mailbox-label")).toHaveText("Local mailbox");
  const item = page.getByTestId("mailbox-item").filter({ hasText: email });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("Confirm your e-mail for Social Media Manager");
  await item.click();
  await expect(page.getByTestId("mailbox-body")).toContainText("Confirm your e-mail address");
  await page.getByTestId("mailbox-message-link").first().click();
  await expect(page).toHaveURL(/\/login\?verified=1/);
  await expect(page.getByTestId("verified-notice")).toBeVisible();

  await submitSignIn(page, email);
  await expect(page).not.toHaveURL(/\/login/);
  // From here on the page is never loaded again.
  let loads = 0;
  page.on("load", () => {
    loads++;
  });

  // The wizard opens for a user without a brand; they close it at step 1 without naming one.
  const wizard = page.getByTestId("setup-wizard");
  await expect(wizard).toBeVisible();
  await page.getByTestId("wizard-next").click();
  await expect(page.getByTestId("wizard-step-count")).toHaveText("Step 2 of 5");
  await page.keyboard.press("Escape");
  await expect(wizard).toBeHidden();

  // Not a skeleton that never ends: the dashboard says what is missing and how to get it.
  await expect(page).toHaveURL(/\/dashboard$/);
  const noBrand = page.getByTestId("dashboard-no-brand");
  await expect(noBrand).toContainText("Create your brand");
  await expect(noBrand.getByTestId("no-brand-open-wizard")).toBeVisible();

  // The brand, by chat.
  await page.getByTestId("assistant-toggle").click();
  const panel = page.getByTestId("assistant-panel");
  await expect(panel.getByTestId("assistant-no-brand")).toContainText("My brand is Sunny Scoops");
  const input = panel.getByTestId("assistant-input");
  await input.fill("My brand is Sunny Scoops");
  await input.press("Enter");
  await expect(panel.getByTestId("assistant-messages")).toContainText(
    "your brand “Sunny Scoops” is created and active",
    { timeout: 20_000 },
  );
  // The screen behind follows without a reload: the empty state gives way to the dashboard.
  await expect(noBrand).toHaveCount(0, { timeout: 10_000 });
  await expect(panel.getByTestId("assistant-no-brand")).toHaveCount(0);

  // A post, generated and scheduled from the same conversation.
  await input.fill("Create a post about our waffle cones");
  await input.press("Enter");
  const card = panel.getByTestId("assistant-post-card");
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card).toHaveAttribute("data-state", "pending", { timeout: GENERATION_TIMEOUT });
  await card.getByRole("button", { name: "Approve & Schedule" }).click();
  await expect(card.getByText("Post Approved & Scheduled!")).toBeVisible();
  await expect(card).toHaveAttribute("data-state", "scheduled");

  expect(loads).toBe(0);
}

test("a newcomer signs up, confirms from the local mailbox and posts without a brand set up first", async ({
  page,
}) => {
  test.slow();
  await walkThrough(page);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("the same walk at 390 px", async ({ page }) => {
    test.slow();
    await walkThrough(page);
  });
});
