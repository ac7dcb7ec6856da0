import { z } from "zod";
import { postFormats, postPlatforms } from "../posts/messages";
import { textCountings } from "./text-count";

/** How an account is connected: each network's provider says which. */
export const connectMethods = [
  "meta_oauth",
  "oauth",
  "app_password",
  "instance_oauth",
  "bot_token",
  "webhook_url",
] as const;
export type ConnectMethod = (typeof connectMethods)[number];

/** What a Connect form may ask for (connectChannel's input fields); each network declares which. */
export const connectFieldNames = ["handle", "appPassword", "instance", "token"] as const;
export type ConnectFieldName = (typeof connectFieldNames)[number];

/** How a publish whose answer was lost is settled (README's "exactly-once by" column). */
export const exactlyOnceMethods = ["marker_lookup", "record_key", "idempotency_key", "none"] as const;
export type ExactlyOnceMethod = (typeof exactlyOnceMethods)[number];

/**
 * What one network takes and how: declared by its provider (apps/server/src/networks/<id>/), read by the
 * domain (limits before approval) and the web (counters, previews, the Connect form). Optional capabilities
 * are declared here; nothing assumes them.
 */
export const networkDescriptorSchema = z.object({
  platform: z.enum(postPlatforms),
  label: z.string(),
  connect: z.object({
    method: z.enum(connectMethods),
    /** One line for the Connect form: where the user gets what it asks for. */
    help: z.string(),
    /** What the user types to connect (none for OAuth networks that need nothing first). */
    fields: z.array(
      z.object({
        name: z.enum(connectFieldNames),
        label: z.string(),
        placeholder: z.string(),
        /** Shown as dots and never echoed back (an app password, a bot token, a webhook URL). */
        secret: z.boolean(),
      }),
    ),
    /** What the chat says when fields are missing ("To connect Telegram I need ..."). */
    ask: z.string(),
  }),
  text: z.object({
    maxLength: z.number().int().positive(),
    counting: z.enum(textCountings),
    maxBytes: z.number().int().positive().optional(),
    urlLength: z.number().int().positive().optional(),
    /**
     * A shorter limit when the post carries an image (Telegram's 1,024-character photo caption), and what
     * the network does with a longer text then, said in the composer ("sent as a link preview ...").
     */
    withImage: z.object({ maxLength: z.number().int().positive(), overLimit: z.string() }).optional(),
  }),
  media: z.object({
    maxImages: z.number().int().nonnegative(),
    maxImageBytes: z.number().int().positive(),
    imageTypes: z.array(z.string()),
    /** 0: the network keeps no alt text. */
    altTextMaxLength: z.number().int().nonnegative(),
  }),
  /**
   * The formats the network publishes (issue 32) and what each takes: the composer offers only these, and
   * a post is checked against its format before it is approved or scheduled. `feed` is always present.
   */
  formats: z
    .array(
      z.object({
        format: z.enum(postFormats),
        /** Items a post of this format carries (a carousel: 2 to 10 on Instagram). */
        minItems: z.number().int().nonnegative(),
        maxItems: z.number().int().nonnegative(),
        images: z.boolean(),
        videos: z.boolean(),
        /** Whether images and videos may be mixed in one post. */
        mixed: z.boolean(),
        /** Video length and size this format takes. */
        minVideoSeconds: z.number().nonnegative(),
        maxVideoSeconds: z.number().positive(),
        maxVideoBytes: z.number().int().positive(),
        /** Width / height range the network takes; images and videos outside are cropped (or refused). */
        aspect: z.object({ min: z.number().positive(), max: z.number().positive() }),
        /** The shape the network shows it in, for the composer's crop and preview ("9:16", "1:1"). */
        preferredAspect: z.string(),
        /** Whether the network schedules this format itself (else our scheduler sends it when due). */
        nativeScheduling: z.boolean(),
      }),
    )
    .min(1),
  /** Null when the network cannot hold a post for later; otherwise how far ahead it can. */
  nativeScheduling: z
    .object({ minLeadMinutes: z.number().int().nonnegative(), maxLeadDays: z.number().int().positive() })
    .nullable(),
  exactlyOnce: z.enum(exactlyOnceMethods),
  capabilities: z.object({
    edit: z.boolean(),
    delete: z.boolean(),
    insights: z.boolean(),
    ads: z.boolean(),
    replies: z.boolean(),
    /**
     * How a post's first comment goes out: a comment on the post (Facebook, Instagram), the first reply in
     * its thread (Bluesky, Mastodon, Threads), or not at all (null).
     */
    firstComment: z.enum(["comment", "reply"]).nullable(),
    /**
     * The inbox (issue 33): what can be done with the comments under the brand's posts there, or null when
     * they cannot be read (a Discord webhook, a Telegram channel without its discussion group, LinkedIn
     * without partner access). Replying is always part of it.
     */
    inbox: z
      .object({
        /** How comments arrive: pushed by the network (webhooks, with polling as backstop) or polled. */
        collect: z.enum(["webhook", "poll"]),
        hide: z.boolean(),
        delete: z.boolean(),
        like: z.boolean(),
        /** The most a reply may hold, counted the network's way. */
        maxReplyLength: z.number().int().positive(),
      })
      .nullable(),
  }),
  /**
   * How the network's posts are written (by the AI and the offline writer): the hashtags it takes at most
   * and the few a post habitually carries, the voice (a feed post, or a visual one in short lines), one
   * line of habits for the AI, and the spec's heuristic posting hour (UTC) for each weekday, Sunday first.
   */
  style: z.object({
    maxHashtags: z.number().int().nonnegative(),
    habitHashtags: z.number().int().nonnegative(),
    voice: z.enum(["feed", "visual"]),
    habits: z.string(),
    postingHoursUtc: z.array(z.number().int().min(0).max(23)).length(7),
  }),
});
export type NetworkDescriptor = z.infer<typeof networkDescriptorSchema>;

/** What the writers need of a network (ports.ts WritingNetwork). */
export const writingNetworkOf = (descriptor: NetworkDescriptor) => ({
  label: descriptor.label.replace(/ \(sandbox\)$/, ""),
  maxLength: descriptor.text.maxLength,
  habitHashtags: descriptor.style.habitHashtags,
  voice: descriptor.style.voice,
  habits: descriptor.style.habits,
});
