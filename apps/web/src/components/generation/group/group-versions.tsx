import type { Brand } from "@smm/domain/web";

import { useChannels } from "@/lib/channels";

import { GroupVersionCard } from "./group-version-card";

/** Every channel's version side by side (as many columns as fit; stacked on a phone). */
export function GroupVersions({
  brandId,
  postIds,
  brand,
}: {
  brandId: string;
  postIds: string[];
  brand: Brand | null;
}) {
  const channels = useChannels(brandId).data;
  return (
    <section aria-labelledby="group-versions-title" className="grid gap-3" data-testid="group-versions">
      <h2 id="group-versions-title" className="text-base font-semibold">
        Versions
      </h2>
      <div className="grid items-start gap-4 sm:grid-cols-[repeat(auto-fit,minmax(18rem,1fr))]">
        {postIds.map((postId) => (
          <GroupVersionCard
            key={postId}
            brandId={brandId}
            postId={postId}
            brand={brand}
            channels={channels}
          />
        ))}
      </div>
    </section>
  );
}
