import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrand } from "../brands/create-brand";
import { getBrand } from "../brands/get-brand";
import { updateCompanyProfile } from "../brands/update-company-profile";
import type { BrandContext } from "../context";
import { AppError } from "../errors";
import type { FetchedPage, WebFetcher } from "../ports";
import { analyzeWebsite } from "./analyze-website";
import { extractPage } from "./extract-page";
import { searchSite } from "./search-site";

const FIXTURE = `<!doctype html>
<html lang="en"><head>
  <title>Home | Bean There</title>
  <meta name="description" content="Bean There roasts specialty coffee for busy professionals &amp; remote workers.">
  <meta property="og:site_name" content="Bean There">
  <meta property="og:title" content="Bean There &#8211; Fresh coffee">
  <meta name="keywords" content="coffee, roastery, beans">
  <style>body { color: red }</style>
  <script>var secret = "do not index";</script>
</head><body>
  <nav><a href="/">Home</a><a href="/shop">Shop menu link</a></nav>
  <main>
    <h1>Roasted fresh every <em>morning</em></h1>
    <p>We source single-origin beans directly from farmers and roast them in small batches in Lisbon.</p>
    <h2>Fair prices for growers</h2>
    <p>Every bag tells you the farm, the altitude and what the grower was paid. Our cold brew is legendary.</p>
    <h3>Subscriptions</h3>
    <p>Get a fresh bag delivered every week.</p>
    <!-- <p>hidden comment</p> -->
  </main>
  <footer>Copyright footer text</footer>
</body></html>`;

describe("extractPage", () => {
  it("reads the title, meta and Open Graph tags, headings and the main text only", () => {
    const page = extractPage(FIXTURE, "https://beanthere.example/");
    expect(page.title).toBe("Home | Bean There");
    expect(page.description).toBe(
      "Bean There roasts specialty coffee for busy professionals & remote workers.",
    );
    expect(page.openGraph).toMatchObject({ site_name: "Bean There", title: "Bean There – Fresh coffee" });
    expect(page.keywords).toEqual(["coffee", "roastery", "beans"]);
    expect(page.lang).toBe("en");
    expect(page.headings).toEqual([
      { level: 1, text: "Roasted fresh every morning" },
      { level: 2, text: "Fair prices for growers" },
      { level: 3, text: "Subscriptions" },
    ]);
    expect(page.text).toContain("roast them in small batches in Lisbon.");
    expect(page.text).toContain("Our cold brew is legendary.");
    for (const hidden of ["secret", "color: red", "Shop menu link", "Copyright footer", "hidden comment"])
      expect(page.text).not.toContain(hidden);
    expect(page.text).not.toMatch(/\s{2}/);
  });

  it("survives broken markup and stays fast on hostile input", () => {
    expect(extractPage("<p>unclosed <b>bold <script>never closed", "https://x.example/").text).toBe(
      "unclosed bold",
    );
    const hostile = "<script".repeat(100_000) + "<h1".repeat(100_000) + "<a href='".repeat(10_000);
    const page = extractPage(hostile, "https://x.example/");
    expect(page.headings).toEqual([]);
    const big = extractPage(`<body>${"<p>word </p>".repeat(200_000)}</body>`, "https://x.example/");
    expect(big.text.length).toBeLessThanOrEqual(50_000);
  });
});

/** A web fetcher that serves fixed pages (the SSRF guard itself is tested with the server's adapter). */
function fakeWeb(pages: Record<string, string>): WebFetcher & { fetched: string[] } {
  const fetched: string[] = [];
  return {
    fetched,
    async fetchPage(url): Promise<FetchedPage> {
      fetched.push(url);
      const body = pages[url];
      if (body === undefined) throw new AppError("upstream_failed", "The website answered HTTP 404.");
      return { url, status: 200, contentType: "text/html", body };
    },
  };
}

describe("analyzeWebsite and searchSite", () => {
  let t: DomainTestContext;
  const web = fakeWeb({
    "https://beanthere.example/": FIXTURE,
    "https://other.example/":
      "<html><head><title>Other Site</title></head><body><p>Nothing about beans.</p></body></html>",
  });
  beforeAll(async () => {
    t = await createDomainTestContext({ overrides: { web } });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function brandCtx(name = "My Cafe"): Promise<BrandContext> {
    const user = t.as(await t.createUser());
    const brand = await createBrand(user, { name });
    return { ...user, brandId: brand.id };
  }

  it("returns the analysis, stores the page and applies only present and different fields", async () => {
    const ctx = await brandCtx();
    await updateCompanyProfile(ctx, {
      // Same as the page says: not re-applied.
      industry: "Food & Beverage",
      tone: "authoritative",
      doNotMention: ["Starbucks"],
    });
    const result = await analyzeWebsite(ctx, { url: "https://beanthere.example/" });
    expect(result).toMatchObject({
      url: "https://beanthere.example/",
      title: "Bean There – Fresh coffee",
      summary: "Bean There roasts specialty coffee for busy professionals & remote workers.",
      brandInfo: {
        name: "Bean There",
        industry: "Food & Beverage",
        description: "Bean There roasts specialty coffee for busy professionals & remote workers.",
        targetAudience: "Busy professionals & remote workers",
        tone: "",
        keyMessages: ["Roasted fresh every morning", "Fair prices for growers"],
      },
    });
    expect(result.keyPoints.length).toBeGreaterThan(0);
    // industry is equal, tone is absent: neither is applied.
    expect(result.applied).toEqual(["name", "description", "targetAudience", "keyMessages"]);

    const brand = await getBrand(ctx);
    expect(brand.name).toBe("Bean There");
    expect(brand.companyProfile).toMatchObject({
      industry: "Food & Beverage",
      tone: "authoritative",
      description: "Bean There roasts specialty coffee for busy professionals & remote workers.",
      keyMessages: ["Roasted fresh every morning", "Fair prices for growers"],
      doNotMention: ["Starbucks"],
    });

    // A second analysis changes nothing: every field is now equal.
    const again = await analyzeWebsite(ctx, { url: "https://beanthere.example/" });
    expect(again.applied).toEqual([]);

    const { hits } = await searchSite(ctx, { query: "cold brew" });
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ url: "https://beanthere.example/", title: "Bean There – Fresh coffee" });
    expect(hits[0]?.snippet).toContain("**cold** **brew**");
    expect((await searchSite(ctx, { query: "secret" })).hits).toEqual([]);
    expect((await searchSite(ctx, { query: "footer" })).hits).toEqual([]);
  });

  it("ranks the brand's pages and never shows another brand's pages", async () => {
    const ctx = await brandCtx();
    await analyzeWebsite(ctx, { url: "https://beanthere.example/" });
    await analyzeWebsite(ctx, { url: "https://other.example/" });
    const { hits } = await searchSite(ctx, { query: "beans or Lisbon" });
    expect(hits.map((h) => h.url)).toEqual(["https://beanthere.example/", "https://other.example/"]);
    expect((await searchSite(ctx, { query: "Lisbon -beans" })).hits).toEqual([]);

    const stranger = await brandCtx("Stranger");
    expect((await searchSite(stranger, { query: "beans" })).hits).toEqual([]);
  });

  it("validates the input before fetching", async () => {
    const ctx = await brandCtx();
    const before = web.fetched.length;
    for (const url of [
      "",
      "ftp://example.com/",
      "javascript:alert(1)",
      "not a url",
      `https://x.example/${"a".repeat(3000)}`,
    ]) {
      await expect(analyzeWebsite(ctx, { url })).rejects.toMatchObject({ code: "invalid_input" });
    }
    await expect(searchSite(ctx, { query: "  " })).rejects.toMatchObject({ code: "invalid_input" });
    expect(web.fetched.length).toBe(before);
  });

  it("passes the fetcher's refusal through and stores nothing", async () => {
    const ctx = await brandCtx();
    await expect(analyzeWebsite(ctx, { url: "https://missing.example/" })).rejects.toMatchObject({
      code: "upstream_failed",
    });
    expect((await searchSite(ctx, { query: "missing" })).hits).toEqual([]);
  });
});
