// npm run bench (part of the embedded-database figures): the JavaScript a real Chromium fetches before the
// signed-in dashboard's stat cards show, counted from the network (bytes on the wire, as the server sends
// them: gzip), not from the build manifest. Budget 250 KB. What arrives after the cards is listed apart:
// it is fetched while the person already reads the page.
import { chromium } from "@playwright/test";

const BUDGET_KB = 250;
const CHROMIUM = process.env.BENCH_CHROMIUM ?? "/usr/bin/chromium";

interface Fetched {
  url: string;
  bytes: number;
  finishedAt: number;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function benchDashboardJs(base: string, cookie: string): Promise<void> {
  const browser = await chromium
    .launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox", "--disable-gpu"] })
    .catch((error: unknown) => {
      console.log(`\ndashboard JS: skipped (no Chromium at ${CHROMIUM}: ${String(error).split("\n")[0]})`);
      return null;
    });
  if (!browser) return;
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const { hostname } = new URL(base);
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const at = pair.indexOf("=");
        return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: hostname, path: "/" };
      }),
    );
    const page = await context.newPage();
    const scripts: Promise<Fetched>[] = [];
    page.on("requestfinished", (request) => {
      if (request.resourceType() !== "script") return;
      const finishedAt = performance.now();
      // responseBodySize is the encoded body: what crossed the wire.
      scripts.push(
        request.sizes().then((sizes) => ({ url: request.url(), bytes: sizes.responseBodySize, finishedAt })),
      );
    });
    const started = performance.now();
    await page.goto(`${base}/dashboard`);
    await page.getByTestId("dashboard-stats").waitFor({ state: "visible", timeout: 60_000 });
    const shownAt = performance.now();
    await page.waitForLoadState("networkidle");
    const fetched = await Promise.all(scripts);
    const before = fetched.filter((script) => script.finishedAt <= shownAt);
    const after = fetched.filter((script) => script.finishedAt > shownAt);
    const total = (list: Fetched[]) => list.reduce((sum, script) => sum + script.bytes, 0);
    const beforeBytes = total(before);
    console.log(
      `\ndashboard in Chromium (1366 px, cold cache): stat cards shown after ${Math.round(shownAt - started)} ms`,
    );
    console.log(
      `  JS fetched before the stat cards: ${kb(beforeBytes)} in ${before.length} files (budget ${BUDGET_KB} KB: ${beforeBytes <= BUDGET_KB * 1024 ? "ok" : "over"})`,
    );
    console.log(`  JS fetched after them (idle prefetch): ${kb(total(after))} in ${after.length} files`);
    if (process.env.BENCH_VERBOSE)
      for (const script of [...before, ...after].sort((a, b) => b.bytes - a.bytes))
        console.log(
          `    ${kb(script.bytes).padStart(9)} ${script.finishedAt <= shownAt ? "before" : "after "} ${new URL(script.url).pathname}`,
        );
    await context.close();
  } finally {
    await browser.close();
  }
}
