import {
  type $Typed,
  type AppBskyEmbedExternal,
  type AppBskyEmbedImages,
  type AppBskyFeedPost,
  AppBskyRichtextFacet,
  type Facet,
  RichText,
} from "@atproto/api";
import type { OutgoingMedia, OutgoingPost } from "../provider";
import type { BlueskyClient } from "./client";
import { isXrpcError, toAppError } from "./errors";
import { fitImageForBluesky } from "./images";
import { uploadVideo } from "./video";

type Feature = Facet["features"][number];

/**
 * The post's mentions with the DIDs their handles resolve to. RichText.detectFacets resolves them too, but
 * swallows every failure: an expired session or a rate limit would silently turn a mention into plain
 * text. Here only a handle Bluesky does not know does; any other failure stops the publish.
 */
async function resolveMentions(client: BlueskyClient, facets: Facet[]): Promise<Facet[]> {
  const dids = new Map<string, string | null>();
  for (const facet of facets) {
    for (const feature of facet.features) {
      if (!AppBskyRichtextFacet.isMention(feature) || dids.has(feature.did)) continue;
      const handle = feature.did;
      try {
        const { data } = await client.call((agent) => agent.com.atproto.identity.resolveHandle({ handle }));
        dids.set(handle, data.did);
      } catch (error) {
        if (!isXrpcError(error, 400)) throw toAppError(error, `look up @${handle}`);
        dids.set(handle, null);
      }
    }
  }
  return facets
    .map((facet) => ({
      ...facet,
      features: facet.features.flatMap((feature): Feature[] => {
        if (!AppBskyRichtextFacet.isMention(feature)) return [feature];
        const did = dids.get(feature.did);
        return did ? [{ ...feature, did }] : [];
      }),
    }))
    .filter((facet) => facet.features.length > 0);
}

/** Uploaded one by one in the post's order, so a refused image stops the post before the rest are sent. */
async function uploadImages(
  client: BlueskyClient,
  images: OutgoingMedia[],
): Promise<$Typed<AppBskyEmbedImages.Main>> {
  const embedded: AppBskyEmbedImages.Image[] = [];
  for (const image of images) {
    const { bytes, mimeType } = await image.read();
    const fitted = await fitImageForBluesky(bytes, mimeType);
    let blob: AppBskyEmbedImages.Image["image"];
    try {
      const { data } = await client.call((agent) =>
        agent.com.atproto.repo.uploadBlob(fitted.bytes, { encoding: fitted.mimeType }),
      );
      blob = data.blob;
    } catch (error) {
      throw toAppError(error, "upload an image");
    }
    const width = fitted.width ?? image.width;
    const height = fitted.height ?? image.height;
    embedded.push({
      alt: image.altText,
      image: blob,
      ...(width && height ? { aspectRatio: { width, height } } : {}),
    });
  }
  return { $type: "app.bsky.embed.images", images: embedded };
}

/**
 * A card for the post's first link, made from the URL alone: Bluesky never fetches pages itself, and
 * fetching the page here would make a publish depend on somebody else's site.
 */
function createLinkCard(facets: Facet[]): $Typed<AppBskyEmbedExternal.Main> | null {
  for (const facet of facets) {
    for (const feature of facet.features) {
      if (!AppBskyRichtextFacet.isLink(feature)) continue;
      let url: URL;
      try {
        url = new URL(feature.uri);
      } catch {
        continue;
      }
      const host = url.hostname.replace(/^www\./, "");
      const description = `${host}${url.pathname}${url.search}`.replace(/\/$/, "");
      return { $type: "app.bsky.embed.external", external: { uri: feature.uri, title: host, description } };
    }
  }
  return null;
}

export interface MediaOptions {
  /** Where videos go (BLUESKY_VIDEO_SERVICE_URL). */
  videoServiceUrl: string;
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
}

/** The post's one embed: its video, or its images in order, each with its alt text. */
async function embedMedia(
  client: BlueskyClient,
  options: MediaOptions,
  media: OutgoingMedia[],
): Promise<AppBskyFeedPost.Record["embed"]> {
  const videoIndex = media.findIndex((item) => item.kind === "video");
  const video = media[videoIndex];
  if (video) return uploadVideo(client, options, media, videoIndex, await video.read());
  return uploadImages(client, media);
}

/**
 * The app.bsky.feed.post record for `post`: links, mentions and hashtags as facets (UTF-8 byte offsets),
 * its video or images uploaded and embedded with their alt text, or else a card for its first link. A
 * reply (the first comment) names its thread's root and parent.
 */
export async function buildPostRecord(
  client: BlueskyClient,
  options: MediaOptions,
  post: Pick<OutgoingPost, "content" | "language" | "media">,
  createdAt: Date,
  reply?: AppBskyFeedPost.ReplyRef,
): Promise<AppBskyFeedPost.Record> {
  const text = new RichText({ text: post.content });
  text.detectFacetsWithoutResolution();
  const facets = await resolveMentions(client, text.facets ?? []);
  const embed =
    post.media.length > 0 ? await embedMedia(client, options, post.media) : createLinkCard(facets);
  return {
    $type: "app.bsky.feed.post",
    text: text.text,
    createdAt: createdAt.toISOString(),
    ...(post.language ? { langs: [post.language] } : {}),
    ...(facets.length > 0 ? { facets } : {}),
    ...(reply ? { reply } : {}),
    ...(embed ? { embed } : {}),
  };
}
