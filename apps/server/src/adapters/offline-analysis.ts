import type { ContentTone } from "@smm/domain/brands";
import type { ExtractedPage, WebsiteAnalysis, WebsiteAnalysisRequest } from "@smm/domain/knowledge";

/**
 * The offline model's website analysis: deterministic rules over the page's own tags (Open Graph, meta,
 * title, headings). A field the page gives no clear signal for is left empty, so applying the result never
 * overwrites a brand fact with a guess.
 */

const MAX_SUMMARY = 500;
const MAX_POINTS = 5;

const INDUSTRIES: [industry: string, keywords: string[]][] = [
  [
    "Food & Beverage",
    ["coffee", "café", "cafe", "restaurant", "bakery", "food", "roastery", "brewery", "wine", "tea"],
  ],
  ["Technology", ["software", "saas", "cloud", "app", "platform", "developer", "api", "ai", "data", "tech"]],
  ["E-commerce & Retail", ["shop", "store", "retail", "ecommerce", "e-commerce", "boutique", "marketplace"]],
  ["Health & Wellness", ["health", "wellness", "clinic", "fitness", "yoga", "medical", "dental", "therapy"]],
  ["Finance", ["bank", "finance", "financial", "insurance", "investment", "accounting", "fintech"]],
  [
    "Education",
    ["school", "education", "course", "courses", "learning", "academy", "university", "training"],
  ],
  ["Travel & Hospitality", ["travel", "hotel", "tour", "tours", "booking", "hospitality", "vacation"]],
  ["Real Estate", ["real estate", "property", "properties", "apartment", "homes", "realtor"]],
  ["Marketing & Media", ["marketing", "agency", "advertising", "media", "branding", "seo"]],
  ["Fashion & Beauty", ["fashion", "clothing", "apparel", "beauty", "cosmetics", "skincare", "jewelry"]],
];

const AUTHORITATIVE = [
  "leading",
  "expert",
  "experts",
  "certified",
  "trusted",
  "industry-leading",
  "award-winning",
];
const CASUAL = ["hey", "awesome", "cool", "stuff", "gonna", "yay", "lol"];
const HUMOROUS = ["funny", "hilarious", "joke", "jokes", "laugh", "silly"];

const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];

function sentences(text: string, max: number): string[] {
  const found = text.match(/[^.!?]{20,300}[.!?]/g) ?? [];
  return found.map((s) => s.trim()).slice(0, max);
}

const squash = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/** The site's name: og:site_name, application-name, else the title segment that matches the host name. */
function brandName(page: ExtractedPage): string {
  const declared = page.openGraph.site_name || page.applicationName;
  if (declared) return declared.slice(0, 100);
  const segments = page.title
    .split(/\s+[|–—·:-]\s+/)
    .map((s) => s.trim())
    .filter((s) => s !== "");
  let host = "";
  try {
    host = squash(new URL(page.url).hostname.replace(/^www\./, "").split(".")[0] ?? "");
  } catch {
    host = "";
  }
  const matching = segments.find(
    (s) => host !== "" && (host.includes(squash(s)) || squash(s).includes(host)),
  );
  return (matching ?? (segments.length > 1 ? "" : (segments[0] ?? ""))).slice(0, 100);
}

function industry(page: ExtractedPage, bag: Set<string>, text: string): string {
  let best: { name: string; score: number } = { name: "", score: 0 };
  for (const [name, keywords] of INDUSTRIES) {
    const score = keywords.filter((k) => (k.includes(" ") ? text.includes(k) : bag.has(k))).length;
    if (score > best.score) best = { name, score };
  }
  if (best.score > 0) return best.name;
  return page.openGraph.type === "restaurant.restaurant" ? "Food & Beverage" : "";
}

/** "for small businesses", "helps families ..." in the description or the headings. */
function targetAudience(texts: string[]): string {
  for (const text of texts) {
    const match = text.match(
      /\b(?:for|helps?|serving|built for|designed for|made for)\s+((?:busy |small |local |modern |young )?[\p{L}][\p{L}\s&-]{2,60}?)(?=[.,;:!?]|$| who| that| to| with| and| in)/iu,
    );
    const audience = match?.[1]?.trim();
    if (
      audience &&
      words(audience).length <= 8 &&
      !/^(the|a|an|you|your|our|free|more|less)$/i.test(audience)
    )
      return audience.charAt(0).toUpperCase() + audience.slice(1);
  }
  return "";
}

function tone(text: string, bag: string[]): ContentTone | "" {
  const count = (list: string[]) => bag.filter((w) => list.includes(w)).length;
  const exclamations = (text.match(/!/g) ?? []).length;
  if (count(HUMOROUS) >= 2) return "humorous";
  if (count(CASUAL) >= 2) return "casual";
  if (exclamations >= 3 && bag.filter((w) => w === "you" || w === "your").length >= 3) return "friendly";
  if (count(AUTHORITATIVE) >= 2) return "authoritative";
  return "";
}

export function analyzeWebsiteOffline({ page }: WebsiteAnalysisRequest): WebsiteAnalysis {
  const description = page.description || page.openGraph.description || sentences(page.text, 2).join(" ");
  const headingTexts = page.headings.map((h) => h.text);
  const corpus = [page.title, description, ...headingTexts, page.keywords.join(" "), page.text.slice(0, 5000)]
    .join(" ")
    .toLowerCase();
  const bag = words(corpus);
  const keyMessages = [
    ...new Set(
      page.headings
        .filter((h) => h.level <= 2 && h.text.length >= 3 && h.text.length <= 120)
        .map((h) => h.text),
    ),
  ].slice(0, MAX_POINTS);
  const keyPoints = [
    ...new Set(
      (page.headings.length > 1
        ? headingTexts.filter((t) => t.length >= 3)
        : sentences(page.text, MAX_POINTS)
      ).slice(0, MAX_POINTS),
    ),
  ];
  return {
    title: page.openGraph.title || page.title,
    summary: (description || sentences(page.text, 2).join(" ")).slice(0, MAX_SUMMARY),
    keyPoints,
    brandInfo: {
      name: brandName(page),
      industry: industry(page, new Set(bag), corpus),
      description: description.slice(0, 2000),
      targetAudience: targetAudience([description, ...headingTexts]),
      tone: tone(`${description} ${headingTexts.join(" ")} ${page.text.slice(0, 5000)}`, bag),
      keyMessages,
    },
  };
}
