import { randomUUID } from "node:crypto";
import type { ConnectionMetadata } from "@smm/domain/db/schema";
import { AppError } from "@smm/domain/errors";
import type { ChannelCredentials } from "@smm/domain/ports";
import type { PostPlatform } from "@smm/domain/posts";
import { afterEach, expect } from "vitest";
import { createGuardedFetch } from "../../apps/server/src/adapters/guarded-fetch";
import type {
  OutgoingImage,
  OutgoingMedia,
  OutgoingPost,
  ProviderConnect,
  ProviderConnection,
  ProviderTools,
} from "../../apps/server/src/networks/provider";

/**
 * What a network provider's tests hand the provider in place of the server: a connection as the channel
 * router would open it, the tools, and the posts to send, each recording what the provider did with it.
 */

/** Starts fakes with `start`, closing every one after each test, so no test leaves a port open. */
export function fakesClosedAfterEach<Args extends unknown[], Fake extends { close(): Promise<void> }>(
  start: (...args: Args) => Promise<Fake>,
): (...args: Args) => Promise<Fake> {
  const open: Fake[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((fake) => fake.close()));
  });
  return async (...args) => {
    const fake = await start(...args);
    open.push(fake);
    return fake;
  };
}

/** A clock tests move by hand, shared by the provider and a fake when token ages must agree. */
export function clockAt(start = new Date()) {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance: (ms: number) => {
      at += ms;
    },
  };
}

export interface ToolsOptions {
  now?: () => Date;
  /** In place of the guard that lets the fake through (a test of the guard's refusals passes the server's). */
  guardedFetch?: typeof fetch;
  /** Called with each wait after it is recorded (a clock that the waits move). */
  onSleep?: (ms: number) => void;
}

/**
 * The tools with an instant sleep that records its waits, and the server's own SSRF guard letting exactly
 * the fake's loopback port through (`guarded` records every URL handed to it). A network whose hosts are
 * fixed passes null: its guard refuses every call, so a provider that used it would fail its tests.
 */
export function toolsFor(fakeUrl: string | null, options: ToolsOptions = {}) {
  const sleeps: number[] = [];
  const guarded: string[] = [];
  const guard = options.guardedFetch ?? (fakeUrl === null ? refuseEveryCall : guardLetting(fakeUrl));
  const tools: ProviderTools = {
    now: options.now ?? (() => new Date()),
    guardedFetch: ((input: string | URL | Request, init?: RequestInit) => {
      guarded.push(input instanceof Request ? input.url : String(input));
      return guard(input, init);
    }) as typeof fetch,
    sleep: async (ms) => {
      sleeps.push(ms);
      options.onSleep?.(ms);
    },
  };
  return { tools, sleeps, guarded };
}

function guardLetting(fakeUrl: string): typeof fetch {
  const port = Number(new URL(fakeUrl).port);
  return createGuardedFetch({ allowAddress: (address, to) => address === "127.0.0.1" && to === port });
}

const refuseEveryCall = (() =>
  Promise.reject(
    new Error("this network's hosts are fixed: the guarded fetch is not for it"),
  )) as typeof fetch;

/**
 * An OAuth connect as the user's browser goes through it: start, the consent page's 302 back to us (by
 * `consent`, which follows the page's own links where it has any), then complete with the code it carries.
 */
export async function connectByConsent<Credentials>(
  connect: ProviderConnect<Credentials> | undefined,
  request: { platform: PostPlatform; credentials?: ChannelCredentials; state: string; redirectUri: string },
  consent: (url: string) => Promise<Response> = (url) => fetch(url, { redirect: "manual" }),
) {
  if (!connect?.complete) throw new Error(`${request.platform} connects by OAuth`);
  const step = await connect.start({ credentials: {}, ...request });
  if (step.kind !== "redirect") throw new Error("expected the consent page");
  const answer = await consent(step.url);
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get("location") ?? "");
  const code = back.searchParams.get("code") ?? "";
  const account = await connect.complete({
    platform: request.platform,
    code,
    pending: step.pending,
    redirectUri: request.redirectUri,
  });
  return { step, back, code, account };
}

/** What a connected account gives the connection (a ProviderAccount has all of it). */
export interface ConnectionFields<Credentials> {
  externalAccountId: string;
  handle: string | null;
  credentials: Credentials;
  metadata?: ConnectionMetadata;
  tokenExpiresAt?: Date | null;
}

/**
 * The connection as the router would open it: saveCredentials keeps the credentials for the next call and
 * records them in `saved`; markExpired is counted.
 */
export function connectionOf<Credentials>(account: ConnectionFields<Credentials>, platform: PostPlatform) {
  let expired = 0;
  const saved: Credentials[] = [];
  const connection: ProviderConnection<Credentials> = {
    userId: "user-1",
    brandId: "brand-1",
    platform,
    externalAccountId: account.externalAccountId,
    handle: account.handle,
    tokenExpiresAt: account.tokenExpiresAt ?? null,
    credentials: account.credentials,
    metadata: account.metadata ?? {},
    saveCredentials: async (credentials) => {
      saved.push(credentials);
      connection.credentials = credentials;
    },
    markExpired: async () => {
      expired += 1;
    },
  };
  return { connection, saved, expiredCount: () => expired };
}

/** A post with no images, a new attempt (a fresh marker) begun now. */
export function postOf(content: string, extra: Partial<OutgoingPost> = {}): OutgoingPost {
  const images = extra.images ?? [];
  return {
    postId: "post-1",
    content,
    language: "en",
    format: "feed",
    marker: randomUUID(),
    attemptAt: new Date(),
    ...extra,
    images,
    // Tests that name images only: their media list is those images, as the router builds it.
    media:
      extra.media ?? images.map((image) => ("kind" in image ? (image as OutgoingMedia) : asMedia(image))),
  };
}

const asMedia = (image: OutgoingImage): OutgoingMedia => ({
  ...image,
  kind: "image",
  mediaId: null,
  mimeType: "image/jpeg",
  byteSize: null,
  durationMs: null,
  coverUrl: null,
  coverMs: null,
});

export interface ImageOptions {
  /** The bytes read; else `size` bytes of `fill` (256 of 7). */
  bytes?: Uint8Array;
  size?: number;
  fill?: number;
  url?: string;
  width?: number | null;
  height?: number | null;
}

/** An 800x600 image at a fixed address whose bytes are read on demand. */
export function imageOf(mimeType: string, altText = "", options: ImageOptions = {}): OutgoingMedia {
  return {
    kind: "image",
    mediaId: null,
    mimeType,
    byteSize: options.bytes?.byteLength ?? options.size ?? 256,
    durationMs: null,
    coverUrl: null,
    coverMs: null,
    url: options.url ?? "https://media.example/image",
    read: async () => ({
      bytes: options.bytes ?? new Uint8Array(options.size ?? 256).fill(options.fill ?? 7),
      mimeType,
    }),
    altText,
    width: options.width === undefined ? 800 : options.width,
    height: options.height === undefined ? 600 : options.height,
  };
}

/** A 1080x1920 video of `seconds` at a fixed address (with its cover frame), its bytes read on demand. */
export function videoOf(seconds = 15, options: ImageOptions & { coverMs?: number } = {}): OutgoingMedia {
  return {
    kind: "video",
    mediaId: null,
    mimeType: "video/mp4",
    url: options.url ?? "https://media.example/video.mp4",
    read: async () => ({
      bytes: options.bytes ?? new Uint8Array(options.size ?? 2048).fill(options.fill ?? 9),
      mimeType: "video/mp4",
    }),
    altText: "",
    width: options.width === undefined ? 1080 : options.width,
    height: options.height === undefined ? 1920 : options.height,
    byteSize: options.bytes?.byteLength ?? options.size ?? 2048,
    durationMs: seconds * 1000,
    coverUrl: "https://media.example/video-cover.jpg",
    coverMs: options.coverMs ?? 0,
  };
}

/** The AppError the call was refused with; fails the test when it succeeded or threw anything else. */
export async function failure(promise: Promise<unknown> | undefined): Promise<AppError> {
  const error = await (promise ?? Promise.resolve()).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
