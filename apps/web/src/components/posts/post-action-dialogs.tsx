import { BanIcon, SendIcon, Trash2Icon } from "lucide-react";

import { ApproveDialog, DenyDialog } from "@/components/generation/review-dialogs";
import type { PostView } from "@/lib/posts";

import { platformLabel } from "./post-badges";
import { ConfirmDialog, EditPostDialog, ScheduleDialog } from "./post-dialogs";
import type { PostCardActions } from "./use-post-card-actions";

/**
 * The dialog the post card's bar has open: approve with a date, deny, edit, schedule, post now, cancel or
 * delete. Post now asks first: it publishes at once and a published post cannot be taken back from here.
 */
export function PostActionDialogs({ post, bar }: { post: PostView; bar: PostCardActions }) {
  return (
    <>
      {bar.dialog === "approve" && (
        <ApproveDialog post={post} open onOpenChange={bar.closeDialog} onApprove={bar.approveAt} />
      )}
      {bar.dialog === "deny" && <DenyDialog open onOpenChange={bar.closeDialog} onDeny={bar.deny} />}
      {bar.dialog === "edit" && (
        <EditPostDialog post={post} open onOpenChange={bar.closeDialog} onSave={bar.save} />
      )}
      {bar.dialog === "schedule" && (
        <ScheduleDialog post={post} open onOpenChange={bar.closeDialog} onSchedule={bar.schedule} />
      )}
      {bar.dialog === "publish" && (
        <ConfirmDialog
          open
          onOpenChange={bar.closeDialog}
          title="Post this now?"
          description={`It is published to ${platformLabel(post.platform)} right away. A published post cannot be taken back from here.`}
          confirmLabel="Post now"
          cancelLabel="Not now"
          tone="default"
          icon={<SendIcon aria-hidden="true" />}
          testId="publish-post-dialog"
          onConfirm={bar.publish}
        />
      )}
      {bar.dialog === "cancel" && (
        <ConfirmDialog
          open
          onOpenChange={bar.closeDialog}
          title="Cancel this scheduled post?"
          description="It will not go out. The post moves to Denied, and you can re-approve it later."
          confirmLabel="Cancel post"
          icon={<BanIcon aria-hidden="true" />}
          testId="cancel-post-dialog"
          onConfirm={bar.cancel}
        />
      )}
      {bar.dialog === "delete" && (
        <ConfirmDialog
          open
          onOpenChange={bar.closeDialog}
          title="Delete this post?"
          description="The post is removed for good. This cannot be undone."
          confirmLabel="Delete"
          icon={<Trash2Icon aria-hidden="true" />}
          testId="delete-post-dialog"
          onConfirm={bar.remove}
        />
      )}
    </>
  );
}
