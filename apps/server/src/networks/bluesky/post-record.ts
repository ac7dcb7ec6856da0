import {
  type $Typed,
  type AppBskyEmbedExternal,
  type AppBskyEmbedImages,
  type AppBskyFeedPost,
  AppBskyRichtextFacet,
  type Facet,
  RichText,
} from "@atproto/api";
import type { OutgoingImage, OutgoingPost } from "../provider";
import type { BlueskyClient } from "./client";
import { isXrpcError, toAppError } from "./errors";
import { fitImageForBluesky } from "./images";

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

/** Uploaded one by one, so a refused image stops the post before the rest are sent. */
async function uploadImages(
  client: BlueskyClient,
  images: OutgoingImage[],
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

/**
 * The app.bsky.feed.post record for `post`: links, mentions and hashtags as facets (UTF-8 byte offsets),
 * its images uploaded and embedded with their alt text, or else a card for its first link.
 */
export async function buildPostRecord(
  client: BlueskyClient,
  post: OutgoingPost,
  createdAt: Date,
): Promise<AppBskyFeedPost.Record> {
  const text = new RichText({ text: post.content });
  text.detectFacetsWithoutResolution();
  const facets = await resolveMentions(client, text.facets ?? []);
  const embed = post.images.length > 0 ? await uploadImages(client, post.images) : createLinkCard(facets);
  return {
    $type: "app.bsky.feed.post",
    text: text.text,
    createdAt: createdAt.toISOString(),
    ...(post.language ? { langs: [post.language] } : {}),
    ...(facets.length > 0 ? { facets } : {}),
    ...(embed ? { embed } : {}),
  };
}
