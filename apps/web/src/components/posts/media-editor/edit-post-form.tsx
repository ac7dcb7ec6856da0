import { POST_CONTENT_EMPTY } from "@smm/domain/web";
import { SaveIcon } from "lucide-react";
import { type FormEvent, useState } from "react";

import { FieldError } from "@/components/field-error";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import type { PostView } from "@/lib/posts";

import { FirstCommentField } from "./first-comment-field";
import { MediaEditor } from "./media-editor";
import { useMediaDraft } from "./use-media-draft";

/**
 * The post editor's body: the message, the media (format, order, alt text, covers, crops) and the first
 * comment, saved with one Save. Empty text is refused inline, nothing changed just closes, and a refusal
 * (the network's limits, the server's answer) keeps the dialog open with everything typed.
 */
export function EditPostForm({
  post,
  onSave,
  onClose,
}: {
  post: PostView;
  /** Saves the text; resolves when the server saved it, rejects to keep the dialog open. */
  onSave: (content: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const brandId = post.brandId;
  const draft = useMediaDraft(post, brandId);
  const [text, setText] = useState(post.content);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) {
      setError(POST_CONTENT_EMPTY);
      return;
    }
    const textChanged = trimmed !== post.content.trim();
    if (!textChanged && !draft.dirty) {
      onClose();
      return;
    }
    setSaving(true);
    try {
      if (draft.dirty) await draft.save();
      if (textChanged) await onSave(trimmed);
      onClose();
    } catch {
      // Said inline (media, first comment) or by the toast (text); what was typed stays for another try.
    } finally {
      setSaving(false);
    }
  }

  const textId = `edit-post-${post.id}`;
  return (
    <form onSubmit={submit} className="grid gap-5" noValidate data-testid="edit-post-form">
      <div className="grid gap-2">
        <Label htmlFor={textId}>Message</Label>
        <Textarea
          id={textId}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          rows={6}
          className="max-h-[40dvh]"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${textId}-error` : undefined}
          data-testid="edit-post-text"
        />
        <FieldError id={`${textId}-error`} message={error} testId="edit-post-error" />
      </div>
      <MediaEditor draft={draft} brandId={brandId} />
      <FirstCommentField draft={draft} postId={post.id} />
      <DialogFooter className="sticky -bottom-4 z-10 -mx-4 -mb-4 flex-row justify-end gap-2 border-t bg-background px-4 py-3 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6">
        <Button type="button" variant="outline" className="h-10" onClick={onClose}>
          Cancel
        </Button>
        <Button
          type="submit"
          className="h-10"
          // The spec: Save is disabled while the text is empty (spaces count as empty).
          disabled={saving || text.trim() === ""}
          data-testid="edit-post-save"
        >
          <SaveIcon aria-hidden="true" />
          {saving ? "Saving..." : "Save"}
        </Button>
      </DialogFooter>
    </form>
  );
}
