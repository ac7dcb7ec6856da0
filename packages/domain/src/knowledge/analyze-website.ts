import { z } from "zod";
import { requireUserBrand, toBrand } from "../brands/brand";
import { updateBrandSettings } from "../brands/update-brand-settings";
import { updateCompanyProfile } from "../brands/update-company-profile";
import type { BrandContext } from "../context";
import { sitePages } from "../db/schema";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import { type AppliedBrandField, brandInfoPatch } from "./apply-brand-info";
import { collapseWhitespace, extractPage, MAX_EXTRACTED_TEXT } from "./extract-page";
import { type AnalyzeWebsiteInput, analyzeWebsiteInput } from "./schemas";
import type { BrandInfo, ExtractedPage, WebsiteAnalysis } from "./types";

export { type AnalyzeWebsiteInput, analyzeWebsiteInput };

const appliedBrandFields = [
  "name",
  "industry",
  "description",
  "targetAudience",
  "tone",
  "keyMessages",
] as const satisfies readonly AppliedBrandField[];

/** What analyzeWebsite answers (API.md): the page's analysis and what it changed in the brand. */
export const analyzeWebsiteResult = z
  .object({
    title: z.string(),
    summary: z.string(),
    keyPoints: z.array(z.string()),
    brandInfo: z
      .object({
        name: z.string(),
        industry: z.string(),
        description: z.string(),
        targetAudience: z.string(),
        tone: z
          .string()
          .meta({ description: 'One of the company-profile tones, or "" when the page gives none.' }),
        keyMessages: z.array(z.string()),
      })
      .meta({ description: "What the page says about the brand; a blank field is one it does not state." }),
    url: z
      .string()
      .meta({ description: "The page's final address (after redirects), under which searchSite finds it." }),
    applied: z.array(z.enum(appliedBrandFields)).meta({
      description:
        "The brand fields the analysis changed (present and different); empty when nothing changed.",
    }),
  })
  .meta({ id: "WebsiteAnalysis" });
export type AnalyzeWebsiteResult = z.infer<typeof analyzeWebsiteResult>;

const text = (value: unknown, max: number): string =>
  typeof value === "string" ? collapseWhitespace(value).slice(0, max) : "";
const texts = (value: unknown, maxEntries: number, max: number): string[] =>
  Array.isArray(value)
    ? value
        .map((entry) => text(entry, max))
        .filter((entry) => entry !== "")
        .slice(0, maxEntries)
    : [];

/** The model's answer is untrusted (the page may try to steer it): only the documented shape, bounded, survives. */
function boundAnalysis(value: WebsiteAnalysis): WebsiteAnalysis {
  const info = (value?.brandInfo ?? {}) as Partial<BrandInfo>;
  return {
    title: text(value?.title, 300),
    summary: text(value?.summary, 2000),
    keyPoints: texts(value?.keyPoints, 10, 300),
    brandInfo: {
      name: text(info.name, 100),
      industry: text(info.industry, 200),
      description: text(info.description, 2000),
      targetAudience: text(info.targetAudience, 500),
      tone: text(info.tone, 40).toLowerCase(),
      keyMessages: texts(info.keyMessages, 10, 300),
    },
  };
}

function plainTextPage(body: string, url: string): ExtractedPage {
  return {
    url,
    title: "",
    description: "",
    keywords: [],
    openGraph: {},
    applicationName: "",
    lang: "",
    headings: [],
    text: collapseWhitespace(body).slice(0, MAX_EXTRACTED_TEXT),
  };
}

/**
 * Reads a public web page (through the SSRF-guarded fetcher), keeps it for searchSite, asks the AI provider
 * what it says about the brand, and applies that brand info by the spec's rule: only the fields that are
 * present and different change (core spec section 5).
 */
export async function analyzeWebsite(
  ctx: BrandContext,
  input: AnalyzeWebsiteInput,
): Promise<AnalyzeWebsiteResult> {
  const { url } = parseInput(analyzeWebsiteInput, input);
  // Another user's brand (or none) fails before anything is fetched.
  await requireUserBrand(ctx.db, ctx.userId, ctx.brandId);

  const fetched = await ctx.web.fetchPage(url);
  const page =
    fetched.contentType === "text/html"
      ? extractPage(fetched.body, fetched.url)
      : plainTextPage(fetched.body, fetched.url);

  const now = ctx.now();
  const title = page.openGraph.title || page.title || null;
  await ctx.db
    .insert(sitePages)
    .values({
      brandId: ctx.brandId,
      url: fetched.url,
      title,
      content: page.text,
      fetchedAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [sitePages.brandId, sitePages.url],
      set: { title, content: page.text, fetchedAt: now, updatedAt: now },
    });

  const analysis = boundAnalysis(await ctx.ai.analyzeWebsite({ page }));

  // Read after the analysis so the comparison is against the brand as it is now.
  const brand = toBrand(await requireUserBrand(ctx.db, ctx.userId, ctx.brandId));
  const patch = brandInfoPatch(brand, analysis.brandInfo);
  if (patch.name !== undefined) await updateBrandSettings(ctx, { name: patch.name });
  if (Object.keys(patch.profile).length > 0) await updateCompanyProfile(ctx, patch.profile);

  return { ...analysis, url: fetched.url, applied: patch.applied };
}

export const analyzeWebsiteUseCase = declareUseCase({
  name: "analyzeWebsite",
  description:
    "Read a public web page (http or https) and return its title, summary, key points and the brand info it states; the brand's fields that are present and different are updated, and the page becomes searchable with searchSite.",
  scope: "brand",
  input: analyzeWebsiteInput,
  output: analyzeWebsiteResult,
  run: analyzeWebsite,
});
