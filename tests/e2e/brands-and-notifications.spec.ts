import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { createServerUser, type InProcessServer, serverTest } from "./fixtures/in-process-server";
import { createConfirmedUser, signInThroughUi } from "./helpers";

type BrandBody = { brand: { id: string; name: string } | null };

/**
 * WCAG A/AA over the page in its current state (a panel or dialog open), or only `within` it: an open
 * Radix menu hides the rest of the page from assistive tech while trapping focus, which axe reports
 * about the hidden part, not about the menu.
 */
async function expectNoA11yViolations(page: Page, state: string, within?: string) {
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]);
  if (within) builder.include(within);
  const results = await builder.analyze();
  expect(results.violations, `${state}: ${JSON.stringify(results.violations, null, 2)}`).toEqual([]);
}

async function activeBrandName(page: Page): Promise<string | undefined> {
  const response = await page.request.get("/api/brands/active");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as BrandBody).brand?.name;
}

test.describe("header brand switcher", () => {
  test("a one-brand user creates a second brand from the header, then switches back and forth", async ({
    page,
    request,
    baseURL,
  }) => {
    const { email } = await createConfirmedUser(request, baseURL!);
    await signInThroughUi(page, email);
    await expect(page.getByTestId("view-title")).toBeVisible();

    // One brand: no switcher (core spec section 2), but a way to add the second one.
    const newBrand = page.getByTestId("new-brand-button");
    await expect(newBrand).toBeVisible();
    await expect(page.getByTestId("brand-switcher")).toHaveCount(0);

    await newBrand.click();
    const dialog = page.getByTestId("create-brand-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("new-brand-name-input")).toBeFocused();
    // The name must be non-empty after trimming.
    await dialog.getByTestId("new-brand-name-input").fill("   ");
    await dialog.getByTestId("new-brand-submit").click();
    await expect(dialog.getByTestId("new-brand-name-error")).toHaveText("Brand name is required");
    await expectNoA11yViolations(page, "create brand dialog");
    expect(await activeBrandName(page)).toBe("Test Brand");

    await dialog.getByTestId("new-brand-name-input").fill("  Second Brand ");
    await dialog.getByTestId("new-brand-submit").click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Switched to Second Brand")).toBeVisible();

    // Two brands: the switcher appears, showing the new brand, which the domain made active.
    const switcher = page.getByTestId("brand-switcher");
    await expect(switcher).toBeVisible();
    await expect(page.getByTestId("new-brand-button")).toHaveCount(0);
    await expect(switcher).toHaveAccessibleName("Brand: Second Brand. Switch brand");
    expect(await activeBrandName(page)).toBe("Second Brand");

    // Switch to the first brand: the menu marks the active one, a click switches.
    await switcher.click();
    const options = page.getByTestId("brand-option");
    await expect(options).toHaveCount(2);
    await expect(options.filter({ hasText: "Second Brand" })).toHaveAttribute("aria-checked", "true");
    await expect(options.filter({ hasText: "Test Brand" })).toHaveAttribute("aria-checked", "false");
    await expectNoA11yViolations(page, "brand switcher menu", '[data-testid="brand-switcher-menu"]');
    await options.filter({ hasText: "Test Brand" }).click();
    await expect(page.getByText("Switched to Test Brand")).toBeVisible();
    await expect(switcher).toHaveAccessibleName("Brand: Test Brand. Switch brand");
    await expect.poll(() => activeBrandName(page)).toBe("Test Brand");

    // And back.
    await switcher.click();
    await expect(options.filter({ hasText: "Test Brand" })).toHaveAttribute("aria-checked", "true");
    await options.filter({ hasText: "Second Brand" }).click();
    await expect(page.getByText("Switched to Second Brand")).toBeVisible();
    await expect(switcher).toHaveAccessibleName("Brand: Second Brand. Switch brand");
    await expect.poll(() => activeBrandName(page)).toBe("Second Brand");

    // A third brand from the switcher's own "New brand" entry.
    await switcher.click();
    await page.getByTestId("brand-switcher-new").click();
    await expect(dialog).toBeVisible();
    await dialog.getByTestId("new-brand-name-input").fill("Third Brand");
    await dialog.getByTestId("new-brand-name-input").press("Enter");
    await expect(switcher).toHaveAccessibleName("Brand: Third Brand. Switch brand");
    await switcher.click();
    await expect(options).toHaveCount(3);
    await page.keyboard.press("Escape");

    // On a phone the header still fits, with the switcher and the bell in reach.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(switcher).toBeVisible();
    await expect(page.getByTestId("notification-bell")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

/*
 * Notifications and the upgrade dialog react to things that happen on the server, not in the browser:
 * a subscription changing at the billing provider. The suite's shared server keeps its PGlite database
 * inside its own process, so these tests start their own copy of the production server in the worker
 * (tests/e2e/in-process-server.ts) and write the billing webhook's subscription read model there.
 */
const DAY_MS = 86_400_000;

/** A confirmed user with a brand on the in-process server, signed in through the login screen. */
async function signInNewUser(page: Page, server: InProcessServer): Promise<string> {
  const email = await createServerUser(page, server, { prefix: "live" });
  await signInThroughUi(page, email);
  await expect(page.getByTestId("view-title")).toBeVisible();
  return email;
}

serverTest.describe("live notifications", () => {
  const ENDED = "Your subscription has ended. You have been moved to the free plan.";

  serverTest(
    "a notification raised on the server appears in the open page without a reload",
    async ({ page, server }) => {
      const email = await signInNewUser(page, server);
      const bell = page.getByTestId("notification-bell");
      // The page is subscribed once the stream said `ready`.
      await expect(bell).toHaveAttribute("data-live-status", "open");
      await expect(page.getByTestId("notification-unread-count")).toHaveCount(0);
      await bell.click();
      await expect(page.getByTestId("notifications-empty")).toBeVisible();
      await page.keyboard.press("Escape");

      // The billing provider reports a cancelled Pro subscription whose period is over; the next plan
      // check anywhere (here another client of the same account) moves the user to free and notifies.
      await server.setSubscription(email, {
        priceId: "price_pro_monthly",
        currentPeriodEnd: new Date(Date.now() - DAY_MS),
        cancelAtPeriodEnd: true,
      });
      const plan = await page.request.get("/api/plan");
      expect(((await plan.json()) as { type: string }).type).toBe("free");

      // Pushed over /api/events: a toast and the bell's count, no reload.
      const toast = page.locator("[data-sonner-toast]").filter({ hasText: ENDED });
      await expect(toast).toBeVisible();
      await expect(page.getByTestId("notification-unread-count")).toHaveText("1");
      await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
      // The toast sits over the header's right end, and a pointer resting on it keeps it open.
      await toast.getByRole("button", { name: "Close toast" }).click();
      await expect(toast).toBeHidden();

      await bell.click();
      const item = page.getByTestId("notification-item");
      await expect(item).toHaveCount(1);
      await expect(item.getByTestId("notification-message")).toContainText(ENDED);
      await expect(item.getByTestId("notification-time")).toHaveText("now");
      await expect(item).toHaveAttribute("data-read", "false");
      await expectNoA11yViolations(page, "notification panel");

      await page.getByTestId("notifications-mark-all-read").click();
      await expect(item).toHaveAttribute("data-read", "true");
      await expect(page.getByTestId("notification-unread-count")).toHaveCount(0);
      await expect
        .poll(async () => {
          const body = (await (await page.request.get("/api/notifications")).json()) as {
            notifications: { read: boolean }[];
          };
          return body.notifications.map((notification) => notification.read);
        })
        .toEqual([true]);

      await item.getByTestId("notification-delete").click();
      await expect(page.getByTestId("notifications-empty")).toBeVisible();
      await expect
        .poll(async () => {
          const body = (await (await page.request.get("/api/notifications")).json()) as {
            notifications: unknown[];
          };
          return body.notifications.length;
        })
        .toBe(0);
    },
  );
});

serverTest.describe("upgrade welcome dialog", () => {
  const UPGRADED = "Successfully upgraded your plan! Enjoy the new features.";

  serverTest(
    "opens once per paid plan, walks through its three steps, and sign-out forgets it",
    async ({ page, server }) => {
      const email = await signInNewUser(page, server);
      const dialog = page.getByTestId("upgrade-wizard");
      await expect(page.getByTestId("notification-bell")).toHaveAttribute("data-live-status", "open");
      await expect(dialog).toHaveCount(0);

      await server.setSubscription(email, {
        priceId: "price_pro_monthly",
        currentPeriodEnd: new Date(Date.now() + 30 * DAY_MS),
      });
      await page.reload();

      await expect(dialog).toBeVisible();
      await expect(page.locator("[data-sonner-toast]").filter({ hasText: UPGRADED })).toBeVisible();
      await expect(dialog.getByTestId("upgrade-wizard-title")).toHaveText("Welcome to Pro!");
      await expect(dialog.getByTestId("upgrade-wizard-dots")).toHaveAccessibleName("Step 1 of 3");
      await expect(dialog.getByTestId("upgrade-wizard-previous")).toBeDisabled();
      expect(await page.evaluate(() => localStorage.getItem("seen_upgrades"))).toBe('["pro"]');

      await dialog.getByTestId("upgrade-wizard-next").click();
      await expect(dialog.getByTestId("upgrade-wizard-dots")).toHaveAccessibleName("Step 2 of 3");
      const features = dialog.getByTestId("upgrade-wizard-features");
      await expect(features).toContainText("30 posts per month");
      await expect(features).toContainText("Scheduling");
      await expectNoA11yViolations(page, "upgrade dialog");
      await dialog.getByTestId("upgrade-wizard-previous").click();
      await expect(dialog.getByTestId("upgrade-wizard-title")).toHaveText("Welcome to Pro!");
      await dialog.getByTestId("upgrade-wizard-next").click();
      await dialog.getByTestId("upgrade-wizard-next").click();
      await expect(dialog.getByTestId("upgrade-wizard-dots")).toHaveAccessibleName("Step 3 of 3");
      await expect(dialog.getByTestId("upgrade-wizard-next")).toHaveText("Get Started");
      await dialog.getByTestId("upgrade-wizard-next").click();
      await expect(dialog).toBeHidden();

      // Seen: the next visit does not repeat it.
      const planChecked = page.waitForResponse((response) => response.url().endsWith("/api/plan"));
      await page.reload();
      await planChecked;
      await expect(page.getByTestId("view-title")).toBeVisible();
      await expect(dialog).toHaveCount(0);

      // A move up to Enterprise is a new upgrade; the dialog's close button dismisses it.
      await server.setSubscription(email, {
        priceId: "price_enterprise_monthly",
        currentPeriodEnd: new Date(Date.now() + 30 * DAY_MS),
      });
      await page.reload();
      await expect(dialog.getByTestId("upgrade-wizard-title")).toHaveText("Welcome to Enterprise!");
      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(dialog).toBeHidden();
      expect(await page.evaluate(() => localStorage.getItem("seen_upgrades"))).toBe('["pro","enterprise"]');

      // Sign-out clears the seen-upgrades list (core spec section 4, Plan).
      await page.getByTestId("user-menu").click();
      await page.getByTestId("menu-sign-out").click();
      await expect(page).toHaveURL(/\/login$/);
      expect(await page.evaluate(() => localStorage.getItem("seen_upgrades"))).toBeNull();
    },
  );
});
