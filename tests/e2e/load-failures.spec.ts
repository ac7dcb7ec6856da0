import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { createBrandForUser, createConfirmedUser, signInThroughUi } from "./helpers";

/*
 * The app's code comes in chunks, fetched when a screen or a dialog is first needed. A chunk that does not
 * arrive (a dropped connection, or an old tab after a deploy renamed the chunks) must cost the user that one
 * part, with a way back, never the whole page: without an error boundary React unmounts everything.
 */

const CALENDAR_CHUNK = /\/assets\/calendar-page-[\w-]+\.js$/;
const PALETTE_CHUNK = /\/assets\/command-palette-dialog-[\w-]+\.js$/;
const ASSISTANT_CHUNK = /\/assets\/assistant-chat-[\w-]+\.js$/;

/** A new user with a brand, signed in, on the dashboard with its data shown. */
async function signInToDashboard(page: Page, request: APIRequestContext, baseURL: string | undefined) {
  const { email } = await createConfirmedUser(request, baseURL ?? "");
  await signInThroughUi(page, email);
  await expect(page.getByTestId("dashboard-stats")).toBeVisible();
}

test("a screen's chunk that fails once is fetched again and the screen shows", async ({
  page,
  request,
  baseURL,
}) => {
  await signInToDashboard(page, request, baseURL);

  let attempts = 0;
  await page.route(CALENDAR_CHUNK, async (route) => {
    attempts += 1;
    if (attempts === 1) await route.abort("connectionreset");
    else await route.continue();
  });
  await page.getByRole("link", { name: "Calendar" }).first().click();
  await expect(page.getByTestId("calendar-legend")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("page-error")).toHaveCount(0);
  expect(attempts).toBe(2);
});

test("a screen whose chunk does not arrive says so inside the shell; Reload brings it", async ({
  page,
  request,
  baseURL,
}) => {
  await signInToDashboard(page, request, baseURL);

  await page.route(CALENDAR_CHUNK, (route) => route.abort("internetdisconnected"));
  await page.getByRole("link", { name: "Calendar" }).first().click();
  const failure = page.getByTestId("page-error");
  await expect(failure).toBeVisible({ timeout: 15_000 });
  await expect(failure).toContainText("This page could not be loaded");
  await expect(failure).toContainText("Reload to get it.");
  // The shell around it still works: another screen opens in place.
  await page.getByRole("link", { name: "Dashboard" }).first().click();
  await expect(page.getByTestId("dashboard-stats")).toBeVisible();
  await expect(failure).toHaveCount(0);

  await page.getByRole("link", { name: "Calendar" }).first().click();
  await expect(failure).toBeVisible({ timeout: 15_000 });
  await page.unroute(CALENDAR_CHUNK);
  await failure.getByRole("button", { name: "Reload" }).click();
  await expect(page.getByTestId("calendar-legend")).toBeVisible();
  await expect(page).toHaveURL(/\/calendar$/);
});

test("a dialog whose chunk does not arrive leaves the dashboard as it was and offers Reload", async ({
  page,
  request,
  baseURL,
}) => {
  await signInToDashboard(page, request, baseURL);

  await page.route(PALETTE_CHUNK, (route) => route.abort("internetdisconnected"));
  await page.keyboard.press("ControlOrMeta+k");
  const toast = page.getByText("This part of the app could not be loaded. Check your connection and reload.");
  await expect(toast).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("dashboard-stats")).toBeVisible();
  await expect(page.getByTestId("page-error")).toHaveCount(0);

  // Back online, the next Ctrl+K opens it without a reload.
  await page.unroute(PALETTE_CHUNK);
  await page.keyboard.press("ControlOrMeta+k");
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.getByRole("dialog").getByRole("combobox")).toBeFocused();
});

test("the assistant whose chunk does not arrive says so in its panel, and loads once back online", async ({
  page,
  request,
  baseURL,
}) => {
  const { email, password } = await createConfirmedUser(request, baseURL ?? "");
  await createBrandForUser(baseURL ?? "", { email, password }, "Second Brand");
  // Offline for the chat's code from the start: the shell fetches it early, once the page has settled.
  await page.route(ASSISTANT_CHUNK, (route) => route.abort("internetdisconnected"));
  await signInThroughUi(page, email);
  await expect(page.getByTestId("dashboard-stats")).toBeVisible();

  await page.getByTestId("assistant-toggle").click();
  const panel = page.getByTestId("assistant-panel");
  await expect(panel.getByText("The assistant could not be loaded")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("dashboard-stats")).toBeVisible();

  // Back online, the next conversation (another brand's) downloads the chat again instead of repeating
  // the old failure.
  await page.unroute(ASSISTANT_CHUNK);
  await page.getByTestId("brand-switcher").click();
  await page.getByTestId("brand-option").filter({ hasText: "Test Brand" }).click();
  await expect(page.getByText("Switched to Test Brand")).toBeVisible();
  await expect(panel.getByTestId("assistant-input")).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByText("The assistant could not be loaded")).toHaveCount(0);
});
