import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

import { createConfirmedUser, signInThroughUi } from "./helpers";

for (const theme of ["dark", "light"] as const) {
  test(`public screens have no WCAG A/AA violations (${theme})`, async ({ page }) => {
    // Several pages, each loaded to network idle and scanned whole.
    test.setTimeout(90_000);
    await page.addInitScript((value) => localStorage.setItem("theme", value), theme);
    for (const path of ["/", "/login", "/privacy", "/delete"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
      expect(results.violations, `${path}: ${JSON.stringify(results.violations, null, 2)}`).toEqual([]);
    }
  });

  test(`signed-in screens have no WCAG A/AA violations (${theme})`, async ({ page, request, baseURL }) => {
    test.setTimeout(90_000);
    const { email } = await createConfirmedUser(request, baseURL!);
    await page.addInitScript((value) => localStorage.setItem("theme", value), theme);
    await signInThroughUi(page, email);
    for (const path of ["/dashboard", "/welcome", "/profile", "/settings", "/analytics"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
      expect(results.violations, `${path}: ${JSON.stringify(results.violations, null, 2)}`).toEqual([]);
    }
  });
}
