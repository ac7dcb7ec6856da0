/**
 * Brand vocabulary and defaults (core spec sections 3 and 5). Pure data: the database schema, the use cases
 * and the web app's forms all import it, so it must not import anything server-only.
 */

/** Languages accepted by the wizard and by generation (core spec section 5). */
export const languageCodes = [
  "en",
  "es",
  "fr",
  "de",
  "it",
  "pt",
  "nl",
  "ru",
  "zh",
  "ja",
  "ko",
  "ar",
] as const;
export type LanguageCode = (typeof languageCodes)[number];

/** The subset offered in the settings screen's language list. */
export const interfaceLanguageCodes = ["en", "es", "fr", "de", "it", "pt", "nl"] as const;

export const languageNames: Record<LanguageCode, string> = {
  en: "English",
  es: "Spanish",
  fr: "French",
  de: "German",
  it: "Italian",
  pt: "Portuguese",
  nl: "Dutch",
  ru: "Russian",
  zh: "Chinese",
  ja: "Japanese",
  ko: "Korean",
  ar: "Arabic",
};

/** `custom` is only reachable through the style picker (a template's or user's own image prompt). */
export const imageStyles = ["professional", "cartoon", "realistic", "custom"] as const;
export type ImageStyle = (typeof imageStyles)[number];

/** What a brand's default image style may be set to (core spec section 5). */
export const brandImageStyles = ["professional", "cartoon", "realistic"] as const;
export type BrandImageStyle = (typeof brandImageStyles)[number];

export const contentTones = ["professional", "casual", "friendly", "humorous", "authoritative"] as const;
export type ContentTone = (typeof contentTones)[number];

export interface WatermarkSettings {
  /** Where the uploaded watermark is kept; URLs handed to the browser are signed from these ids. */
  imageMediaId?: string | null;
  processedImageMediaId?: string | null;
  /** The spec's URL fields, kept for settings migrated from the old product. */
  imageUrl?: string | null;
  processedImageUrl?: string | null;
  /** Percent of the image, 0-100. */
  position: { x: number; y: number };
  /** Percent of the smaller image side, 10-100. */
  size: number;
  /** 0.1-1. */
  opacity: number;
  /** Degrees, 0-360. */
  rotation: number;
  flipHorizontal: boolean;
  flipVertical: boolean;
  /** Colour tolerance of the last background removal (5-100), so the editor reopens where it was left. */
  backgroundRemovalThreshold?: number;
}

/**
 * Brand settings as the spec names them, minus the Facebook page and ad-account fields: page and ad-account
 * ids, names, currency and (encrypted) tokens live in `social_connections`, because tokens must be
 * encrypted at rest and this JSON is sent to the browser.
 */
export interface BrandSettings {
  name: string;
  logo?: string | null;
  primaryColor: string;
  secondaryColor: string;
  accentColor: string;
  watermarkEnabled: boolean;
  defaultLanguage: LanguageCode;
  imageStyle: ImageStyle;
  postPromptOverride?: string | null;
  imagePromptOverride?: string | null;
  watermarkSettings?: WatermarkSettings | null;
}

export const defaultWatermarkSettings: WatermarkSettings = {
  position: { x: 50, y: 50 },
  size: 30,
  opacity: 0.7,
  rotation: 0,
  flipHorizontal: false,
  flipVertical: false,
};

export const defaultBrandSettings: BrandSettings = {
  name: "Your Brand",
  primaryColor: "#3B82F6",
  secondaryColor: "#8B5CF6",
  accentColor: "#10B981",
  watermarkEnabled: true,
  defaultLanguage: "en",
  imageStyle: "professional",
};

/** A new brand's company profile (views.ts's CompanyProfile; typed here without it, which imports this file). */
export const defaultCompanyProfile: {
  description: string;
  industry: string;
  tone: ContentTone;
  targetAudience: string;
  keyMessages: string[];
  doNotMention: string[];
} = {
  description: "",
  industry: "",
  tone: "professional",
  targetAudience: "",
  keyMessages: [],
  doNotMention: [],
};

/** The name a legacy profile's brand gets when its settings carry none (core spec section 4, Brand). */
export const LEGACY_BRAND_NAME = "My Brand";
