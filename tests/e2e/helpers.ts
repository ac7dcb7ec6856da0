import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { type APIRequestContext, expect, type Page, request as playwrightRequest } from "@playwright/test";

/** Where the server started by playwright.config.ts writes its mail (DATA_DIR/outbox). */
const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const OUTBOX_DIR = resolve(
  E2E_PORT === 3100 ? "test-results/e2e-data/outbox" : `test-results/e2e-data-${E2E_PORT}/outbox`,
);
export const DEFAULT_PASSWORD = "correct-horse-42";

export function uniqueEmail(prefix = "user"): string {
  const random = Math.random().toString(36).slice(2, 8);
  return `${prefix}-${Date.now()}-${random}@example.com`;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Reads the action link (X-Smm-Link header) of the newest .eml addressed to `email`, waiting for the
 * server to write it. File names start with a millisecond timestamp, so name order is time order.
 */
export async function readLatestMailLink(email: string, timeoutMs = 15_000): Promise<string> {
  const recipient = new RegExp(`^To:.*${escapeRegExp(email)}`, "im");
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const names = await readdir(OUTBOX_DIR).catch(() => [] as string[]);
    const newestFirst = names
      .filter((name) => name.endsWith(".eml"))
      .sort()
      .reverse();
    for (const name of newestFirst) {
      const raw = await readFile(join(OUTBOX_DIR, name), "utf8");
      const headers = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
      if (!recipient.test(headers)) continue;
      const link = /^X-Smm-Link:\s*(\S+)\s*$/im.exec(headers)?.[1];
      if (link) return link;
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`No mail with an X-Smm-Link for ${email} in ${OUTBOX_DIR}`);
}

/** Signs up through the login screen and checks the spec's success message and cleared fields. */
export async function signUpThroughUi(page: Page, email: string, password = DEFAULT_PASSWORD) {
  await page.goto("/login");
  await page.getByTestId("auth-mode-toggle").click();
  await expect(page.getByTestId("auth-title")).toHaveText("Create Account");
  await page.getByTestId("email-input").fill(email);
  await page.getByTestId("password-input").fill(password);
  await page.getByTestId("confirm-password-input").fill(password);
  await page.getByTestId("auth-submit").click();
  await expect(page.getByTestId("auth-notice")).toHaveText(
    "Please check your email for a confirmation link to complete your registration.",
  );
  await expect(page.getByTestId("email-input")).toHaveValue("");
  await expect(page.getByTestId("password-input")).toHaveValue("");
}

/** Opens the confirmation link from the outbox, as the user would from their mail client. */
export async function confirmEmailThroughLink(page: Page, email: string) {
  const link = await readLatestMailLink(email);
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?verified=1/);
  await expect(page.getByTestId("verified-notice")).toHaveText(
    "Your e-mail is confirmed. You can sign in now.",
  );
}

/** Fills and submits the sign-in form on the current /login page. */
export async function submitSignIn(page: Page, email: string, password = DEFAULT_PASSWORD) {
  await expect(page.getByTestId("auth-title")).toHaveText("Welcome Back");
  await page.getByTestId("email-input").fill(email);
  await page.getByTestId("password-input").fill(password);
  await page.getByTestId("auth-submit").click();
}

/**
 * A confirmed account made through the HTTP API (faster than the UI for tests about other screens);
 * the confirmation still goes through the real e-mail link in the outbox.
 */
export async function createConfirmedUser(
  request: APIRequestContext,
  baseURL: string,
  options: { email?: string; password?: string; brand?: string | false } = {},
) {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? DEFAULT_PASSWORD;
  const response = await request.post("/api/auth/sign-up/email", {
    headers: { Origin: baseURL },
    data: { email, password, name: email.split("@")[0], callbackURL: "/login?verified=1" },
  });
  expect(response.ok(), `sign-up failed: ${response.status()} ${await response.text()}`).toBe(true);
  const link = await readLatestMailLink(email);
  const verify = await request.get(link, { maxRedirects: 0 });
  expect([200, 302], `verification failed: ${verify.status()}`).toContain(verify.status());
  // A user with no brand gets the setup wizard; tests about other screens start with one unless told not to.
  const brand = options.brand === undefined ? "Test Brand" : options.brand;
  if (brand) await createBrandForUser(baseURL, { email, password }, brand);
  return { email, password };
}

/** Signs in over HTTP in a throw-away request context and creates (and activates) a brand for the user. */
export async function createBrandForUser(
  baseURL: string,
  credentials: { email: string; password: string },
  name: string,
) {
  const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  try {
    const signIn = await context.post("/api/auth/sign-in/email", { data: credentials });
    expect(signIn.ok(), `sign-in failed: ${signIn.status()} ${await signIn.text()}`).toBe(true);
    const created = await context.post("/api/brands", { data: { name } });
    expect(created.ok(), `brand creation failed: ${created.status()} ${await created.text()}`).toBe(true);
    return (await created.json()) as { id: string; name: string };
  } finally {
    await context.dispose();
  }
}

/**
 * Signs the page's browser context in through the API, loading no page: for tests about what comes after
 * signing in, whose next step opens a page of their own. The login screen is what auth.spec.ts tests; going
 * through it in every test cost each one a load of the login page and of the dashboard it lands on.
 */
export async function signInBySession(page: Page, email: string, password = DEFAULT_PASSWORD) {
  // The context's baseURL (the suite's server or the worker's own) is the origin the server trusts.
  const origin = new URL((await page.request.get("/api/health")).url()).origin;
  const response = await page.request.post("/api/auth/sign-in/email", {
    headers: { Origin: origin },
    data: { email, password },
  });
  expect(response.ok(), `sign-in failed: ${response.status()} ${await response.text()}`).toBe(true);
}

/** Signs in through the login screen and waits until the app has navigated away from /login. */
export async function signInThroughUi(page: Page, email: string, password = DEFAULT_PASSWORD) {
  await page.goto("/login");
  await submitSignIn(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
}
