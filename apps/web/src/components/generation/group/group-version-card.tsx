import type { Brand } from "@smm/domain/web";
import { PencilIcon, ThumbsUpIcon } from "lucide-react";

import {
  CardSkeleton,
  GenerationFailures,
  PostLoadError,
  ReviewOutcome,
} from "@/components/generation/generated-post-parts";
import { GenerationProgress } from "@/components/generation/generation-progress";
import { GeneratedPostPreview } from "@/components/generation/post-preview";
import { ApproveDialog } from "@/components/generation/review-dialogs";
import { TextCounter } from "@/components/generation/text-counter";
import { NetworkIcon } from "@/components/network-icon";
import { PostMediaButton } from "@/components/posts/media-editor/post-media-button";
import { PostStateBadge } from "@/components/posts/post-badges";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { type ChannelsView, channelFor, channelOptions } from "@/lib/channels";

import { useGroupVersion } from "./use-group-version";
import { VersionEditor } from "./version-editor";

/**
 * One channel's version in a group: the network's mark and name, the preview in the network's look, the
 * text's counter ("N / max", the network's way), and its own Edit and Approve. A version over its limit
 * cannot be approved; the counter says why.
 */
export function GroupVersionCard({
  brandId,
  postId,
  brand,
  channels,
}: {
  brandId: string;
  postId: string;
  brand: Brand | null | undefined;
  /** The brand's networks and accounts: the version's tag, handle and limits. */
  channels: ChannelsView | undefined;
}) {
  const version = useGroupVersion(brandId, postId);
  const { post, view, shown } = version;
  const option = post
    ? channelOptions(channels).find((candidate) => candidate.platform === post.platform)
    : undefined;
  const handle = post ? (channelFor(channels, post.platform)?.handle ?? undefined) : undefined;
  const reasonId = `version-limit-${postId}`;

  if (!post || !view || !shown) {
    return (
      <article
        className="rounded-xl border bg-card p-4 shadow-xs"
        data-testid="group-version"
        data-post-id={postId}
      >
        {version.loadError ? (
          <PostLoadError gone={version.gone} message={version.loadError.message} onRetry={version.reload} />
        ) : (
          <CardSkeleton />
        )}
      </article>
    );
  }

  const label = option?.label ?? post.platform;
  const titleId = `version-title-${postId}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 shadow-xs"
      data-testid="group-version"
      data-post-id={postId}
      data-platform={post.platform}
      data-state={post.state}
      data-phase={view.phase}
    >
      <header className="flex flex-wrap items-center gap-2">
        <NetworkIcon platform={post.platform} className="size-5" />
        <h3 id={titleId} className="font-semibold" data-testid="version-network">
          {label}
        </h3>
        {option?.tag ? (
          <Badge variant="outline" className="font-normal text-muted-foreground">
            {option.tag}
          </Badge>
        ) : null}
        <PostStateBadge state={view.phase === "failed" ? "denied" : post.state} className="ml-auto" />
      </header>

      {view.phase === "generating" || view.phase === "failed" ? <GenerationProgress view={view} /> : null}
      <GenerationFailures post={post} view={view} />

      {view.phase !== "failed" ? (
        <GeneratedPostPreview
          post={shown}
          brand={brand}
          handle={handle}
          onReloadImage={version.reload}
          compact
        />
      ) : null}

      {view.phase !== "failed" && (shown.content || version.editing) ? (
        <div className="grid gap-2">
          {version.editing ? (
            <VersionEditor
              label={label}
              value={version.draft}
              error={version.draftError}
              saving={version.saving}
              describedBy={version.textFit?.reason ? reasonId : undefined}
              onChange={version.changeDraft}
              onSave={version.saveEdit}
              onCancel={version.cancelEdit}
            />
          ) : null}
          <div className="flex items-start justify-between gap-3">
            {version.textFit ? (
              <TextCounter
                fit={version.textFit.fit}
                reason={version.textFit.reason}
                note={version.textFit.note}
                reasonId={reasonId}
                testId="version-counter"
              />
            ) : (
              <span />
            )}
            {version.canEdit && !version.editing ? (
              <Button
                variant="ghost"
                size="sm"
                className="h-9 shrink-0"
                onClick={version.startEdit}
                aria-label={`Edit the ${label} text`}
                data-testid="version-edit"
              >
                <PencilIcon aria-hidden="true" />
                Edit
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}

      {view.phase !== "failed" && view.phase !== "generating" && !version.editing ? (
        <PostMediaButton post={post} label="Edit media" className="w-full sm:w-fit" />
      ) : null}

      {option?.needsConnection && post.state === "pending" ? (
        <p className="text-xs text-muted-foreground" data-testid="version-connection-note">
          Approving needs a connected {label} account (Settings &gt; Channels).
        </p>
      ) : null}

      {view.phase !== "failed" ? <ReviewOutcome post={post} /> : null}

      {version.canApprove ? (
        <div className="mt-auto grid gap-1.5">
          <Button
            variant="outline"
            onClick={version.approval.approve}
            disabled={version.approving || version.approveBlocked !== null}
            aria-label={`${version.approval.label} (${label} only)`}
            aria-describedby={version.approveBlocked ? `${reasonId}-blocked` : undefined}
            className="h-auto min-h-10 whitespace-normal"
            data-testid="version-approve"
          >
            <ThumbsUpIcon aria-hidden="true" />
            {version.approval.label}
          </Button>
          {version.approveBlocked ? (
            <p
              id={`${reasonId}-blocked`}
              className="text-xs text-muted-foreground"
              data-testid="version-approve-blocked"
            >
              {version.editing
                ? version.approveBlocked
                : `Can't approve: the ${label} version is over its limit.`}
            </p>
          ) : null}
        </div>
      ) : null}

      <ApproveDialog
        post={post}
        open={version.approval.pickerOpen}
        onOpenChange={version.approval.setPickerOpen}
        onApprove={version.approval.approveAt}
      />
    </article>
  );
}
