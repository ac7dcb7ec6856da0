import { SaveIcon } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import type { PostView } from "@/lib/posts";

import { FirstCommentField } from "./first-comment-field";
import { MediaEditor } from "./media-editor";
import { useMediaDraft } from "./use-media-draft";

/** The media editor on its own (a generated post's card): media, format and first comment, one Save. */
export function MediaEditorForm({ post, onClose }: { post: PostView; onClose: () => void }) {
  const draft = useMediaDraft(post, post.brandId);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft.dirty) {
      onClose();
      return;
    }
    setSaving(true);
    try {
      await draft.save();
      toast.success("Post updated", { duration: 2_000 });
      onClose();
    } catch {
      // Said inline next to the media or the first comment; everything stays for another try.
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-5" noValidate data-testid="media-editor-form">
      <MediaEditor draft={draft} brandId={post.brandId} />
      <FirstCommentField draft={draft} postId={post.id} />
      <DialogFooter className="sticky -bottom-4 z-10 -mx-4 -mb-4 flex-row justify-end gap-2 border-t bg-background px-4 py-3 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6">
        <Button type="button" variant="outline" className="h-10" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" className="h-10" disabled={saving} data-testid="media-editor-save">
          <SaveIcon aria-hidden="true" />
          {saving ? "Saving..." : "Save"}
        </Button>
      </DialogFooter>
    </form>
  );
}
