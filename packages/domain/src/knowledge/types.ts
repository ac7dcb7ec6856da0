/** What the website analysis reads from a page and what it answers (API.md: analyzeWebsite). */

export interface PageHeading {
  level: 1 | 2 | 3;
  text: string;
}

/** The readable parts of one HTML page; every string is plain text (tags stripped, entities decoded). */
export interface ExtractedPage {
  url: string;
  title: string;
  /** <meta name="description">. */
  description: string;
  /** <meta name="keywords">, split on commas. */
  keywords: string[];
  /** Open Graph tags (og:title, og:site_name, og:description, og:type...), keyed without the "og:" prefix. */
  openGraph: Record<string, string>;
  /** <meta name="application-name">. */
  applicationName: string;
  /** <html lang>. */
  lang: string;
  headings: PageHeading[];
  /** The main text (the <main> element when it has enough text, else the body), whitespace collapsed. */
  text: string;
}

export interface BrandInfo {
  name: string;
  industry: string;
  description: string;
  targetAudience: string;
  /** One of the company-profile tones, or "" when the page gives no clear signal. */
  tone: string;
  keyMessages: string[];
}

export interface WebsiteAnalysis {
  title: string;
  summary: string;
  keyPoints: string[];
  brandInfo: BrandInfo;
}

export interface WebsiteAnalysisRequest {
  page: ExtractedPage;
}
