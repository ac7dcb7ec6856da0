import type { z } from "zod";
import { blueskyModule } from "./bluesky";
import { discordModule } from "./discord";
import { linkedinModule } from "./linkedin";
import { mastodonModule } from "./mastodon";
import type { NetworkModule } from "./network-module";
import { telegramModule } from "./telegram";
import { threadsModule } from "./threads";

/**
 * The networks the server publishes to beside Meta (wired in setup.ts with its page flow, insights and
 * ads) and the sandbox: one line each. A network is its folder under networks/, this line, and its line
 * in the domain's catalog (posts/messages.ts) that names it everywhere else.
 */
// biome-ignore format: one line per network
export const networkModules: readonly NetworkModule[] = [
  blueskyModule,
  mastodonModule,
  discordModule,
  telegramModule,
  linkedinModule,
  threadsModule,
];

/** Every module's environment names, read by env.ts with the server's own. */
export const networkEnvShape: z.ZodRawShape = Object.assign(
  {},
  ...networkModules.map((module) => module.env),
);
