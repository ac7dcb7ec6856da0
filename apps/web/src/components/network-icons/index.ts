import type { PostPlatform } from "@smm/domain/web";

import { BlueskyIcon } from "./bluesky";
import { FacebookIcon } from "./facebook";
import { InstagramIcon } from "./instagram";
import { MastodonIcon } from "./mastodon";
import type { NetworkIconComponent } from "./types";

export type { NetworkIconComponent, NetworkIconProps } from "./types";
export { BlueskyIcon, FacebookIcon, InstagramIcon, MastodonIcon };

/** Each network's mark, by platform: adding a network is its file here and one line below. */
export const networkIcons: Record<PostPlatform, NetworkIconComponent> = {
  facebook: FacebookIcon,
  instagram: InstagramIcon,
  bluesky: BlueskyIcon,
  mastodon: MastodonIcon,
};
