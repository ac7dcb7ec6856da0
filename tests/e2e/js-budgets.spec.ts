import { expect, type Page, test } from "@playwright/test";
import { createConfirmedUser, signInThroughUi } from "./helpers";

/*
 * The JavaScript budgets of apps/web/README.md, counted as `npm run bench` counts the dashboard's: the
 * script bytes a real Chromium receives (the encoded body: gzip, as the server sends it) before the page
 * shows what it is for. The landing page may take 100 KB, the dashboard 250 KB until its stat cards show.
 * Byte counts of one build do not vary from run to run, so this cannot flake; it fails when a change makes
 * the first pages heavier than promised.
 */
const KB = 1024;

interface Script {
  path: string;
  bytes: number;
}

/** Starts recording scripts; the returned function lists those whose response had ended by then. */
function recordScripts(page: Page): () => Promise<Script[]> {
  const finished: Promise<Script>[] = [];
  page.on("requestfinished", (request) => {
    if (request.resourceType() !== "script") return;
    finished.push(
      request
        .sizes()
        .then((sizes) => ({ path: new URL(request.url()).pathname, bytes: sizes.responseBodySize })),
    );
  });
  return () => Promise.all([...finished]);
}

const describe = (scripts: Script[]) =>
  scripts
    .sort((a, b) => b.bytes - a.bytes)
    .map((script) => `${(script.bytes / KB).toFixed(1).padStart(6)} KB ${script.path}`)
    .join("\n");
const total = (scripts: Script[]) => scripts.reduce((sum, script) => sum + script.bytes, 0);

test("the landing page's JavaScript stays within 100 KB gzip", async ({ page }) => {
  const fetchedSoFar = recordScripts(page);
  await page.goto("/");
  await expect(page.getByTestId("hero-start-trial")).toBeVisible();
  // Everything the landing page fetches counts: it prefetches nothing for later.
  await page.waitForLoadState("networkidle");
  const scripts = await fetchedSoFar();
  expect(scripts.length).toBeGreaterThan(0);
  expect(total(scripts), `landing scripts:\n${describe(scripts)}`).toBeLessThanOrEqual(100 * KB);
});

test("the dashboard's JavaScript until its stat cards show stays within 250 KB gzip", async ({
  page,
  request,
  baseURL,
}) => {
  const { email } = await createConfirmedUser(request, baseURL as string);
  await signInThroughUi(page, email);
  // A cold cache, as a first visit: a new page in a new context signed in with the same cookies.
  const context = await page
    .context()
    .browser()
    ?.newContext({ storageState: await page.context().storageState() });
  if (!context) throw new Error("no browser");
  try {
    const dashboard = await context.newPage();
    const fetchedSoFar = recordScripts(dashboard);
    await dashboard.goto("/dashboard");
    await expect(dashboard.getByTestId("dashboard-stats")).toBeVisible();
    const scripts = await fetchedSoFar();
    expect(scripts.length).toBeGreaterThan(0);
    expect(total(scripts), `dashboard scripts:\n${describe(scripts)}`).toBeLessThanOrEqual(250 * KB);
  } finally {
    await context.close();
  }
});
