import { type PostPlatform, platformLabels } from "@smm/domain/web";
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  CircleAlertIcon,
  ExternalLinkIcon,
  Loader2Icon,
  SquarePenIcon,
  Trash2Icon,
  WandSparklesIcon,
} from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";

import { NetworkIcon } from "@/components/network-icon";
import { PostCard } from "@/components/posts/post-card";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { ApiError, hasApiReason } from "@/lib/api";
import { formatDateTime } from "@/lib/generation";
import { type LibraryItem, useDeleteMedia, useUpdateMedia, useWriteAltText } from "@/lib/media-library";
import {
  altTextCount,
  createPostHref,
  deleteConsequence,
  formatBytes,
  formatDimensions,
  formatDuration,
  MAX_ALT_TEXT_LENGTH,
  mediaChanges,
  mediaUseLabel,
} from "@/lib/media-logic";
import { usePost } from "@/lib/posts";
import { cn } from "@/lib/utils";

const SAVE_FAILED = "Failed to save the changes";
const DELETE_FAILED = "Failed to delete the file";
const ALT_TEXT_FAILED = "Failed to write alt text";
const ERROR_TOAST_MS = 4_000;

const stateTone = {
  draft: "border-border text-muted-foreground",
  scheduled: "border-sky-600/40 bg-sky-500/10 text-sky-700 dark:text-sky-300",
  published: "border-success/40 bg-success/10 text-success",
} as const;

/** The larger preview: the picture whole (contained), or the video with the player's controls. */
function Preview({ item }: { item: LibraryItem }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (item.type === "video")
    return (
      // biome-ignore lint/a11y/useMediaCaption: the brand's own uploads carry no caption tracks.
      <video
        key={item.id}
        src={item.url}
        poster={item.thumbnailUrl}
        controls
        playsInline
        preload="metadata"
        className="max-h-[40dvh] w-full bg-black object-contain md:max-h-[70dvh]"
        data-testid="library-details-video"
      />
    );
  if (failed === item.url)
    return (
      <p className="p-6 text-sm text-muted-foreground" data-testid="library-details-broken">
        The preview could not be loaded. Close and open the file again for a fresh link.
      </p>
    );
  return (
    <img
      src={item.url}
      alt={item.altText ?? ""}
      onError={() => setFailed(item.url)}
      className="max-h-[40dvh] w-full object-contain md:max-h-[70dvh]"
      data-testid="library-details-image"
    />
  );
}

function Facts({ item }: { item: LibraryItem }) {
  const rows: [string, string | null][] = [
    ["Type", `${item.type === "video" ? "Video" : "Image"} (${item.mimeType})`],
    ["Source", item.kind === "generated" ? "Generated" : "Uploaded"],
    ["Size", formatBytes(item.byteSize)],
    ["Dimensions", formatDimensions(item.width, item.height)],
    ["Duration", item.type === "video" ? formatDuration(item.durationMs) : null],
    ["Added", formatDateTime(item.createdAt)],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm" data-testid="library-facts">
      {rows
        .filter((row): row is [string, string] => Boolean(row[1]))
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd
              className="min-w-0 break-words tabular-nums"
              data-testid={`library-fact-${label.toLowerCase()}`}
            >
              {value}
            </dd>
          </div>
        ))}
    </dl>
  );
}

/** A post that uses the file, opened on top of the library: its card with its actions. */
function UsedPostDialog({
  brandId,
  postId,
  onClose,
}: {
  brandId: string;
  postId: string | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={postId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="flex max-h-[90dvh] flex-col gap-4 overflow-hidden p-0 sm:max-w-xl"
        data-testid="library-post-dialog"
      >
        <DialogHeader className="px-4 pt-4 pr-14 text-left sm:px-6 sm:pt-6">
          <DialogTitle>Post Details</DialogTitle>
          <DialogDescription>The post that uses this file, with the actions it allows.</DialogDescription>
        </DialogHeader>
        <div className="min-h-0 overflow-y-auto px-4 pb-4 sm:px-6 sm:pb-6">
          {postId && <UsedPost brandId={brandId} postId={postId} />}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function UsedPost({ brandId, postId }: { brandId: string; postId: string }) {
  const query = usePost(brandId, postId);
  if (query.data)
    return <PostCard post={query.data} brandId={brandId} variant="full" className="border-0 p-0" />;
  if (query.isError)
    return (
      <p className="text-sm text-muted-foreground" role="alert">
        {query.error instanceof ApiError && query.error.status === 404
          ? "This post was deleted."
          : "Could not load this post. Close this and try again."}
      </p>
    );
  return (
    <div className="space-y-3" role="status" aria-label="Loading the post">
      <Skeleton className="h-5 w-1/3" />
      <Skeleton className="aspect-[4/3] w-full" />
      <Skeleton className="h-4 w-2/3" />
    </div>
  );
}

function UsedIn({ item, onOpenPost }: { item: LibraryItem; onOpenPost: (postId: string) => void }) {
  return (
    <section className="space-y-2" aria-labelledby="media-used-in-title">
      <h3 id="media-used-in-title" className="text-sm font-medium">
        Used in{" "}
        {item.usedBy.length > 0 && <span className="text-muted-foreground">({item.usedBy.length})</span>}
      </h3>
      {item.usedBy.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="library-used-in-none">
          No post uses this file yet.
        </p>
      ) : (
        <ul className="divide-y rounded-md border" data-testid="library-used-in">
          {item.usedBy.map((use) => (
            <li key={use.postId}>
              <button
                type="button"
                onClick={() => onOpenPost(use.postId)}
                className="flex min-h-11 w-full items-center gap-2 px-3 py-2 text-left text-sm outline-none hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset"
                aria-label={`Open the ${platformLabels[use.platform as PostPlatform] ?? use.platform} post (${mediaUseLabel[use.state]})`}
                data-testid="library-use"
                data-post-id={use.postId}
                data-state={use.state}
              >
                <NetworkIcon platform={use.platform as PostPlatform} className="size-4 shrink-0" />
                <span className="min-w-0 flex-1 truncate">
                  {platformLabels[use.platform as PostPlatform] ?? use.platform} post
                  {use.scheduledDate && use.state !== "draft" && (
                    <span className="text-muted-foreground"> · {formatDateTime(use.scheduledDate)}</span>
                  )}
                </span>
                <Badge variant="outline" className={stateTone[use.state]}>
                  {mediaUseLabel[use.state]}
                </Badge>
                <ExternalLinkIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Delete, confirmed; the server's refusal (a scheduled post uses it) is shown in the dialog itself. */
function DeleteDialog({
  item,
  brandId,
  open,
  onOpenChange,
  onDeleted,
}: {
  item: LibraryItem;
  brandId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteMedia(brandId);
  const [refusal, setRefusal] = useState<string | null>(null);
  function confirm() {
    setRefusal(null);
    remove.mutate(item.id, {
      onSuccess: () => {
        toast.success(`Deleted ${item.name}`, { duration: 2_000 });
        onOpenChange(false);
        onDeleted();
      },
      onError: (error) => {
        if (hasApiReason(error, "media_in_use")) {
          setRefusal(error.message);
          return;
        }
        const message = error instanceof ApiError && error.message ? error.message : DELETE_FAILED;
        setRefusal(message);
        toast.error(DELETE_FAILED, { duration: ERROR_TOAST_MS });
      },
    });
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setRefusal(null);
        onOpenChange(next);
      }}
    >
      <DialogContent data-testid="library-delete-dialog">
        <DialogHeader>
          <DialogTitle>Delete this file?</DialogTitle>
          <DialogDescription>
            “{item.name}”. {deleteConsequence(item.usedBy)}
          </DialogDescription>
        </DialogHeader>
        {refusal && (
          <Alert variant="destructive" data-testid="library-delete-error">
            <CircleAlertIcon aria-hidden="true" />
            <AlertTitle>The file was not deleted</AlertTitle>
            <AlertDescription>{refusal}</AlertDescription>
          </Alert>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {refusal ? "Close" : "Cancel"}
          </Button>
          <Button
            variant="destructive"
            onClick={confirm}
            disabled={remove.isPending}
            data-testid="library-delete-confirm"
          >
            {remove.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The editable part: name and alt text, saved together; the draft is kept on a failed save. */
function EditForm({
  item,
  brandId,
  canWriteAltText,
}: {
  item: LibraryItem;
  brandId: string;
  canWriteAltText: boolean;
}) {
  const update = useUpdateMedia(brandId);
  const writeAlt = useWriteAltText(brandId);
  const [name, setName] = useState(item.name);
  const [altText, setAltText] = useState(item.altText ?? "");
  const [error, setError] = useState<string | null>(null);
  const nameId = useId();
  const altId = useId();
  const count = altTextCount(altText);
  const changes = mediaChanges(item, { name, altText });
  const nameEmpty = name.trim() === "";
  const canSave = Boolean(changes) && !count.over && !nameEmpty && !update.isPending;

  function save() {
    if (!changes || !canSave) return;
    setError(null);
    update.mutate(
      { mediaId: item.id, ...changes },
      {
        onSuccess: (saved) => {
          setName(saved.name);
          setAltText(saved.altText ?? "");
          toast.success("Changes saved", { duration: 2_000 });
        },
        onError: (failure) => {
          const message =
            failure instanceof ApiError ? (failure.issues?.[0]?.message ?? failure.message) : SAVE_FAILED;
          setError(message || SAVE_FAILED);
          toast.error(SAVE_FAILED, { duration: ERROR_TOAST_MS });
        },
      },
    );
  }

  function writeAltText() {
    setError(null);
    writeAlt.mutate(
      { mediaIds: [item.id], overwrite: true },
      {
        onSuccess: (answer) => {
          const drafted = answer.items.find((entry) => entry.mediaId === item.id);
          if (drafted) setAltText(drafted.altText);
          toast.success(
            answer.model === "offline" ? "Alt text written (Offline model)" : "Alt text written",
            { duration: 2_000 },
          );
        },
        onError: (failure) => {
          const message = failure instanceof ApiError && failure.message ? failure.message : ALT_TEXT_FAILED;
          setError(message);
          toast.error(ALT_TEXT_FAILED, { duration: ERROR_TOAST_MS });
        },
      },
    );
  }

  function saveOnShortcut(event: KeyboardEvent) {
    if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      save();
    }
  }

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      data-testid="library-edit-form"
    >
      <div className="space-y-1.5">
        <Label htmlFor={nameId}>Name</Label>
        <Input
          id={nameId}
          value={name}
          maxLength={255}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={nameEmpty || undefined}
          aria-describedby={nameEmpty ? `${nameId}-error` : undefined}
          data-testid="library-name-input"
        />
        {nameEmpty && (
          <p id={`${nameId}-error`} className="text-xs text-destructive">
            A name cannot be empty.
          </p>
        )}
      </div>
      {item.type === "image" && (
        <div className="space-y-1.5">
          <div className="flex items-end justify-between gap-2">
            <Label htmlFor={altId}>Alt text</Label>
            {canWriteAltText && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={writeAltText}
                disabled={writeAlt.isPending}
                data-testid="library-write-alt"
              >
                {writeAlt.isPending ? (
                  <Loader2Icon className="animate-spin" aria-hidden="true" />
                ) : (
                  <WandSparklesIcon aria-hidden="true" />
                )}
                {writeAlt.isPending ? "Writing…" : "Write alt text"}
              </Button>
            )}
          </div>
          <Textarea
            id={altId}
            value={altText}
            onChange={(event) => setAltText(event.target.value)}
            onKeyDown={saveOnShortcut}
            rows={4}
            placeholder="Describe what the image shows, for people who use screen readers."
            aria-invalid={count.over || undefined}
            aria-describedby={`${altId}-count`}
            className="max-h-48"
            data-testid="library-alt-input"
          />
          <p
            id={`${altId}-count`}
            className={cn(
              "flex justify-between gap-2 text-xs",
              count.over ? "text-destructive" : "text-muted-foreground",
            )}
          >
            <span>
              {count.over
                ? `Alt text is at most ${MAX_ALT_TEXT_LENGTH.toLocaleString("en-US")} characters.`
                : "Sent with the image to the networks that take it."}
            </span>
            <span className="shrink-0 tabular-nums" data-testid="library-alt-count">
              {count.label}
            </span>
          </p>
        </div>
      )}
      {error && (
        <p
          className="flex items-start gap-1.5 text-sm text-destructive"
          role="alert"
          data-testid="library-edit-error"
        >
          <CircleAlertIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          {error}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={!canSave} data-testid="library-save">
          {update.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          Save changes
        </Button>
      </div>
    </form>
  );
}

/** One file of the library: the larger preview, its details (name and alt text editable), its uses, actions. */
export function MediaDetailsDialog({
  item,
  brandId,
  position,
  total,
  canWriteAltText,
  onClose,
  onStep,
}: {
  item: LibraryItem | null;
  brandId: string;
  position: number;
  total: number;
  canWriteAltText: boolean;
  onClose: () => void;
  onStep: (delta: number) => void;
}) {
  const [deleting, setDeleting] = useState(false);
  const [postId, setPostId] = useState<string | null>(null);

  // ←/→ go to the previous / next file, unless the focus is in a field (where they move the caret).
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const target = event.target as HTMLElement;
    if (target.closest("input, textarea, video, [contenteditable='true']")) return;
    event.preventDefault();
    onStep(event.key === "ArrowRight" ? 1 : -1);
  }

  const facts = item
    ? [
        item.type === "video" ? "Video" : "Image",
        formatDimensions(item.width, item.height),
        item.type === "video" ? formatDuration(item.durationMs) : null,
        formatBytes(item.byteSize),
      ]
        .filter(Boolean)
        .join(" · ")
    : "";

  return (
    <>
      <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
        <DialogContent
          className="flex h-[100dvh] max-h-[100dvh] w-full max-w-full flex-col gap-0 overflow-hidden rounded-none p-0 sm:h-auto sm:max-h-[calc(100dvh-2rem)] sm:max-w-[calc(100%-2rem)] sm:rounded-lg lg:max-w-5xl"
          onKeyDown={onKeyDown}
          data-testid="library-details-dialog"
          data-media-id={item?.id}
        >
          {item && (
            <>
              <DialogHeader className="border-b py-3 pr-14 pl-4 text-left sm:pl-6">
                <div className="flex min-w-0 items-center gap-2">
                  <div className="min-w-0 flex-1">
                    <DialogTitle className="truncate" data-testid="library-details-title">
                      {item.name}
                    </DialogTitle>
                    <DialogDescription className="truncate">{facts}</DialogDescription>
                  </div>
                  <div className="flex shrink-0 items-center gap-1">
                    {/* aria-disabled, not disabled: a button that turns disabled drops the focus out of the dialog. */}
                    <Button
                      variant="ghost"
                      size="icon"
                      onClick={() => position > 0 && onStep(-1)}
                      aria-disabled={position <= 0}
                      className="aria-disabled:opacity-40"
                      aria-label="Previous file"
                      aria-keyshortcuts="ArrowLeft"
                      data-testid="library-details-prev"
                    >
                      <ChevronLeftIcon aria-hidden="true" />
                    </Button>
                    <span className="hidden text-xs text-muted-foreground tabular-nums sm:inline">
                      {position + 1} / {total}
                    </span>
                    <Button
                      variant="ghost"
                      size="icon"
                      onClick={() => position < total - 1 && onStep(1)}
                      aria-disabled={position >= total - 1}
                      className="aria-disabled:opacity-40"
                      aria-label="Next file"
                      aria-keyshortcuts="ArrowRight"
                      data-testid="library-details-next"
                    >
                      <ChevronRightIcon aria-hidden="true" />
                    </Button>
                  </div>
                </div>
              </DialogHeader>
              <div className="grid min-h-0 flex-1 overflow-y-auto md:grid-cols-[minmax(0,1.35fr)_minmax(0,1fr)] md:overflow-hidden">
                <div className="flex items-center justify-center bg-muted/60 md:min-h-0 md:overflow-hidden dark:bg-black/40">
                  <Preview key={item.id} item={item} />
                </div>
                {/* The bottom padding lets the actions scroll clear of the round assistant button. */}
                <div className="space-y-6 p-4 pb-24 sm:p-6 sm:pb-24 md:min-h-0 md:overflow-y-auto">
                  <EditForm key={item.id} item={item} brandId={brandId} canWriteAltText={canWriteAltText} />
                  <Facts item={item} />
                  <UsedIn item={item} onOpenPost={setPostId} />
                  <div className="flex flex-col gap-2 border-t pt-4 sm:flex-row sm:justify-between">
                    <Button asChild variant="secondary" data-testid="library-use-in-post">
                      <Link to={createPostHref([item.id])}>
                        <SquarePenIcon aria-hidden="true" />
                        Use in a new post
                      </Link>
                    </Button>
                    <Button
                      variant="outline"
                      className="text-destructive hover:text-destructive"
                      onClick={() => setDeleting(true)}
                      data-testid="library-delete"
                    >
                      <Trash2Icon aria-hidden="true" />
                      Delete
                    </Button>
                  </div>
                </div>
              </div>
            </>
          )}
        </DialogContent>
      </Dialog>
      {item && (
        <DeleteDialog
          key={item.id}
          item={item}
          brandId={brandId}
          open={deleting}
          onOpenChange={setDeleting}
          onDeleted={onClose}
        />
      )}
      <UsedPostDialog brandId={brandId} postId={postId} onClose={() => setPostId(null)} />
    </>
  );
}
