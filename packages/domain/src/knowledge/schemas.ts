import { z } from "zod";
import { safeText } from "../text";

export const URL_REQUIRED = "Website URL is required";
export const URL_INVALID = "Please enter a valid website address (http:// or https://)";
export const MAX_URL_LENGTH = 2048;
export const MAX_SEARCH_QUERY_LENGTH = 200;

/** An absolute http(s) URL; the fetcher checks where it points. */
export const analyzeWebsiteInput = z.object({
  url: safeText({ error: URL_REQUIRED })
    .trim()
    .min(1, URL_REQUIRED)
    .max(MAX_URL_LENGTH, `Website URL must be at most ${MAX_URL_LENGTH} characters`)
    .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), URL_INVALID),
});
export type AnalyzeWebsiteInput = z.infer<typeof analyzeWebsiteInput>;

export const searchSiteInput = z.object({
  query: safeText({ error: "Search query is required" })
    .trim()
    .min(1, "Search query is required")
    .max(MAX_SEARCH_QUERY_LENGTH, `Search query must be at most ${MAX_SEARCH_QUERY_LENGTH} characters`),
});
export type SearchSiteInput = z.infer<typeof searchSiteInput>;
