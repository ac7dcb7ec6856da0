import { UPLOAD_IMAGE_ACCEPT } from "@smm/domain/web";
import { ImagePlusIcon, Loader2Icon, SendIcon, SquareIcon } from "lucide-react";
import { useId, useRef } from "react";

import type { BrandChat } from "@/components/assistant/use-brand-chat";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";

/*
 * The brand conversation's one chat core (core spec section 2, "Chat assistant"): its state lives in
 * useBrandChat; these parts (the composer, the notices and the message list) only render it. The floating
 * assistant and the welcome-hub panel are two frames around it.
 */

export { ChatMessages } from "@/components/assistant/chat-messages";
export { type BrandChat, type BrandChatOptions, useBrandChat } from "@/components/assistant/use-brand-chat";

/** The text input with the image upload button, Send and (while the assistant types) Stop. */
export function ChatComposer({
  chat,
  placeholder = "Ask the assistant... (Enter sends, Shift+Enter for a new line)",
  className,
  rows = 2,
}: {
  chat: BrandChat;
  placeholder?: string;
  className?: string;
  rows?: number;
}) {
  const fileRef = useRef<HTMLInputElement>(null);
  const fileId = useId();
  return (
    <form
      className={cn("space-y-2", className)}
      onSubmit={(event) => {
        event.preventDefault();
        chat.send(chat.draft);
      }}
    >
      <Textarea
        ref={chat.inputRef}
        value={chat.draft}
        onChange={(event) => chat.setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            chat.send(chat.draft);
          }
        }}
        placeholder={placeholder}
        aria-label="Message the assistant"
        rows={rows}
        className="max-h-40 min-h-12 resize-none"
        data-testid="assistant-input"
      />
      <div className="flex items-center gap-2">
        <input
          ref={fileRef}
          id={fileId}
          type="file"
          accept={UPLOAD_IMAGE_ACCEPT}
          className="hidden"
          disabled={chat.busy}
          data-testid="assistant-upload-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared so that choosing the same file again uploads it again.
            event.target.value = "";
            if (file) void chat.upload(file);
          }}
        />
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => fileRef.current?.click()}
          disabled={chat.busy}
          aria-label="Upload an image"
          title="Upload an image (JPEG, PNG, GIF or WebP, up to 5MB)"
          data-testid="assistant-upload"
        >
          {chat.uploading ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <ImagePlusIcon aria-hidden="true" />
          )}
          <span className="hidden sm:inline">Image</span>
        </Button>
        <div className="ml-auto flex items-center gap-2">
          {chat.typing && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={chat.stop}
              data-testid="assistant-stop"
            >
              <SquareIcon aria-hidden="true" />
              Stop
            </Button>
          )}
          <Button
            type="submit"
            size="sm"
            disabled={chat.busy || !chat.draft.trim()}
            data-testid="assistant-send"
          >
            <SendIcon aria-hidden="true" />
            Send
          </Button>
        </div>
      </div>
    </form>
  );
}

/** The error banner (clears after 5 seconds) and the upload progress line. */
export function ChatNotices({ chat, className }: { chat: BrandChat; className?: string }) {
  if (!chat.error && !chat.uploading) return null;
  return (
    <div className={cn("space-y-2", className)}>
      {chat.error && (
        <div
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 p-2 text-sm text-destructive"
          data-testid="assistant-error"
        >
          {chat.error}
        </div>
      )}
      {chat.uploading && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-md bg-muted p-2 text-sm text-muted-foreground"
          data-testid="assistant-upload-progress"
        >
          <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
          <span>
            Processing image...
            {chat.watermarkOn && " (applying watermark)"}
          </span>
        </p>
      )}
    </div>
  );
}
