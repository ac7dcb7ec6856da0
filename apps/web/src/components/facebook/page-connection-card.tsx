import { CONNECTION_EXPIRED } from "@smm/domain/web";

import { FacebookIcon } from "@/components/network-icons/facebook";
import { InstagramIcon } from "@/components/network-icons/instagram";

import { ConnectionCard, type ConnectionCardProps } from "./connection-card";

function PageAvatar({ name, pictureUrl }: { name: string; pictureUrl: string | null }) {
  if (pictureUrl)
    return <img src={pictureUrl} alt="" className="size-12 shrink-0 rounded-full object-cover" />;
  return (
    <span
      className="flex size-12 shrink-0 items-center justify-center rounded-full bg-muted font-semibold text-muted-foreground"
      aria-hidden="true"
    >
      {name.charAt(0).toUpperCase()}
    </span>
  );
}

/**
 * The page's connection: who it is (picture, name, category, linked Instagram account, Sandbox, expired),
 * Connect / Reconnect through the popup, the picker when the account has several pages, Disconnect.
 */
export function PageConnectionCard({ view, connection, disconnect }: ConnectionCardProps) {
  const { page } = view;
  const network = page?.network ?? view.available;
  return (
    <ConnectionCard
      testId="facebook-connection"
      flow="page"
      title={
        <>
          <FacebookIcon className="size-4" aria-hidden="true" />
          {page ? `Connected to ${page.name ?? "your page"}` : "No page connected"}
        </>
      }
      description={
        page
          ? "Approved posts are published to this page, and Instagram posts to its linked account."
          : network === "sandbox"
            ? "No Meta app is configured on this server: the sandbox stands in for Facebook, and posts sent there stay in the app."
            : "Connect the Facebook page your approved posts are published to."
      }
      sandbox={network === "sandbox"}
      expired={page?.status === "expired"}
      expiredNotice={CONNECTION_EXPIRED}
      expiredTestId="facebook-expired"
      connected={page !== null}
      connectLabel={page ? "Reconnect Facebook page" : "Connect Facebook page"}
      connectTestId="facebook-connect-page"
      disconnectCopy={{
        title: "Disconnect Facebook?",
        description:
          "The page, its Instagram account and the ad account are disconnected from this brand. Scheduled posts are not published until you connect a page again.",
        confirmLabel: "Disconnect Facebook",
        done: "Disconnected from Facebook",
        failed: "Failed to disconnect from Facebook",
        testId: "facebook-disconnect",
      }}
      connection={connection}
      disconnect={disconnect}
    >
      {page ? (
        <div className="flex items-center gap-3" data-testid="facebook-page">
          <PageAvatar name={page.name ?? "Page"} pictureUrl={page.pictureUrl} />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium">{page.name ?? "Your page"}</p>
            {page.category ? <p className="truncate text-sm text-muted-foreground">{page.category}</p> : null}
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <InstagramIcon className="size-3.5 shrink-0" aria-hidden="true" />
              {page.instagramAccountId
                ? "Instagram business account linked."
                : "No Instagram business account is linked to this page."}
            </p>
          </div>
        </div>
      ) : null}
    </ConnectionCard>
  );
}
