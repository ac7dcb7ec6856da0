import { FieldError } from "@/components/field-error";
import { Textarea } from "@/components/ui/textarea";

import type { MediaDraft } from "./use-media-draft";

/** setPostMedia's limit on a first comment. */
export const MAX_FIRST_COMMENT = 2_200;

/**
 * The optional first comment (hashtags, a link), offered when the post's network takes one: a comment
 * under the post (Facebook, Instagram) or the first reply of its thread (Bluesky, Mastodon, Threads).
 */
export function FirstCommentField({ draft, postId }: { draft: MediaDraft; postId: string }) {
  const mode = draft.firstCommentMode;
  if (!mode || draft.locked) return null;
  const id = `first-comment-${postId}`;
  const error = draft.error?.field === "firstComment" ? draft.error.message : null;
  const count = draft.firstComment.length;
  return (
    <div className="grid gap-2" data-testid="first-comment-field">
      <label htmlFor={id} className="text-sm font-medium">
        First comment {mode === "reply" && <span className="font-normal">(posted as a reply)</span>}{" "}
        <span className="font-normal text-muted-foreground">(optional)</span>
      </label>
      <Textarea
        id={id}
        value={draft.firstComment}
        onChange={(event) => draft.setFirstComment(event.target.value)}
        rows={3}
        maxLength={MAX_FIRST_COMMENT}
        placeholder="#hashtags, a link, a thank-you…"
        aria-label={mode === "reply" ? "First comment, posted as a reply" : "First comment"}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        aria-invalid={error ? true : undefined}
        data-testid="first-comment-input"
      />
      <p id={`${id}-hint`} className="flex justify-between gap-2 text-xs text-muted-foreground">
        <span>
          {mode === "reply"
            ? "Posted as the first reply right after the post goes out."
            : "Posted as a comment right after the post goes out."}
        </span>
        <span className="tabular-nums">
          {count.toLocaleString()} / {MAX_FIRST_COMMENT.toLocaleString()}
        </span>
      </p>
      <FieldError id={`${id}-error`} message={error} testId="first-comment-error" />
    </div>
  );
}
