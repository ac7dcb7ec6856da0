import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { createServerUser, serverTest } from "./fixtures/in-process-server";
import { signInBySession } from "./helpers";

/*
 * Website analysis from the chat, end to end: a message with a web address shows the analysis indicator,
 * the offline assistant fetches the page through the SSRF guard (a fixture site on loopback, allowed only
 * for this server copy, as the issue asks: never an environment switch), the card shows the page's title,
 * brand name and industry, and the brand's company profile takes the fields found.
 */

const FIXTURE_HTML = `<!doctype html><html><head><title>Harbour Roastery | Coffee on the waterfront</title>
<meta name="description" content="Harbour Roastery roasts small-batch coffee and bakes fresh pastries every morning.">
<meta property="og:site_name" content="Harbour Roastery"></head>
<body><main><h1>Small-batch coffee, roasted daily</h1>
<p>Our cafe and bakery serve espresso, filter coffee and pastries to commuters on the harbour.</p></main></body></html>`;

const siteTest = serverTest.extend<Record<never, never>, { site: { server: Server; port: number } }>({
  site: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const server = createServer((_request, response) => {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.end(FIXTURE_HTML);
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      await use({ server, port: (server.address() as AddressInfo).port });
      await new Promise((resolve) => server.close(resolve));
    },
    { scope: "worker" },
  ],
  // This server copy's SSRF guard lets the fixture site's exact loopback address and port through.
  serverOptions: [
    async ({ site }, use) => {
      await use({ fixtureSite: { host: "127.0.0.1", port: site.port } });
    },
    { scope: "worker" },
  ],
});

siteTest("a web address in the chat is analysed into the brand's profile", async ({ page, server, site }) => {
  test.setTimeout(90_000);
  const email = await createServerUser(page, server, { prefix: "website", name: "website" });
  await signInBySession(page, email);
  await page.goto("/dashboard");

  await page.getByTestId("assistant-toggle").click();
  const panel = page.getByTestId("assistant-panel");
  const input = panel.getByTestId("assistant-input");
  await input.fill(`Have a look at http://127.0.0.1:${site.port}/ please`);
  await input.press("Enter");

  const card = panel.getByTestId("assistant-website-card");
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText("Harbour Roastery | Coffee on the waterfront");
  await expect(card).toContainText("Harbour Roastery");
  await expect(card).toContainText("Food & Beverage");
  await expect(card.getByTestId("assistant-website-applied")).toContainText("Updated your brand:");
  await expect(panel.getByTestId("assistant-messages")).not.toContainText('{"');

  // The profile took what the page says (only fields that were present and different).
  const { brand } = (await (await page.request.get("/api/brands/active")).json()) as {
    brand: { companyProfile: { industry: string; description: string } };
  };
  expect(brand.companyProfile.industry).toBe("Food & Beverage");
  expect(brand.companyProfile.description).toContain("small-batch coffee");
});
