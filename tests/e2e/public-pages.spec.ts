import { expect, test } from "@playwright/test";

import { uniqueEmail } from "./helpers";

test("landing page: header and plan buttons lead to /login, Watch Demo scrolls to the demo", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page).toHaveTitle("Social Media Manager");
  await expect(page.getByTestId("plan-pro")).toContainText("Most Popular");
  // Prices and post counts come from the plan catalogue; the words on the cards are written here as shown.
  for (const [plan, price, posts] of [
    ["free", "€0", "5 posts per month"],
    ["pro", "€15", "30 posts per month"],
    ["enterprise", "€75", "Unlimited posts"],
  ] as const) {
    await expect(page.getByTestId(`plan-${plan}`).getByText(price, { exact: true })).toBeVisible();
    await expect(page.getByTestId(`plan-${plan}`).getByRole("listitem").first()).toHaveText(posts);
  }
  await expect(page.getByText("No credit card required • 14-day free trial • Cancel anytime")).toBeVisible();

  await page.getByTestId("hero-watch-demo").click();
  await expect(page.locator("#demo")).toBeInViewport();

  await page.getByTestId("testimonial-dot-2").click();
  await expect(page.getByTestId("testimonial-dot-2")).toHaveAttribute("aria-current", "true");

  await page.getByTestId("plan-enterprise-cta").click();
  await expect(page).toHaveURL(/\/login$/);
});

test("legal pages have 13 numbered sections, the update date and both links", async ({ page }) => {
  for (const path of ["/privacy", "/terms"]) {
    await page.goto(path);
    await expect(page.getByText("Last updated: June 26, 2025")).toBeVisible();
    await expect(page.locator("article h2")).toHaveCount(13);
    await expect(page.locator("article h2").first()).toHaveText(/^1\. /);
    await expect(page.getByTestId("legal-dashboard-link")).toHaveAttribute("href", "/dashboard");
    await expect(page.getByTestId("legal-home-link")).toHaveAttribute("href", "/");
  }
  await expect(page.getByText(/law of the European Union/)).toBeVisible();
});

test("data deletion: info, confirm (cancel returns), then a submitted request", async ({ page }) => {
  await page.goto("/delete");
  await expect(page.getByTestId("delete-stage-info")).toBeVisible();
  await page.getByTestId("delete-start").click();
  await expect(page.getByTestId("delete-stage-confirm")).toBeVisible();
  await page.getByTestId("delete-cancel").click();
  await expect(page.getByTestId("delete-stage-info")).toBeVisible();

  await page.getByTestId("delete-start").click();
  await page.getByTestId("delete-email").fill("not-valid");
  await page.getByTestId("delete-confirm").click();
  await expect(page.getByTestId("delete-error")).toHaveText("Please enter a valid email address.");
  await expect(page.getByTestId("delete-email")).toHaveValue("not-valid");

  await page.getByTestId("delete-email").fill(uniqueEmail("delete"));
  await page.getByTestId("delete-reason").fill("Testing the flow");
  await page.getByTestId("delete-confirm").click();
  await expect(page.getByTestId("delete-stage-submitted")).toBeVisible();
  await expect(page.getByTestId("delete-submitted-message")).toHaveText(
    "Your data deletion request has been submitted. You will receive a confirmation email shortly.",
  );
  await expect(page.getByText("Your personal data will be removed within 30 days.")).toBeVisible();
});
