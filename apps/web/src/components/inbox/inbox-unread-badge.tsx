import { useActiveBrand } from "@/lib/brands";
import { useInboxCounts, useLiveInbox } from "@/lib/inbox";
import { badgeCount } from "@/lib/inbox-logic";

/**
 * The sidebar's count of unread comments beside "Inbox". It also keeps the brand's inbox queries current
 * (inbox.changed), since the sidebar is on every screen that shows them.
 */
export function InboxUnreadBadge() {
  const brandId = useActiveBrand().data?.id;
  useLiveInbox(brandId);
  const unread = useInboxCounts(brandId).data?.unread ?? 0;
  if (unread <= 0) return null;
  return (
    <span
      className="ml-auto inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-[11px] font-semibold text-primary-foreground tabular-nums"
      data-testid="nav-inbox-unread"
    >
      {badgeCount(unread)}
      <span className="sr-only"> unread</span>
    </span>
  );
}
