import type { BrandContext, UserContext } from "@smm/domain/context";

/** What every tool acts as: the caller, and the brand a brand-scoped call acts on. */
export interface ToolContext {
  user: UserContext;
  /**
   * The brand named by the call (a script's X-Brand-Id), else the active brand at the moment of the call:
   * read per call, so a switchBrand earlier in the same chat turn is followed.
   */
  brand(): Promise<BrandContext>;
}
