import { and, asc, eq } from "drizzle-orm";
import { aspectOf, type FormatRule, findFormatRule } from "../channels/post-formats";
import type { BrandContext } from "../context";
import { type Media, media, type Post, postMedia } from "../db/schema";
import { AppError } from "../errors";
import { readMediaBytes } from "../media/media";
import { readOrMakeVariant } from "../media/media-variants";
import { mediaTypeOf } from "../media/post-media";
import { readOrMakeVideoVariant } from "../media/video-variants";
import type { PublishMediaItem, SocialNetworkKind, SocialPostRequest, VideoTranscodeSpec } from "../ports";
import { toSocialRequest } from "./post";

export const INSTAGRAM_IMAGE_FAILED = "The image could not be prepared for Instagram.";
export const VIDEO_PREPARE_FAILED = "The video could not be converted to a format the network plays.";

/**
 * What a publish hands the network: the post's format and every item in order. An Instagram image goes as
 * its fitted JPEG copy (JPEG only, 4:5 to 1.91:1), made and stored before the call, and the signed link names
 * that copy: Meta fetches exactly what Instagram accepts, while the post keeps the user's own image. A
 * video's cover goes as the moment the post chose, else as its poster frame's link. Links to images that
 * are not ours are passed as they are.
 */
export async function toPublishRequest(ctx: BrandContext, row: Post): Promise<SocialPostRequest> {
  const request = toSocialRequest(ctx, row);
  const files = await postFiles(ctx, row);
  const rule = files.some(({ file }) => mediaTypeOf(file) === "video") ? await formatRuleOf(ctx, row) : null;
  const items: PublishMediaItem[] = [];
  for (const { file, coverMs } of files) items.push(await toPublishItem(ctx, row, file, coverMs, rule));
  if (items.length === 0 && request.imageUrl) items.push(externalItem(request.imageUrl));
  const first = items[0];
  return {
    ...request,
    format: row.format,
    media: items,
    // The spec's single image, for adapters that read only it: the first item when it is an image.
    imageUrl: first?.kind === "image" ? first.url : first ? null : request.imageUrl,
  };
}

/**
 * Hands a post to its network for `date` when the network holds posts for later (its id, else null: our
 * scheduler sends it when due). A post with a first comment is always sent by our scheduler, so the comment
 * follows the live post at once (a Mastodon status held for later gets a new id when it goes out).
 */
export async function scheduleOnNetwork(
  ctx: BrandContext,
  row: Post,
  date: Date,
): Promise<{ externalId: string | null; network: SocialNetworkKind | null }> {
  if (row.firstComment) return { externalId: null, network: null };
  return ctx.social.schedule({ ...(await toPublishRequest(ctx, row)), scheduledDate: date });
}

/** The post's stored files in order (its one stored image when it has no list). */
async function postFiles(ctx: BrandContext, row: Post): Promise<{ file: Media; coverMs: number | null }[]> {
  const listed = await ctx.db
    .select({ file: media, coverMs: postMedia.coverMs })
    .from(postMedia)
    .innerJoin(media, eq(media.id, postMedia.mediaId))
    .where(and(eq(postMedia.postId, row.id), eq(media.brandId, ctx.brandId), eq(media.userId, ctx.userId)))
    .orderBy(asc(postMedia.position));
  if (listed.length > 0 || !row.imageMediaId) return listed;
  const [image] = await ctx.db
    .select()
    .from(media)
    .where(and(eq(media.id, row.imageMediaId), eq(media.userId, ctx.userId), eq(media.brandId, ctx.brandId)));
  return image ? [{ file: image, coverMs: null }] : [];
}

async function formatRuleOf(ctx: BrandContext, row: Post): Promise<FormatRule | null> {
  const descriptor = await ctx.social
    .describe({ userId: ctx.userId, brandId: ctx.brandId, platform: row.platform })
    .catch(() => null);
  return descriptor ? findFormatRule(descriptor, row.format) : null;
}

/**
 * The spec of the copy a network needs of a video, or null when the original will do: H.264 with AAC (or
 * no sound) in MP4, inside the format's aspect range (else centre-cropped to its preferred shape).
 */
export function videoCopyNeeded(file: Media, rule: FormatRule | null): VideoTranscodeSpec | null {
  const info = file.videoInfo;
  const playable =
    file.mimeType === "video/mp4" &&
    info?.videoCodec === "h264" &&
    (info.audioCodec === null || info.audioCodec === "aac") &&
    (info.frameRate === null || info.frameRate <= 60);
  const ratio = file.width && file.height ? file.width / file.height : null;
  const outside = rule !== null && ratio !== null && (ratio < rule.aspect.min || ratio > rule.aspect.max);
  if (playable && !outside) return null;
  const preferred = rule ? aspectOf(rule.preferredAspect) : null;
  return {
    ...(outside && rule
      ? { aspect: preferred ?? Math.min(Math.max(ratio ?? 1, rule.aspect.min), rule.aspect.max) }
      : {}),
    ...(rule ? { maxSeconds: rule.maxVideoSeconds } : {}),
  };
}

async function toPublishItem(
  ctx: BrandContext,
  row: Post,
  file: Media,
  coverMs: number | null,
  rule: FormatRule | null,
): Promise<PublishMediaItem> {
  const type = mediaTypeOf(file);
  if (type === "video") {
    const spec = videoCopyNeeded(file, rule);
    // The network's copy is made (once, kept) before the call, so the network never waits on a transcode.
    const copy = spec
      ? await readOrMakeVideoVariant(ctx, file, spec).catch((error: unknown) => {
          if (error instanceof AppError) throw error;
          throw new AppError("upstream_failed", VIDEO_PREPARE_FAILED);
        })
      : null;
    return {
      kind: "video",
      mediaId: file.id,
      url: copy?.url ?? ctx.mediaUrls.sign(file.id, ctx.now()).url,
      mimeType: copy?.mimeType ?? file.mimeType,
      altText: file.altText ?? "",
      width: copy?.width ?? file.width,
      height: copy?.height ?? file.height,
      byteSize: copy?.byteSize ?? file.byteSize,
      durationMs: copy?.durationMs ?? file.durationMs,
      // The poster was taken at upload, at the default moment: it stands for the cover only when the post
      // chose none. A chosen moment goes as coverMs (Instagram takes that frame itself: thumb_offset).
      coverUrl:
        file.thumbnailKey && coverMs === null ? ctx.mediaUrls.sign(file.id, ctx.now(), "poster").url : null,
      coverMs: coverMs ?? 0,
    };
  }
  let url = ctx.mediaUrls.sign(file.id, ctx.now()).url;
  if (type === "image" && row.platform === "instagram") {
    try {
      await readOrMakeVariant(ctx, file, () => readMediaBytes(ctx, file), "instagram");
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError("upstream_failed", INSTAGRAM_IMAGE_FAILED);
    }
    url = ctx.mediaUrls.sign(file.id, ctx.now(), "instagram").url;
  }
  return {
    kind: type,
    mediaId: file.id,
    url,
    mimeType: row.platform === "instagram" ? "image/jpeg" : file.mimeType,
    altText: file.altText ?? "",
    width: file.width,
    height: file.height,
    byteSize: file.byteSize,
    durationMs: file.durationMs,
    coverUrl: null,
    coverMs: null,
  };
}

const externalItem = (url: string): PublishMediaItem => ({
  kind: "image",
  mediaId: null,
  url,
  mimeType: "image/jpeg",
  altText: "",
  width: null,
  height: null,
  byteSize: null,
  durationMs: null,
  coverUrl: null,
  coverMs: null,
});
