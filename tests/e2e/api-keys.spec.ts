import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { createServerUser, type InProcessServer, serverTest } from "./fixtures/in-process-server";
import { signInBySession } from "./helpers";

/*
 * API keys on the Profile page, end to end: a key made there authenticates `Authorization: Bearer` calls
 * to the tool API until it is deleted. Keys are an Enterprise feature, so the test plays the billing
 * provider (server.setSubscription) on its own copy of the production server in the worker, as
 * watermark.spec.ts does.
 */

// packages/domain/src/plans/require-api-access.ts (API_ACCESS_REQUIRES_ENTERPRISE).
const REFUSED =
  "API keys are available on the Enterprise plan. Upgrade on the Subscription page to use the API.";

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

/** A confirmed user with a brand, signed in on `page`; on Enterprise when asked. */
async function signInUser(page: Page, server: InProcessServer, options: { enterprise: boolean }) {
  const email = await createServerUser(page, server, { prefix: "api-keys" });
  if (options.enterprise) {
    // This browser has already welcomed Enterprise (lib/seen-upgrades.ts), so no upgrade dialog covers the page.
    await page.addInitScript(() => localStorage.setItem("seen_upgrades", JSON.stringify(["enterprise"])));
    // localPlanPriceIds.enterpriseMonthly (packages/domain/src/plans/catalogue.ts).
    await server.setSubscription(email, {
      priceId: "price_enterprise_monthly",
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    });
  }
  await signInBySession(page, email);
  return email;
}

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .include("[data-testid=api-keys-card]")
    .withTags(["wcag2a", "wcag2aa"])
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

serverTest("a free user is told keys come with Enterprise and gets no form", async ({ page, server }) => {
  await signInUser(page, server, { enterprise: false });
  await page.goto("/profile");

  const card = page.getByTestId("api-keys-card");
  await expect(card.locator("[data-slot=card-title]")).toHaveText("API keys");
  await expect(card.getByTestId("api-keys-enterprise-note")).toContainText(
    "API keys come with the Enterprise plan",
  );
  await expect(card.getByTestId("api-key-name-input")).toHaveCount(0);
  await expect(card.getByTestId("api-key-create")).toHaveCount(0);
  await expect(card.getByTestId("api-key-row")).toHaveCount(0);
  await expect(card.getByTestId("api-keys-docs-link")).toHaveAttribute("href", "/api/docs");
  await expect(card).toContainText(`${server.url}/mcp`);
  await expectNoSeriousA11yViolations(page);

  // The server agrees: creating a key is refused with the plan's message.
  const refused = await page.request.post("/api/auth/api-key/create", {
    headers: { Origin: server.url },
    data: { name: "sneaky" },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(REFUSED);

  await card.getByTestId("api-keys-upgrade").click();
  await expect(page).toHaveURL(/\/subscription$/);
});

serverTest(
  "an Enterprise user creates a key, sees it once, uses it, and deleting it revokes it",
  async ({ page, context, request, server }) => {
    serverTest.setTimeout(90_000);
    await page.setViewportSize({ width: 375, height: 740 });
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signInUser(page, server, { enterprise: true });
    await page.goto("/profile");

    const card = page.getByTestId("api-keys-card");
    await expect(card.getByTestId("api-keys-empty")).toHaveText("No API keys yet");
    await expect(card.getByTestId("api-keys-enterprise-note")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // The name is required and short; the error shows inline and nothing is sent.
    const nameInput = card.getByTestId("api-key-name-input");
    await expect(nameInput).toHaveAccessibleName("Key name");
    await card.getByTestId("api-key-create").click();
    await expect(card.getByTestId("api-key-name-error")).toHaveText("Enter a name for the key");
    await expect(nameInput).toHaveAttribute("aria-invalid", "true");
    await nameInput.fill("x".repeat(33));
    await expect(card.getByTestId("api-key-name-error")).toHaveText("Use at most 32 characters");

    // A refusal from the server shows as a toast and keeps what was typed.
    await page.route("**/api/auth/api-key/create", (route) =>
      route.fulfill({
        status: 403,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "forbidden", message: REFUSED } }),
      }),
    );
    await nameInput.fill("Nightly report");
    await expect(card.getByTestId("api-key-name-error")).toHaveCount(0);
    await nameInput.press("Enter");
    await expect(toast(page, REFUSED)).toBeVisible();
    await expect(nameInput).toHaveValue("Nightly report");
    await expect(card.getByTestId("api-key-secret")).toHaveCount(0);
    await page.unroute("**/api/auth/api-key/create");

    // Enter submits; the full key shows once, with its warning.
    await nameInput.press("Enter");
    const secretBox = card.getByTestId("api-key-secret");
    await expect(secretBox).toBeVisible();
    await expect(card.getByTestId("api-key-created")).toContainText("it will not be shown again");
    const secret = (await secretBox.textContent())?.trim() ?? "";
    expect(secret.length).toBeGreaterThan(20);
    await expect(nameInput).toHaveValue("");
    const rows = card.getByTestId("api-key-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId("api-key-row-name")).toHaveText("Nightly report");
    const start = (await rows.first().getByTestId("api-key-row-start").textContent())?.replace("…", "") ?? "";
    expect(start.length).toBeGreaterThan(0);
    expect(secret.startsWith(start)).toBe(true);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page);

    // Copy fills the clipboard and says so for a moment.
    const copy = card.getByTestId("api-key-copy");
    await copy.click();
    await expect(copy).toHaveText("Copied!");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expect(copy).toHaveText("Copy");

    // The key works on its own (no cookie in the `request` fixture) against the tool API.
    const tools = await request.get(`${server.url}/api/tools`, {
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(tools.status(), await tools.text()).toBe(200);
    const body = (await tools.json()) as { tools: { name: string }[] };
    expect(body.tools.length).toBeGreaterThan(0);
    expect(body.tools.every((tool) => typeof tool.name === "string")).toBe(true);

    // After a reload the secret is gone for good, the key stays listed.
    await page.reload();
    await expect(card.getByTestId("api-key-row")).toHaveCount(1);
    await expect(card.getByTestId("api-key-secret")).toHaveCount(0);
    await expect(page.getByText(secret)).toHaveCount(0);
    await expect(card.getByTestId("api-key-row").first()).toContainText("Last used");

    // Delete asks first; Cancel keeps the key.
    await card.getByTestId("api-key-delete").click();
    const dialog = page.getByTestId("api-key-delete-dialog");
    await expect(dialog).toContainText("Nightly report");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId("api-key-row")).toHaveCount(1);
    await card.getByTestId("api-key-delete").click();
    await page.getByTestId("api-key-delete-confirm").click();
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId("api-key-row")).toHaveCount(0);
    await expect(card.getByTestId("api-keys-empty")).toHaveText("No API keys yet");

    // A deleted key no longer opens the API.
    const revoked = await request.get(`${server.url}/api/tools`, {
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(revoked.status()).toBe(401);
  },
);
