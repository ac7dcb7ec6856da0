import { isIP } from "node:net";
import type { ConnectionMetadata } from "@smm/domain/db/schema";
import { AppError } from "@smm/domain/errors";
import { z } from "zod";

export type MastodonLimits = Required<NonNullable<ConnectionMetadata["limits"]>>;

/** Mastodon's own defaults (docs' example instance): used until an instance says otherwise. */
export const DEFAULT_LIMITS: MastodonLimits = {
  maxCharacters: 500,
  urlLength: 23,
  maxImages: 4,
  maxImageBytes: 16_777_216,
  maxVideoBytes: 103_809_024,
  imageTypes: ["image/jpeg", "image/png", "image/gif", "image/webp"],
  altTextMaxLength: 1500,
};

export const INVALID_INSTANCE = "Please enter your Mastodon instance, e.g. mastodon.social.";
export const notMastodonMessage = (host: string) =>
  `${host} does not answer as a Mastodon instance. Check the name of your instance (e.g. mastodon.social).`;
export const unreachableMessage = (host: string) =>
  `${host} could not be reached. Check the name of your instance (e.g. mastodon.social).`;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/u;

/**
 * The instance's host from what a user typed: "mastodon.social", "https://mastodon.social/@alice",
 * "@alice@mastodon.social" or "alice@Mastodon.Social" all give "mastodon.social". A port is kept. Anything
 * that is not a host name with a dot or an IP address is refused (invalid_input).
 */
export function normalizeInstance(typed: string | undefined): string {
  let text = (typed ?? "").trim().toLowerCase();
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//u, "");
  // "@user@host" and "user@host": the part after the last @ of the first segment.
  const account = text.match(/^@?[^@/?#\s]+@([^@/?#\s]+)/u);
  if (account?.[1]) text = account[1];
  text = text.split(/[/?#]/u)[0] ?? "";
  text = text.replace(/\.(?=:|$)/u, "");
  if (text === "" || /\s/u.test(text)) throw new AppError("invalid_input", INVALID_INSTANCE);

  const bracketed = text.match(/^\[([0-9a-f:.]+)\](?::(\d+))?$/u);
  const plain = text.match(/^([^:]+)(?::(\d+))?$/u);
  const name = bracketed?.[1] ?? plain?.[1];
  const port = bracketed ? bracketed[2] : plain?.[2];
  if (!name) throw new AppError("invalid_input", INVALID_INSTANCE);
  if (port !== undefined && !(Number(port) >= 1 && Number(port) <= 65_535)) {
    throw new AppError("invalid_input", INVALID_INSTANCE);
  }
  if (bracketed) {
    if (isIP(name) !== 6) throw new AppError("invalid_input", INVALID_INSTANCE);
  } else if (!isIP(name)) {
    const labels = name.split(".");
    if (
      labels.length < 2 ||
      !labels.every((label) => LABEL.test(label)) ||
      /^\d+$/u.test(labels.at(-1) ?? "")
    ) {
      throw new AppError("invalid_input", INVALID_INSTANCE);
    }
  }
  return text;
}

const positive = z.number().int().positive();

/** The parts of GET /api/v2/instance we read; a body without them is not a Mastodon instance. */
export const instanceSchema = z.object({
  domain: z.string().min(1),
  version: z.string().optional(),
  configuration: z.object({
    statuses: z.object({
      max_characters: positive,
      max_media_attachments: positive.optional().catch(undefined),
      characters_reserved_per_url: positive.optional().catch(undefined),
    }),
    media_attachments: z
      .object({
        supported_mime_types: z.array(z.string()).optional().catch(undefined),
        description_limit: positive.optional().catch(undefined),
        image_size_limit: positive.optional().catch(undefined),
        video_size_limit: positive.optional().catch(undefined),
      })
      .optional()
      .catch(undefined),
  }),
});
export type MastodonInstance = z.infer<typeof instanceSchema>;

/** The instance's own limits; what it leaves out (or states oddly) keeps Mastodon's default. */
export function limitsOf(instance: MastodonInstance): MastodonLimits {
  const statuses = instance.configuration.statuses;
  const media = instance.configuration.media_attachments;
  // Only the image types we make; an instance that names none of them is taken to accept the usual four.
  const imageTypes = DEFAULT_LIMITS.imageTypes.filter(
    (type) => media?.supported_mime_types?.includes(type) ?? true,
  );
  return {
    maxCharacters: statuses.max_characters,
    urlLength: statuses.characters_reserved_per_url ?? DEFAULT_LIMITS.urlLength,
    maxImages: statuses.max_media_attachments ?? DEFAULT_LIMITS.maxImages,
    maxImageBytes: media?.image_size_limit ?? DEFAULT_LIMITS.maxImageBytes,
    maxVideoBytes: media?.video_size_limit ?? DEFAULT_LIMITS.maxVideoBytes,
    imageTypes: imageTypes.length > 0 ? imageTypes : [...DEFAULT_LIMITS.imageTypes],
    altTextMaxLength: media?.description_limit ?? DEFAULT_LIMITS.altTextMaxLength,
  };
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** A status' text from the HTML Mastodon renders (paragraphs, line breaks, links split in spans). */
export function textOfContent(html: string): string {
  return html
    .replace(/<br\s*\/?>/giu, "\n")
    .replace(/<\/p>\s*<p[^>]*>/giu, "\n\n")
    .replace(/<[^>]*>/gu, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/giu, (entity, name: string) => {
      if (name.startsWith("#x") || name.startsWith("#X"))
        return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? entity;
    });
}

/**
 * Two texts the same once Mastodon's rendering is undone: whitespace collapsed, and a remote mention
 * `@user@domain` read as `@user` (the rendered mention shows only the user).
 */
export function comparableText(text: string): string {
  return text
    .normalize("NFC")
    .replace(/@([a-z0-9_]+)@[a-z0-9.-]+[a-z0-9]/giu, "@$1")
    .replace(/\s+/gu, " ")
    .trim();
}
