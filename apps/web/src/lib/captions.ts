import type { CaptionFromImageInput, CaptionFromImageResult } from "@smm/domain/web";

import { call, callOptions, client } from "@/lib/api";

export type { CaptionFromImageResult };

/** POST /api/captions: one uploaded image turned into a pending post with its caption. */
export function captionImage(
  brandId: string,
  body: CaptionFromImageInput,
  signal?: AbortSignal,
): Promise<CaptionFromImageResult> {
  return call(client.api.captions.$post({ json: body }, callOptions({ brandId, signal })));
}
