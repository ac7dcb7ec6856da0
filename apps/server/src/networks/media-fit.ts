import { type FormatRule, findFormatRule, type NetworkDescriptor } from "@smm/domain/channels";
import { AppError } from "@smm/domain/errors";
import type { OutgoingMedia, OutgoingPost } from "./provider";

/**
 * What a provider checks of a post's media before any call (issue 32): the format's rule from its own
 * descriptor, and each item against it. Refused with media_not_fitting, naming the item, when the provider
 * could not send what it got (a video where only images go, too many items, a video too long or large);
 * format_unsupported when the network publishes no such format.
 */

const ordinal = (index: number) => {
  const n = index + 1;
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? "th" : n % 10 === 1 ? "st" : n % 10 === 2 ? "nd" : n % 10 === 3 ? "rd" : "th";
  return `${n}${suffix}`;
};

/** "The video", or "The 3rd item (a video)" in a post of several. */
export function itemLabel(media: readonly Pick<OutgoingMedia, "kind">[], index: number): string {
  const kind = media[index]?.kind ?? "image";
  return media.length <= 1
    ? `The ${kind}`
    : `The ${ordinal(index)} item (${kind === "video" ? "a video" : "an image"})`;
}

/** The same, lower-cased, for the middle of a sentence. */
export const itemName = (media: readonly Pick<OutgoingMedia, "kind">[], index: number) => {
  const label = itemLabel(media, index);
  return label.charAt(0).toLowerCase() + label.slice(1);
};

const notFitting = (message: string) => new AppError("media_not_fitting", message);

/**
 * The rule the post is held to. Posts written before formats existed come as "feed" with several images
 * (and a carousel may end with one item): those go by the rule of what they hold, so a feed of three images
 * is a carousel's and a carousel of one item a feed post's.
 */
export function ruleFor(
  descriptor: NetworkDescriptor,
  post: Pick<OutgoingPost, "format" | "media">,
): FormatRule {
  const own = findFormatRule(descriptor, post.format);
  if (!own) {
    throw new AppError(
      "format_unsupported",
      `${descriptor.label} does not publish ${post.format} posts; choose one of: ${descriptor.formats.map((rule) => rule.format).join(", ")}.`,
    );
  }
  if (post.format === "feed" && post.media.length > own.maxItems)
    return findFormatRule(descriptor, "carousel") ?? own;
  if (post.format === "carousel" && post.media.length <= 1) return findFormatRule(descriptor, "feed") ?? own;
  return own;
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1_048_576) * 10) / 10} MB`;
const duration = (seconds: number) =>
  seconds >= 60 && seconds % 60 === 0 ? `${seconds / 60} minutes` : `${seconds} seconds`;

/** Checks the post's media against its format's rule on the network; returns the rule. */
export function checkMediaFits(
  descriptor: NetworkDescriptor,
  post: Pick<OutgoingPost, "format" | "media">,
): FormatRule {
  const label = descriptor.label;
  const rule = ruleFor(descriptor, post);
  const { media } = post;
  if (media.length > rule.maxItems) {
    const anyVideo = media.some((item) => item.kind === "video");
    throw notFitting(
      rule.maxItems <= 1
        ? `${label} takes one image or video in a post like this one; it has ${media.length}.`
        : `${label} takes up to ${rule.maxItems} ${rule.videos ? "images and videos" : "images"} in a post; this one has ${media.length}${anyVideo && !rule.videos ? " (a video goes alone)" : ""}.`,
    );
  }
  const videos = media.flatMap((item, index) => (item.kind === "video" ? [index] : []));
  const images = media.length - videos.length;
  for (const index of videos) {
    const item = media[index] as OutgoingMedia;
    const name = itemLabel(media, index);
    if (!rule.videos) {
      const feed = findFormatRule(descriptor, "feed");
      throw notFitting(
        feed?.videos
          ? `${name} is a video: ${label} takes a video only on its own in a post, without other images or videos.`
          : `${name} is a video: ${label} takes no video in ${rule.format} posts.`,
      );
    }
    if (!rule.mixed && images > 0) {
      throw notFitting(`${name} is a video: ${label} does not mix videos and images in one post.`);
    }
    const seconds = item.durationMs === null ? null : item.durationMs / 1000;
    if (seconds !== null && seconds > rule.maxVideoSeconds) {
      throw notFitting(
        `${name} is ${Math.ceil(seconds)} seconds long: ${label} takes videos up to ${duration(rule.maxVideoSeconds)}.`,
      );
    }
    if (seconds !== null && seconds < rule.minVideoSeconds) {
      throw notFitting(
        `${name} is ${Math.round(seconds * 10) / 10} seconds long: ${label} takes videos of ${duration(rule.minVideoSeconds)} at the least.`,
      );
    }
    if (item.byteSize !== null && item.byteSize > rule.maxVideoBytes) {
      throw notFitting(
        `${name} is larger than the ${megabytes(rule.maxVideoBytes)} ${label} takes for a video.`,
      );
    }
  }
  return rule;
}

/** A video's bytes as read, held to the rule again (the stored size may be unknown before the read). */
export function checkVideoBytes(
  descriptor: NetworkDescriptor,
  rule: FormatRule,
  media: readonly OutgoingMedia[],
  index: number,
  byteLength: number,
): void {
  if (byteLength > rule.maxVideoBytes) {
    throw notFitting(
      `${itemLabel(media, index)} is larger than the ${megabytes(rule.maxVideoBytes)} ${descriptor.label} takes for a video.`,
    );
  }
}

/** The network could not process an item: media_processing_failed, naming the item and its reason. */
export function processingFailed(
  label: string,
  media: readonly Pick<OutgoingMedia, "kind">[],
  index: number,
  reason: string | null | undefined,
): AppError {
  const said = reason?.trim();
  return new AppError(
    "media_processing_failed",
    `${label} could not process ${itemName(media, index)}${said ? `: ${said}` : ""}. Nothing was published.`,
  );
}
