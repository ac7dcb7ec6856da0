import { expect, test } from "@playwright/test";

test("dark by default; the toggle switches to light and light survives a reload", async ({ page }) => {
  await page.goto("/");
  const root = page.locator("html");
  await expect(root).toHaveClass(/\bdark\b/);

  await page.getByTestId("theme-toggle").click();
  await expect(root).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");

  await page.reload();
  await expect(root).not.toHaveClass(/\bdark\b/);
  await page.goto("/login");
  await expect(root).not.toHaveClass(/\bdark\b/);

  await page.getByTestId("theme-toggle").click();
  await expect(root).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(root).toHaveClass(/\bdark\b/);
});
