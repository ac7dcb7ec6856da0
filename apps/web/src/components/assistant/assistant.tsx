import { type ReactNode, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";

import { AssistantFrame, AssistantToggle } from "@/components/assistant/assistant-frame";
import { ErrorBoundary, PageError } from "@/components/error-boundary";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { useActiveBrand } from "@/lib/brands";
import { useConversation } from "@/lib/chat";
import { lazyNamed } from "@/lib/lazy-load";
import { useAfterPageSettles } from "@/lib/page-settled";

/** use-brand-chat's key for the chat of a user with no brand yet (not imported: that module loads lazily). */
const NO_BRAND_CHAT = "";

const ASSISTANT_FAILED = {
  notLoaded: "The assistant could not be loaded",
  failed: "Something went wrong in the assistant",
};

/** The panel's width on wide screens: a quarter of the window, at least 320 px (the shell pads by it). */
export const ASSISTANT_PANEL_WIDTH = "max(25vw, 320px)";

// The chat's code (the AI SDK, the tool cards) is not part of the shell: it loads when the panel first
// opens, when the pointer or focus reaches the button, or once the page's own data has arrived and the
// browser is idle (never in the page's way: before, it was fetched while the dashboard still waited).
const loadAssistantChat = () => import("@/components/assistant/assistant-chat");
// lazyNamed: after a failed download, the next conversation (another brand) fetches the chat again.
const AssistantChat = lazyNamed(loadAssistantChat, "AssistantChat");

/**
 * The floating assistant of the signed-in shell (core spec section 2): a round button at the right edge
 * and, opened, a side panel with the brand's conversation. Hidden on /welcome, which has its own chat.
 */
export function Assistant({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const location = useLocation();
  const brand = useActiveBrand();
  const brandId = brand.data?.id;
  const conversation = useConversation(brandId);
  const hidden = location.pathname === "/welcome" || location.pathname.startsWith("/welcome/");
  // Once opened, the live chat stays for the rest of the visit (its badge counts replies while closed).
  const [started, setStarted] = useState(open);
  if (open && !started) setStarted(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to hiding.
  useEffect(() => {
    if (hidden && open) onOpenChange(false);
  }, [hidden]);

  useAfterPageSettles(() => void loadAssistantChat().catch(() => {}));

  if (hidden) return null;
  // Until the chat's code is here (or in place of it, if it could not be loaded): the button and the panel.
  const placeholder = (body: ReactNode) => (
    <>
      <AssistantToggle
        open={open}
        onOpen={() => onOpenChange(true)}
        onIntent={() => void loadAssistantChat().catch(() => {})}
        unread={0}
      />
      {open && (
        <AssistantFrame onClose={() => onOpenChange(false)} offline={false} onClear={null}>
          {body}
        </AssistantFrame>
      )}
    </>
  );
  const waiting = placeholder(
    <div className="space-y-3 p-4" role="status" aria-label="Loading the conversation">
      <Textarea
        aria-label="Message the assistant"
        placeholder="Loading..."
        disabled
        data-testid="assistant-input"
      />
      <Skeleton className="h-12 w-3/4" />
      <Skeleton className="ml-auto h-10 w-2/3" />
      <Skeleton className="h-16 w-3/4" />
    </div>,
  );
  // No brand yet: the chat still answers (it says a brand is needed and can create one).
  const noBrand = brand.data === null;
  if (!started || (!noBrand && (!brandId || !conversation.data))) return waiting;
  return (
    <ErrorBoundary
      resetKey={brandId}
      fallback={(failure) => placeholder(<PageError {...failure} titles={ASSISTANT_FAILED} />)}
    >
      <Suspense fallback={waiting}>
        <AssistantChat
          key={brandId ?? NO_BRAND_CHAT}
          brandId={brandId ?? NO_BRAND_CHAT}
          initialMessages={conversation.data ?? []}
          open={open}
          onOpenChange={onOpenChange}
        />
      </Suspense>
    </ErrorBoundary>
  );
}
