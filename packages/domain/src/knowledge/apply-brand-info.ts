import {
  brandSettingsFieldSchemas,
  companyProfileFieldSchemas,
  type UpdateCompanyProfileInput,
} from "../brands/schemas";
import type { Brand } from "../brands/views";
import type { BrandInfo } from "./types";

export type AppliedBrandField =
  | "name"
  | "industry"
  | "description"
  | "targetAudience"
  | "tone"
  | "keyMessages";

export interface BrandInfoPatch {
  name?: string;
  profile: UpdateCompanyProfileInput;
  /** The fields that change, in a stable order. */
  applied: AppliedBrandField[];
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((entry, i) => entry === b[i]);

/**
 * Core spec section 5: a brand-info update from website analysis changes only fields that are present and
 * different. "Present" means non-blank after trimming (a non-empty list for key messages) and valid by the
 * field's own rule (the brand schemas, shared with the forms); "different" compares the normalised value with
 * the stored one. Anything else leaves the stored value alone.
 */
export function brandInfoPatch(brand: Brand, info: Partial<BrandInfo>): BrandInfoPatch {
  const patch: BrandInfoPatch = { profile: {}, applied: [] };

  const name = brandSettingsFieldSchemas.name.safeParse(info.name);
  if (typeof info.name === "string" && info.name.trim() !== "" && name.success && name.data !== brand.name) {
    patch.name = name.data;
    patch.applied.push("name");
  }

  const profile = brand.companyProfile;
  for (const field of ["industry", "description", "targetAudience"] as const) {
    const value = info[field];
    if (typeof value !== "string" || value.trim() === "") continue;
    const parsed = companyProfileFieldSchemas[field].safeParse(value);
    if (!parsed.success || parsed.data === profile[field]) continue;
    patch.profile[field] = parsed.data;
    patch.applied.push(field);
  }

  const tone = companyProfileFieldSchemas.tone.safeParse(info.tone);
  if (tone.success && tone.data !== profile.tone) {
    patch.profile.tone = tone.data;
    patch.applied.push("tone");
  }

  if (Array.isArray(info.keyMessages)) {
    const parsed = companyProfileFieldSchemas.keyMessages.safeParse(info.keyMessages);
    if (parsed.success && parsed.data.length > 0 && !sameList(parsed.data, profile.keyMessages)) {
      patch.profile.keyMessages = parsed.data;
      patch.applied.push("keyMessages");
    }
  }
  return patch;
}
