import { InboxIcon, RotateCwIcon, SearchXIcon, XIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { toast } from "sonner";

import { EmptyState } from "@/components/empty-state";
import { NoBrandState } from "@/components/no-brand-state";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api";
import { useMarkInboxItemsDone } from "@/lib/inbox";
import { emptyInboxText, readInboxKey } from "@/lib/inbox-logic";
import { cn } from "@/lib/utils";

import { ConversationList, ConversationListSkeleton } from "./conversation-list";
import { ConversationPane, focusReplyBox } from "./conversation-pane";
import { InboxToolbar } from "./inbox-toolbar";
import { type InboxPageState, useInboxPage } from "./use-inbox-page";

/** j / k move through the list's items, r answers the selected one, e marks it done (not while typing). */
function useInboxKeyboard(page: InboxPageState) {
  const markDone = useMarkInboxItemsDone(page.brandId);
  // The listener is added once and reads the page as it is now.
  const latest = useRef({ page, markDone });
  latest.current = { page, markDone };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const { page, markDone } = latest.current;
      if (event.defaultPrevented) return;
      // An open dialog (the palette, a confirmation) has the keyboard.
      if (
        event.target instanceof Element &&
        event.target.closest('[role="dialog"], [role="menu"], [role="listbox"]')
      )
        return;
      const command = readInboxKey(event);
      if (!command) return;
      event.preventDefault();
      if (command === "next" || command === "previous") {
        page.move(command === "next" ? 1 : -1);
        return;
      }
      if (command === "reply") {
        // With nothing selected yet, r starts at the first item.
        if (!page.nav.itemId && page.entries.length > 0) page.move(1);
        window.setTimeout(focusReplyBox, 0);
        return;
      }
      const item = [
        ...(page.thread.data?.items ?? []),
        ...page.threads.flatMap((thread) => thread.items),
      ].find((candidate) => candidate.id === page.nav.itemId);
      if (!item?.can.markDone || item.status === "done") return;
      markDone.mutate(
        { itemIds: [item.id], done: true, postId: item.postId },
        {
          onError: (error) =>
            toast.error(
              error instanceof ApiError && error.message ? error.message : "Could not mark it done",
              {
                duration: 4_000,
              },
            ),
        },
      );
      page.dispatch({ type: "done" });
      page.movedByKeyboard.current = true;
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}

function ListPane({ page }: { page: InboxPageState }) {
  const { list } = page;
  if (page.loadFailed)
    return (
      <Alert variant="destructive" data-testid="inbox-error">
        <AlertTitle>Could not load your inbox</AlertTitle>
        <AlertDescription className="flex flex-col items-start gap-2">
          <span>
            {list.error instanceof ApiError && list.error.status !== 0
              ? list.error.message
              : "Check your connection and try again."}
          </span>
          <Button variant="outline" size="sm" className="h-10" onClick={() => void list.refetch()}>
            <RotateCwIcon aria-hidden="true" />
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  if (!page.loaded) return <ConversationListSkeleton />;
  if (page.threads.length === 0) {
    const text = emptyInboxText(page.filters);
    return (
      <EmptyState
        icon={page.narrowed ? SearchXIcon : InboxIcon}
        {...text}
        testId="inbox-empty"
        action={
          page.narrowed ? (
            <Button variant="outline" onClick={page.clearFilters}>
              <XIcon aria-hidden="true" />
              Clear filters
            </Button>
          ) : page.filters.status !== "all" ? (
            <Button variant="ghost" onClick={() => page.setStatus("all")}>
              Show all comments
            </Button>
          ) : undefined
        }
      />
    );
  }
  return <ConversationList page={page} />;
}

/** The inbox (/inbox): comments and replies under the brand's published posts, answered from here. */
export function InboxPage() {
  const page = useInboxPage();
  useInboxKeyboard(page);
  if (page.noBrand)
    return (
      <NoBrandState purpose="Comments under your published posts are answered here" testId="inbox-no-brand" />
    );
  const open = page.nav.postId !== null;
  return (
    <div data-testid="inbox-page">
      <InboxToolbar page={page} />
      <p className="sr-only">
        Shortcuts: j and k move through the comments, r replies to the selected one, e marks it done, Escape
        leaves the reply box.
      </p>
      <div className="grid gap-4 md:h-[calc(100dvh-15rem)] md:min-h-[28rem] md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section
          aria-label="Conversations"
          className={cn("min-h-0 md:overflow-y-auto md:pr-1", open && "hidden md:block")}
          data-testid="inbox-list-pane"
        >
          <ListPane page={page} />
        </section>
        <section
          aria-label="Conversation"
          className={cn(
            "min-h-0 flex-col overflow-hidden rounded-xl border bg-background md:flex",
            open ? "flex" : "hidden",
          )}
          data-testid="inbox-conversation-pane"
        >
          <ConversationPane page={page} />
        </section>
      </div>
    </div>
  );
}
