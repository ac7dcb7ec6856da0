import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "@playwright/test";

import { createConfirmedUser, signInThroughUi } from "./helpers";

/*
 * The outside probe's cross-site request forgery, repeated in a real browser: a signed-in user opens a page of
 * another origin on the same host (another port: same site, so the browser sends the session cookie with a
 * form post), which auto-submits an enctype="text/plain" form whose body parses as JSON. Before the guard it
 * created a brand in the victim's account. Also: the app refuses to be framed, and its own screens run under
 * the content security policy without a single violation.
 */

const PWNED = "Pwned by a form";

/** Serves one HTML page from a second local server (another origin than the app). */
async function serveAttackerPage(html: (attackerOrigin: string) => string): Promise<{
  server: Server;
  url: string;
}> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(html(origin));
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  return { server, url: `${origin}/` };
}

/**
 * Collects what the browser reports about the content security policy: its console messages, and the
 * securitypolicyviolation events of the page's documents (read back with readReportedViolations).
 */
function recordCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (
      /content security policy|refused to (load|execute|apply|evaluate|frame|connect)/i.test(message.text())
    )
      violations.push(`${page.url()}: ${message.text()}`);
  });
  void page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const reported = JSON.parse(sessionStorage.getItem("csp-violations") ?? "[]") as string[];
      reported.push(`${event.violatedDirective} ${event.blockedURI}`);
      sessionStorage.setItem("csp-violations", JSON.stringify(reported));
    });
  });
  return violations;
}

async function readReportedViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem("csp-violations") ?? "[]") as string[]);
}

test("a text/plain form on another origin cannot create a brand in a signed-in user's account", async ({
  page,
  request,
  baseURL,
}) => {
  // No brand yet, so on the free plan the forged brand would be allowed if the request got through.
  const { email } = await createConfirmedUser(request, baseURL!, { brand: false });
  await signInThroughUi(page, email);

  // One field named '{"name":"...","x":"' with the value '"}': text/plain sends `name=value`, valid JSON.
  const attacker = await serveAttackerPage(
    () => `<!doctype html><title>Win a prize</title>
<form id="f" method="POST" action="${baseURL}/api/brands" enctype="text/plain">
  <input type="hidden" name='{"name":"${PWNED}","x":"' value='"}'>
</form>
<script>document.getElementById("f").submit();</script>`,
  );
  try {
    const forged = page.waitForResponse(
      (response) => response.url() === `${baseURL}/api/brands` && response.request().method() === "POST",
    );
    await page.goto(attacker.url);
    const response = await forged;
    // The browser did send it, with the cookie and a foreign Origin; the server refused it.
    expect(response.request().headers()["content-type"]).toContain("text/plain");
    expect(response.status()).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: "forbidden" } });
  } finally {
    attacker.server.close();
  }

  const brands = await page.request.get("/api/brands");
  expect(brands.status()).toBe(200);
  expect(JSON.stringify(await brands.json())).not.toContain(PWNED);
});

test("another origin cannot frame the app", async ({ page, baseURL }) => {
  const violations = recordCspViolations(page);
  const attacker = await serveAttackerPage(
    () =>
      `<!doctype html><title>Framed</title><iframe id="app" src="${baseURL}/login" width="800" height="600"></iframe>`,
  );
  try {
    const framed = page.waitForResponse((response) => response.url() === `${baseURL}/login`);
    await page.goto(attacker.url);
    const response = await framed;
    expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.headers()["x-frame-options"]).toBe("DENY");
    // The browser refused the frame (the violation is reported), and the login screen never rendered in it.
    await expect.poll(() => violations.join("\n")).toMatch(/frame-ancestors/);
    await expect(page.frameLocator("#app").getByTestId("email-input")).toHaveCount(0);
  } finally {
    attacker.server.close();
  }
});

test("the app's screens run under the content security policy without a violation", async ({
  page,
  request,
  baseURL,
}) => {
  const violations = recordCspViolations(page);
  const { email } = await createConfirmedUser(request, baseURL!);
  await page.goto("/");
  const shell = await page.request.get("/login");
  expect(shell.headers()["content-security-policy"]).toContain("script-src 'self'");
  await signInThroughUi(page, email);
  for (const path of [
    "/dashboard",
    "/dashboard/swipe",
    "/create",
    "/calendar",
    "/settings",
    "/profile",
    "/ai-agent",
  ]) {
    await page.goto(path);
    await expect(page.getByTestId("view-title")).toBeVisible();
    // Lazy screens load their chunks and styles after the title: wait until nothing is loading.
    await page.waitForLoadState("networkidle");
  }
  for (const path of ["/", "/privacy", "/delete"]) {
    await page.goto(path);
    await page.waitForLoadState("load");
  }
  // The theme was applied before paint by the script file that replaced the inline one.
  expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
  expect(violations).toEqual([]);
  expect(await readReportedViolations(page)).toEqual([]);
});
