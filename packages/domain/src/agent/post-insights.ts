import type { SocialNetwork } from "../ports";

/** A published post's numbers as the network reports them. */
export interface PostInsight {
  externalId: string;
  reach: number;
  /** Reactions, comments, shares and clicks together. */
  engagement: number;
}

/**
 * An optional part of the SocialNetwork port: networks that report post insights implement it (the sandbox
 * network does, with deterministic numbers). Kept beside the agent rather than in ports.ts while the Meta
 * adapter is being written, so the Meta work can adopt it without a conflicting port change.
 */
export interface PostInsightsSource {
  readPostInsights(request: {
    userId: string;
    brandId: string;
    externalIds: string[];
  }): Promise<PostInsight[]>;
}

export function insightsSourceOf(social: SocialNetwork): PostInsightsSource | null {
  const candidate = social as SocialNetwork & Partial<PostInsightsSource>;
  return typeof candidate.readPostInsights === "function"
    ? { readPostInsights: candidate.readPostInsights.bind(social) }
    : null;
}
