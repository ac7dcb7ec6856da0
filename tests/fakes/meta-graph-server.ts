import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { graphPage } from "./graph-paging";
import {
  type CommentWebhookOptions,
  createFakeComments,
  escapeUnicodeJson,
  type FakeComment,
  type NewFakeComment,
  postSignedWebhook,
} from "./meta-comments";
import { createFakeMarketing, type FakeMarketing } from "./meta-marketing";
import { createFakePageMedia, type FakePhoto, type FakeStory, type FakeVideo } from "./meta-page-media";

export type { CommentWebhookOptions, FakeComment, NewFakeComment } from "./meta-comments";
export type { FakePhoto, FakeStory, FakeVideo } from "./meta-page-media";

/** One request as the fake received it: version stripped from the path, query and form merged. */
export interface RecordedGraphRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  /** The token from the Authorization header (Bearer/OAuth) or the access_token parameter. */
  token: string | null;
  /** The upload host's calls (rupload): the headers they came with (file_url, offset, file_size). */
  headers?: Record<string, string>;
}

export interface FakeGraphError {
  status: number;
  code: number;
  subcode?: number;
  message: string;
  /** Extra response headers, e.g. X-Business-Use-Case-Usage for rate limits. */
  headers?: Record<string, string>;
}

export interface FakePage {
  id: string;
  name: string;
  category: string;
  tasks: string[];
  pictureUrl: string;
  token: string;
  instagramAccountId: string | null;
}

export interface FakeAdAccount {
  id: string;
  account_id: string;
  name: string;
  currency: string;
  account_status: number;
  balance: string;
  amount_spent: string;
  business: { id: string; name: string } | null;
}

export interface FakePagePost {
  id: string;
  pageId: string;
  kind: "photo" | "text" | "multi_photo" | "video" | "reel";
  /** A multi-photo post's attached (unpublished) photos, in order. */
  photoIds?: string[];
  /** A video post's or Reel's video. */
  videoId?: string;
  message: string;
  url: string | null;
  published: boolean;
  scheduledPublishTime: number | null;
  createdTime: string;
  deleted: boolean;
}

export interface FakeContainer {
  id: string;
  igUserId: string;
  /** "" for a video or carousel container. */
  imageUrl: string;
  caption: string;
  /** Polls left answering IN_PROGRESS before FINISHED (or `finalStatus`). */
  pollsLeft: number;
  finalStatus: "FINISHED" | "ERROR" | "EXPIRED";
  published: boolean;
  /** IMAGE (no media_type sent), VIDEO (carousel children only), REELS, STORIES or CAROUSEL. */
  mediaType?: "IMAGE" | "VIDEO" | "REELS" | "STORIES" | "CAROUSEL";
  videoUrl?: string | null;
  isCarouselItem?: boolean;
  /** A carousel's children (container ids), in order. */
  children?: string[];
  altText?: string | null;
  /** What an ERROR answers as `status` ("Error: Media upload has failed with error code 2207026"). */
  errorStatus?: string | null;
  /** Every parameter the create carried, as sent. */
  sent?: Record<string, string>;
}

export interface FakeIgMedia {
  id: string;
  igUserId: string;
  caption: string;
  timestamp: string;
  /** As Meta reads it back: IMAGE, VIDEO (a Reel: media_product_type REELS) or CAROUSEL_ALBUM. */
  mediaType?: "IMAGE" | "VIDEO" | "CAROUSEL_ALBUM";
  mediaProductType?: "FEED" | "REELS" | "STORY";
  /** The container it was published from. */
  containerId?: string;
  /** A carousel's items (read back through /children). */
  children?: { id: string; mediaType: "IMAGE" | "VIDEO"; altText: string | null; url: string }[];
  altText?: string | null;
}

/** Which requests a switch applies to: method, path, and parameters that must have these values. */
type Matcher = { method?: string; path?: RegExp; params?: Record<string, string> };

export interface FakeMetaGraphServer {
  /** http://127.0.0.1:port, for META_GRAPH_URL and META_DIALOG_URL. */
  url: string;
  version: string;
  appId: string;
  appSecret: string;
  requests: RecordedGraphRequest[];
  pages: Map<string, FakePage>;
  adAccounts: FakeAdAccount[];
  posts: Map<string, FakePagePost>;
  containers: Map<string, FakeContainer>;
  igMedia: Map<string, FakeIgMedia>;
  /** The Marketing API's campaigns and ad sets (contract section 5). */
  marketing: FakeMarketing;
  /** A long-lived user token as the code exchange gives one (adapter tests that skip the dialog). */
  issueUserToken(): string;
  /** The signed-in Meta user the dialog approves as. */
  user: { id: string; name: string; email: string };
  /** How many posts (page posts and Instagram media) were created with this text. */
  creationsOf(text: string): number;
  /** Instagram daily quota answered by content_publishing_limit. */
  instagramQuota: { usage: number; total: number };
  /** How many IN_PROGRESS answers a new container gives before finishing. */
  containerPolls: number;
  /** The same for video containers (Reels, video children, video stories) and Facebook video processing. */
  videoPolls: number;
  /**
   * Containers whose media URL contains the key end in ERROR with this `status` (a URL with "fail" does,
   * as a video Instagram cannot read: 2207026).
   */
  containerFailures: Map<string, string>;
  /** Facebook videos (Reels, stories) whose file URL contains the key fail processing with this error. */
  videoFailures: Map<string, { code: number; message: string }>;
  /** Unpublished page photos (multi-photo posts, photo stories). */
  photos: Map<string, FakePhoto>;
  /** Page videos, Reels and story videos. */
  videos: Map<string, FakeVideo>;
  /** Page stories, newest first. */
  stories: FakeStory[];
  /** Instagram stories (media published from STORIES containers), newest first. */
  igStories: FakeIgMedia[];
  /**
   * Comments and replies on page posts, videos and Instagram media (meta-comments.ts): a reply keeps its
   * post's or media's `objectId` and names its comment in `parentId`; deleted ones stay, flagged `deleted`.
   */
  comments: FakeComment[];
  /** A stranger's comment (or reply, with `parentId`) written on the fake now: reading the post finds it. */
  addComment(input: NewFakeComment): FakeComment;
  /** Its author changes its text (listings show the new text; a webhook "edited" can follow). */
  editComment(id: string, text: string): FakeComment;
  /** Its author deletes it: listings leave it out, calls on it answer 100/33. */
  removeComment(id: string): FakeComment;
  /**
   * POSTs a signed webhook batch about one comment to `url` as Meta does (escaped-unicode JSON, X-Hub-Signature-256
   * with the app secret unless `signWith` or `signature` say otherwise); the answer's status.
   */
  sendCommentWebhook(options: CommentWebhookOptions): Promise<number>;
  /** POSTs any body (an object is sent as Meta's escaped-unicode JSON), signed the same way; the status. */
  sendWebhook(options: {
    url: string;
    body: unknown;
    signWith?: string;
    signature?: string | null;
  }): Promise<number>;
  /** Meta's subscription handshake (hub.mode=subscribe): the status and the body our endpoint answered. */
  verifyWebhook(options: {
    url: string;
    verifyToken: string;
    challenge?: string;
    mode?: string;
  }): Promise<{ status: number; body: string }>;
  /** Every webhook delivery the fake made, in order, with the status it got. */
  webhookDeliveries: { body: string; status: number }[];
  /** The fields each Page subscribed this app to (POST /{page-id}/subscribed_apps). */
  subscribedApps: Map<string, string[]>;
  /** The next matching request is carried out, then its connection is cut without an answer (lost answer). */
  dropAnswerNext(matcher: Matcher): void;
  /** The next request matching `matcher` answers with this Graph error instead (nothing happens). */
  failNext(matcher: Matcher, error: FakeGraphError): void;
  /** The next matching request is carried out, but its answer is held `ms` (the caller gives up first). */
  delayNext(matcher: Matcher, ms: number): void;
  /** Random faults on every call: a share answered 500 before acting, a share acted on but answered late. */
  setFaults(faults: { errorRate: number; lateRate: number; lateMs: number; seed?: number } | null): void;
  /** Makes every token of this kind answer code 190 from now on. */
  expireTokens(): void;
  /**
   * Page insights (contract section 4): each CURRENT page metric's value per day, the page's
   * followers_count (and its Instagram account's), and page_follows_country when set (null: Meta answers it as an invalid metric, as
   * deprecated demographics do). Post and Instagram media insights are derived from the id.
   */
  insights: {
    daily: Record<string, number>;
    followersCount: number;
    instagramFollowersCount: number;
    followsByCountry: Record<string, number> | null;
  };
  close(): Promise<void>;
}

const newId = () => String(BigInt(`0x${randomBytes(6).toString("hex")}`));

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("error", reject);
    req.on("end", () => resolve(Buffer.concat(chunks).toString()));
  });
}

/** Deterministic faults, so a failing run can be replayed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * A Graph API and login dialog over real HTTP, answering in the shapes of contracts/meta-and-stripe.md
 * sections 1-3 and 5: the OAuth dialog and code exchange, long-lived tokens, /me/accounts with page tokens,
 * instagram_business_account, page photos and feed (scheduling window and the 3-minute edit limit
 * enforced), scheduled_posts, Instagram containers and media_publish with the daily quota, /me/adaccounts,
 * and Meta's error envelope with per-call error injection. It counts creations per text so tests can prove
 * nothing went out twice.
 *
 * Rich formats (contracts/meta-formats-and-inbox.md sections 1-6): Instagram carousels (VIDEO and image
 * children, a CAROUSEL parent FINISHED once its children are, read back as CAROUSEL_ALBUM with /children),
 * Reels and video children processing for `videoPolls` reads, scripted container failures (a media URL with
 * "fail": ERROR with status "Error: Media upload has failed with error code 2207026"), Stories (listed by
 * /{ig}/stories, not /media), alt_text kept; the Page's unpublished photos, multi-photo posts, /videos,
 * Reels and video stories through the upload host (/video-upload/{v}/{id} on this same address, with a
 * `file_url` header), photo stories, /{page}/stories (meta-page-media.ts). `dropAnswerNext`
 * carries a call out and cuts its connection (a lost answer).
 *
 * The inbox (section 7, meta-comments.ts): comments and replies listed, answered, hidden, deleted and
 * liked as Graph does, strangers' comments added by tests, `subscribed_apps`, and signed webhook batches
 * sent to the app (sendCommentWebhook, sendWebhook, verifyWebhook).
 */
export async function startFakeMetaGraphServer(
  options: { version?: string; appId?: string; appSecret?: string; now?: () => Date; port?: number } = {},
): Promise<FakeMetaGraphServer> {
  const version = options.version ?? "v25.0";
  const appId = options.appId ?? "1234567890";
  const appSecret = options.appSecret ?? "fake-app-secret";
  const now = options.now ?? (() => new Date());
  const requests: RecordedGraphRequest[] = [];
  const pages = new Map<string, FakePage>();
  const posts = new Map<string, FakePagePost>();
  const containers = new Map<string, FakeContainer>();
  const igMedia = new Map<string, FakeIgMedia>();
  const creations = new Map<string, number>();
  const codes = new Map<string, { redirectUri: string; used: boolean }>();
  const userTokens = new Set<string>();
  const failures: { matcher: Matcher; error: FakeGraphError }[] = [];
  const delays: { matcher: Matcher; ms: number }[] = [];
  const drops: Matcher[] = [];
  const igStories: FakeIgMedia[] = [];
  let faults: { errorRate: number; lateRate: number; lateMs: number; random: () => number } | null = null;
  let tokensExpired = false;
  const user = { id: "10001", name: "Fake Meta User", email: "meta.user@example.com" };

  for (const [index, name] of ["Fake Coffee Page", "Fake Bakery Page"].entries()) {
    const id = `10${index + 1}00000000`;
    pages.set(id, {
      id,
      name,
      category: index === 0 ? "Coffee Shop" : "Bakery",
      tasks: index === 0 ? ["ANALYZE", "ADVERTISE", "MODERATE", "CREATE_CONTENT", "MANAGE"] : ["ANALYZE"],
      pictureUrl: `https://scontent.fake/${id}.jpg`,
      token: `EAAPAGE${index}${randomBytes(8).toString("hex")}`,
      instagramAccountId: index === 0 ? "17841400000000001" : null,
    });
  }
  const adAccounts: FakeAdAccount[] = [
    {
      id: "act_555000111",
      account_id: "555000111",
      name: "Fake Coffee Ads",
      currency: "EUR",
      account_status: 1,
      balance: "1250",
      amount_spent: "74385",
      business: { id: "9000", name: "Fake Coffee Ltd" },
    },
    {
      id: "act_555000222",
      account_id: "555000222",
      name: "Old Ads",
      currency: "USD",
      account_status: 2,
      balance: "0",
      amount_spent: "0",
      business: null,
    },
  ];

  const marketing = createFakeMarketing({
    now,
    accountIds: () => adAccounts.map((account) => account.account_id),
    isUserToken: (token) => userTokens.has(token ?? ""),
  });

  // Counted by the text a reader sees: invisible format characters (an app's marker) do not make it another.
  const visible = (text: string) => text.replace(/[\u200b-\u200d\u2060\u2063]/gu, "");
  const count = (text: string) => creations.set(visible(text), (creations.get(visible(text)) ?? 0) + 1);
  const matches = (matcher: Matcher, method: string, path: string, params: Record<string, string> = {}) =>
    (!matcher.method || matcher.method === method) &&
    (!matcher.path || matcher.path.test(path)) &&
    Object.entries(matcher.params ?? {}).every(([key, value]) => params[key] === value);

  const pageMedia = createFakePageMedia({
    version,
    baseUrl: () => fake.url,
    now,
    newId,
    count: (text) => {
      if (text) count(text);
    },
    ok: (body) => ok(body),
    invalid: (message, code) => invalid(message, code),
    graphError: (error) => graphError(error),
    addPost(post) {
      const postId = `${post.pageId}_${newId()}`;
      posts.set(postId, {
        id: postId,
        pageId: post.pageId,
        kind: post.kind,
        message: post.message,
        url: null,
        published: post.published,
        scheduledPublishTime: post.scheduledPublishTime,
        createdTime: now().toISOString(),
        deleted: false,
        ...(post.photoIds ? { photoIds: post.photoIds } : {}),
        ...(post.videoId ? { videoId: post.videoId } : {}),
      });
      return postId;
    },
    videoPolls: () => fake.videoPolls,
    videoFailures: () => fake.videoFailures,
  });

  const commentsApi = createFakeComments({
    now,
    newId,
    ok: (body) => ok(body),
    invalid: (message, code) => invalid(message, code),
    graphError: (error) => graphError(error),
    /** Who may comment on an object, as whom (null: no such object). */
    commentable(id) {
      const post = posts.get(id);
      const video = pageMedia.videos.get(id);
      const pageId = post && !post.deleted ? post.pageId : video && !video.deleted ? video.pageId : null;
      if (pageId)
        return { pageId, fromId: pageId, fromName: pages.get(pageId)?.name ?? "", platform: "facebook" };
      const media = igMedia.get(id);
      const owner = media && [...pages.values()].find((p) => p.instagramAccountId === media.igUserId);
      return media && owner
        ? { pageId: owner.id, fromId: media.igUserId, fromName: "fakecoffee", platform: "instagram" }
        : null;
    },
  });
  const subscribedApps = new Map<string, string[]>();
  const webhookDeliveries: { body: string; status: number }[] = [];

  async function deliver(url: string, body: string, signWith?: string, signature?: string | null) {
    const answer = await postSignedWebhook({ url, body, secret: signWith ?? appSecret, signature });
    webhookDeliveries.push({ body, status: answer.status });
    return answer.status;
  }

  /** The status an ERROR container answers with, when its media URL names a scripted failure. */
  const containerFailureOf = (url: string): string | null => {
    for (const [part, status] of fake.containerFailures) if (url.includes(part)) return status;
    return null;
  };

  /** POST /{ig-user-id}/media (sections 1-3): image, REELS, STORIES, VIDEO carousel child, CAROUSEL. */
  function createContainer(igUserId: string, params: Record<string, string>): Answer {
    const mediaType = (params.media_type ?? "IMAGE") as NonNullable<FakeContainer["mediaType"]>;
    const child = params.is_carousel_item === "true";
    if (!["IMAGE", "VIDEO", "REELS", "STORIES", "CAROUSEL"].includes(mediaType))
      return graphError({
        status: 400,
        code: 100,
        subcode: 2207023,
        message: "The media type is not supported",
      });
    if (child) {
      for (const param of ["caption", "location_id", "collaborators"])
        if (params[param] !== undefined)
          return invalid(`(#100) param ${param} is not allowed on carousel items`);
      if (mediaType !== "IMAGE" && mediaType !== "VIDEO")
        return graphError({
          status: 400,
          code: 100,
          subcode: 2207023,
          message: "Reels cannot be carousel items",
        });
    }
    if (mediaType === "VIDEO" && !child)
      return graphError({
        status: 400,
        code: 100,
        subcode: 2207023,
        message: "The VIDEO media type is retired: publish single videos as REELS",
      });
    if (params.alt_text !== undefined && (mediaType !== "IMAGE" || params.alt_text.length > 1000))
      return invalid("(#100) alt_text is only for images, at most 1000 characters");
    if (params.thumb_offset !== undefined && Number(params.thumb_offset) < 0)
      return graphError({ status: 400, code: 1, subcode: 2207057, message: "Invalid thumb_offset" });
    let children: string[] = [];
    if (mediaType === "CAROUSEL") {
      children = (params.children ?? "").split(",").filter(Boolean);
      if (children.length < 2 || children.length > 10)
        return graphError({
          status: 400,
          code: 100,
          subcode: 2207028,
          message: "Carousels take 2 to 10 items",
        });
      const unknown = children.find((id) => {
        const c = containers.get(id);
        return !c || c.igUserId !== igUserId || !c.isCarouselItem;
      });
      if (unknown) return invalid(`(#100) Invalid carousel child ${unknown}`);
    }
    const video =
      mediaType === "VIDEO" || mediaType === "REELS" || (mediaType === "STORIES" && !params.image_url);
    const mediaUrl = video ? params.video_url : params.image_url;
    if (mediaType !== "CAROUSEL" && !mediaUrl)
      return invalid(`(#100) The parameter ${video ? "video_url" : "image_url"} is required`);
    const failure = mediaUrl ? containerFailureOf(mediaUrl) : null;
    const id = newId();
    containers.set(id, {
      id,
      igUserId,
      imageUrl: video ? "" : (params.image_url ?? ""),
      caption: params.caption ?? "",
      pollsLeft: video ? fake.videoPolls : fake.containerPolls,
      finalStatus: failure ? "ERROR" : "FINISHED",
      published: false,
      mediaType,
      videoUrl: video ? (params.video_url ?? null) : null,
      isCarouselItem: child,
      children,
      altText: params.alt_text ?? null,
      errorStatus: failure,
      sent: { ...params },
    });
    return ok({ id });
  }

  /** A container's status_code as GET answers it (a carousel is FINISHED only once its children are). */
  function statusOf(container: FakeContainer): { status_code: string; status?: string } {
    if (container.published) return { status_code: "PUBLISHED" };
    if (container.pollsLeft > 0) return { status_code: "IN_PROGRESS" };
    if (container.finalStatus === "ERROR")
      return { status_code: "ERROR", ...(container.errorStatus ? { status: container.errorStatus } : {}) };
    if (container.finalStatus !== "FINISHED") return { status_code: container.finalStatus };
    for (const childId of container.children ?? []) {
      const child = containers.get(childId);
      if (!child) return { status_code: "ERROR", status: "Error: a carousel item is missing" };
      const state = statusOf(child);
      if (state.status_code === "ERROR") return state;
      if (state.status_code !== "FINISHED") return { status_code: "IN_PROGRESS" };
    }
    return { status_code: "FINISHED" };
  }

  const readBack = (media: FakeIgMedia) => ({
    id: media.id,
    caption: media.caption,
    timestamp: media.timestamp,
    media_type: media.mediaType ?? "IMAGE",
    media_product_type: media.mediaProductType ?? "FEED",
    ...(media.altText ? { alt_text: media.altText } : {}),
  });

  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { error: { message: String(error), code: 1, type: "Fake" } });
    });
  });

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  }

  function graphError(error: FakeGraphError) {
    return {
      status: error.status,
      body: {
        error: {
          message: error.message,
          type: error.code === 190 ? "OAuthException" : "GraphMethodException",
          code: error.code,
          ...(error.subcode ? { error_subcode: error.subcode } : {}),
          fbtrace_id: randomBytes(6).toString("base64url"),
        },
      },
      headers: error.headers ?? {},
    };
  }

  const invalid = (message: string, code = 100) => graphError({ status: 400, code, message });
  type Answer = { status: number; body: unknown; headers?: Record<string, string> };
  const ok = (body: unknown): Answer => ({ status: 200, body });

  function pageOfToken(token: string | null): FakePage | null {
    return [...pages.values()].find((page) => page.token === token) ?? null;
  }

  function authError(token: string | null): Answer | null {
    if (!token) return invalid("An active access token must be used to query information.", 2500);
    if (!userTokens.has(token) && !pageOfToken(token)) {
      return graphError({ status: 400, code: 190, message: "Invalid OAuth access token." });
    }
    if (tokensExpired) {
      return graphError({
        status: 400,
        code: 190,
        subcode: 463,
        message: "Error validating access token: Session has expired.",
      });
    }
    return null;
  }

  function dialog(params: Record<string, string>, res: ServerResponse) {
    if (params.client_id !== appId) {
      res.writeHead(400, { "content-type": "text/html" }).end("<p>Invalid App ID</p>");
      return;
    }
    const code = randomBytes(12).toString("hex");
    codes.set(code, { redirectUri: params.redirect_uri ?? "", used: false });
    const back = new URL(params.redirect_uri ?? "");
    const allow = new URL(back);
    allow.searchParams.set("code", code);
    allow.searchParams.set("state", params.state ?? "");
    const deny = new URL(back);
    deny.searchParams.set("error", "access_denied");
    deny.searchParams.set("error_reason", "user_denied");
    deny.searchParams.set("error_description", "Permissions error");
    deny.searchParams.set("state", params.state ?? "");
    const escapeHtml = (value: string) =>
      value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(
      `<!doctype html><title>Fake Facebook login</title><h1>Fake Facebook</h1>
<p>${user.name} is asked for: ${escapeHtml(params.scope ?? "")}</p>
<a id="allow" href="${escapeHtml(allow.toString())}">Continue as ${user.name}</a>
<a id="deny" href="${escapeHtml(deny.toString())}">Cancel</a>`,
    );
  }

  function exchange(params: Record<string, string>): Answer {
    if (params.client_id !== appId || params.client_secret !== appSecret) {
      return invalid("Error validating client secret.", 1);
    }
    if (params.grant_type === "fb_exchange_token") {
      if (!params.fb_exchange_token || !userTokens.has(params.fb_exchange_token)) {
        return graphError({ status: 400, code: 190, message: "Invalid OAuth access token." });
      }
      const long = `EAALONG${randomBytes(10).toString("hex")}`;
      userTokens.add(long);
      return ok({ access_token: long, token_type: "bearer", expires_in: 5183944 });
    }
    const grant = codes.get(params.code ?? "");
    if (!grant) return invalid("Invalid verification code format.", 100);
    if (grant.used) {
      return graphError({
        status: 400,
        code: 100,
        subcode: 36009,
        message: "This authorization code has been used.",
      });
    }
    if (grant.redirectUri !== params.redirect_uri) {
      return graphError({
        status: 400,
        code: 100,
        subcode: 36008,
        message: "Error validating verification code. Please make sure your redirect_uri is identical.",
      });
    }
    grant.used = true;
    const short = `EAASHORT${randomBytes(10).toString("hex")}`;
    userTokens.add(short);
    return ok({ access_token: short, token_type: "bearer", expires_in: 5183944 });
  }

  function createPagePost(page: FakePage, kind: "photo" | "text", params: Record<string, string>): Answer {
    const published = params.published !== "false";
    const when = params.scheduled_publish_time ? Number(params.scheduled_publish_time) : null;
    if (!published) {
      const seconds = (when ?? 0) - now().getTime() / 1000;
      if (when === null || seconds < 10 * 60 || seconds > 75 * 86400) {
        return invalid("The specified scheduled publish time is invalid.", 100);
      }
    }
    const message = (kind === "photo" ? params.caption : params.message) ?? "";
    if (kind === "photo" && !params.url) return invalid("(#100) Missing parameter url");
    if (kind === "text" && !message) return invalid("(#100) Missing message or attachment");
    const postId = `${page.id}_${newId()}`;
    posts.set(postId, {
      id: postId,
      pageId: page.id,
      kind,
      message,
      url: params.url ?? null,
      published,
      scheduledPublishTime: published ? null : when,
      createdTime: now().toISOString(),
      deleted: false,
    });
    count(message);
    return ok(kind === "photo" ? { id: newId(), post_id: postId } : { id: postId });
  }

  /** Published posts (and scheduled ones whose time came), newest first, as the feed shows them. */
  function feedOf(pageId: string) {
    const at = now().getTime() / 1000;
    return [...posts.values()]
      .filter((post) => post.pageId === pageId && !post.deleted)
      .filter((post) => post.published || (post.scheduledPublishTime ?? Infinity) <= at)
      .reverse()
      .map((post) => ({ id: post.id, message: post.message, created_time: post.createdTime }));
  }

  /** Metrics the contract lists as current; anything else (page_impressions, page_fans...) is refused. */
  const CURRENT_PAGE_METRICS = new Set([
    "page_media_view",
    "page_total_media_view_unique",
    "page_post_engagements",
    "page_follows",
    "page_daily_follows_unique",
    "page_daily_unfollows_unique",
    "page_views_total",
  ]);
  const POST_METRICS = new Set([
    "post_media_view",
    "post_total_media_view_unique",
    "post_reactions_by_type_total",
    "post_clicks",
  ]);
  const IG_MEDIA_METRICS = new Set([
    "views",
    "reach",
    "likes",
    "comments",
    "shares",
    "saved",
    "total_interactions",
  ]);
  const invalidMetric = (name: string) =>
    invalid(`(#100) The value must be a valid insights metric: ${name}`, 100);
  /** A number seeded by an id, so a post's insights are stable across calls. */
  const seeded = (id: string, salt: number, modulo: number) =>
    [...id].reduce((sum, char) => (sum * 31 + char.charCodeAt(0) + salt) % 1_000_003, 7) % modulo;

  function pageInsights(params: Record<string, string>): Answer {
    const metrics = (params.metric ?? "").split(",").filter(Boolean);
    if (metrics.length === 0)
      return graphError({ status: 400, code: 3001, subcode: 1504028, message: "No metric was specified" });
    if (metrics.includes("page_follows_country")) {
      if (!fake.insights.followsByCountry) return invalidMetric("page_follows_country");
      return ok({
        data: [
          {
            name: "page_follows_country",
            period: "lifetime",
            values: [{ value: fake.insights.followsByCountry, end_time: now().toISOString() }],
          },
        ],
      });
    }
    const unknown = metrics.find((metric) => !CURRENT_PAGE_METRICS.has(metric));
    if (unknown) return invalidMetric(unknown);
    const since = Number(params.since ?? 0);
    const until = Number(params.until ?? 0);
    if (until - since > 90 * 86400)
      return invalid("(#100) There cannot be more than 90 days between since and until");
    const days: string[] = [];
    for (let at = since; at < until; at += 86400) days.push(new Date((at + 86400) * 1000).toISOString());
    return ok({
      data: metrics.map((name) => ({
        name,
        period: params.period ?? "day",
        values: days.map((end_time) => ({ value: fake.insights.daily[name] ?? 0, end_time })),
        id: `page/insights/${name}/day`,
      })),
      paging: {},
    });
  }

  function postInsights(id: string, params: Record<string, string>, metricsAllowed: Set<string>): Answer {
    const metrics = (params.metric ?? "").split(",").filter(Boolean);
    const unknown = metrics.find((metric) => !metricsAllowed.has(metric));
    if (unknown) return invalidMetric(unknown);
    const value = (name: string) =>
      name === "post_reactions_by_type_total"
        ? { like: 20 + seeded(id, 1, 60), love: seeded(id, 2, 15), wow: seeded(id, 3, 5) }
        : name === "post_media_view" || name === "views"
          ? 900 + seeded(id, 4, 2000)
          : name === "post_total_media_view_unique" || name === "reach"
            ? 600 + seeded(id, 5, 1200)
            : 1 + seeded(id, 6 + name.length, 30);
    return ok({
      data: metrics.map((name) => ({
        name,
        period: "lifetime",
        values: [{ value: value(name) }],
        id: `${id}/insights/${name}/lifetime`,
      })),
    });
  }

  function route(method: string, path: string, params: Record<string, string>, token: string | null): Answer {
    if (path === "/oauth/access_token" && method === "GET") return exchange(params);
    const denied = authError(token);
    if (denied) return denied;
    const page = pageOfToken(token);
    const segments = path.split("/").filter(Boolean);

    if (path === "/me" && method === "GET") return ok(user);
    if (path === "/me/accounts" && method === "GET") {
      if (!userTokens.has(token ?? "")) return invalid("(#100) Tried accessing nonexisting field (accounts)");
      return ok(
        graphPage(
          [...pages.values()].map((p) => ({
            id: p.id,
            name: p.name,
            access_token: p.token,
            category: p.category,
            category_list: [{ id: "2256", name: p.category }],
            tasks: p.tasks,
            picture: { data: { url: p.pictureUrl } },
          })),
          params,
        ),
      );
    }
    if (path === "/me/adaccounts" && method === "GET") {
      if (!userTokens.has(token ?? ""))
        return graphError({ status: 400, code: 200, message: "(#200) Requires ads_read" });
      return ok(graphPage(adAccounts, params));
    }

    const marketingAnswer = marketing.route(method, segments, params, token);
    if (marketingAnswer) return marketingAnswer;

    const [first, second] = segments;
    if (!first) return invalid("Unknown path");
    const commentAnswer = commentsApi.route(first, second, method, params, page, userTokens.has(token ?? ""));
    if (commentAnswer) return commentAnswer;
    const target = pages.get(first);
    if (target && !second && method === "GET") {
      if (page?.id !== target.id)
        return graphError({ status: 400, code: 190, message: "Invalid OAuth access token." });
      return ok({
        id: target.id,
        ...((params.fields ?? "").includes("followers_count")
          ? { followers_count: fake.insights.followersCount }
          : {}),
        ...(target.instagramAccountId
          ? { instagram_business_account: { id: target.instagramAccountId } }
          : {}),
      });
    }
    if (target && second) {
      if (page?.id !== target.id)
        return graphError({ status: 403, code: 200, message: "(#200) Permissions error" });
      const formatAnswer = pageMedia.pageRoute(target, second, method, params);
      if (formatAnswer) return formatAnswer;
      if (second === "subscribed_apps" && method === "POST") {
        const fields = (params.subscribed_fields ?? "").split(",").filter(Boolean);
        if (fields.length === 0) return invalid("(#100) The parameter subscribed_fields is required");
        subscribedApps.set(target.id, fields);
        return ok({ success: true });
      }
      if (second === "subscribed_apps" && method === "GET") {
        const fields = subscribedApps.get(target.id);
        return ok({ data: fields ? [{ id: appId, name: "Fake app", subscribed_fields: fields }] : [] });
      }
      if (second === "photos" && method === "POST") return createPagePost(target, "photo", params);
      if (second === "feed" && method === "POST") return createPagePost(target, "text", params);
      if (second === "feed" && method === "GET") return ok({ data: feedOf(target.id) });
      if (second === "insights" && method === "GET") return pageInsights(params);
      if (second === "scheduled_posts" && method === "GET") {
        const at = now().getTime() / 1000;
        return ok({
          data: [...posts.values()]
            .filter((p) => p.pageId === target.id && !p.deleted && !p.published)
            .filter((p) => (p.scheduledPublishTime ?? 0) > at)
            .map((p) => ({ id: p.id, message: p.message, scheduled_publish_time: p.scheduledPublishTime })),
        });
      }
    }

    const pagePost = posts.get(first);
    if (pagePost && !pagePost.deleted && method === "GET") {
      if (page?.id !== pagePost.pageId)
        return graphError({ status: 403, code: 200, message: "(#200) Permissions error" });
      if (second === "insights") return postInsights(first, params, POST_METRICS);
      if (!second)
        return ok({
          id: first,
          shares: { count: seeded(first, 7, 12) },
          comments: { data: [], summary: { total_count: seeded(first, 8, 25) } },
        });
    }
    const media = igMedia.get(first);
    if (media && second === "insights" && method === "GET") {
      if (page?.instagramAccountId !== media.igUserId)
        return graphError({ status: 403, code: 10, message: "(#10) Permission denied" });
      return postInsights(first, params, IG_MEDIA_METRICS);
    }

    const igPage = [...pages.values()].find((p) => p.instagramAccountId === first);
    if (igPage && !second && method === "GET") {
      if (page?.id !== igPage.id)
        return graphError({ status: 403, code: 10, message: "(#10) Permission denied" });
      return ok({
        id: first,
        ...((params.fields ?? "").includes("followers_count")
          ? { followers_count: fake.insights.instagramFollowersCount }
          : {}),
      });
    }
    if (igPage && second) {
      if (page?.id !== igPage.id)
        return graphError({ status: 403, code: 10, message: "(#10) Permission denied" });
      if (second === "media" && method === "POST") return createContainer(first, params);
      if (second === "media" && method === "GET") {
        return ok({
          data: [...igMedia.values()]
            .filter((m) => m.igUserId === first)
            .reverse()
            .map(readBack),
        });
      }
      if (second === "stories" && method === "GET")
        return ok({ data: igStories.filter((m) => m.igUserId === first).map(readBack) });
      if (second === "media_publish" && method === "POST") {
        const container = containers.get(params.creation_id ?? "");
        if (!container || container.igUserId !== first) return invalid("(#100) Invalid creation_id");
        if (container.published) return invalid("(#9007) The media is already published", 9007);
        if (container.isCarouselItem)
          return invalid("(#100) A carousel item is published through its carousel");
        if (statusOf(container).status_code !== "FINISHED") {
          return graphError({
            status: 400,
            code: 9007,
            subcode: 2207027,
            message: "Media ID is not available",
          });
        }
        if (fake.instagramQuota.usage >= fake.instagramQuota.total) {
          return graphError({
            status: 400,
            code: 9,
            subcode: 2207042,
            message: "Application request limit reached",
          });
        }
        container.published = true;
        const id = newId();
        const type = container.mediaType ?? "IMAGE";
        const media: FakeIgMedia = {
          id,
          igUserId: first,
          caption: type === "STORIES" ? "" : container.caption,
          timestamp: now().toISOString(),
          mediaType:
            type === "CAROUSEL"
              ? "CAROUSEL_ALBUM"
              : type === "IMAGE" || container.imageUrl
                ? "IMAGE"
                : "VIDEO",
          mediaProductType: type === "REELS" ? "REELS" : type === "STORIES" ? "STORY" : "FEED",
          containerId: container.id,
          altText: container.altText ?? null,
          ...(type === "CAROUSEL"
            ? {
                children: (container.children ?? []).map((childId) => {
                  const child = containers.get(childId);
                  if (child) child.published = true;
                  return {
                    id: newId(),
                    mediaType: child?.mediaType === "VIDEO" ? ("VIDEO" as const) : ("IMAGE" as const),
                    altText: child?.altText ?? null,
                    url: child?.videoUrl ?? child?.imageUrl ?? "",
                  };
                }),
              }
            : {}),
        };
        if (type === "STORIES") {
          igStories.unshift(media);
        } else {
          fake.instagramQuota.usage += 1;
          igMedia.set(id, media);
          count(container.caption);
        }
        return ok({ id });
      }
      if (second === "content_publishing_limit" && method === "GET") {
        return ok({
          data: [
            {
              quota_usage: fake.instagramQuota.usage,
              config: { quota_total: fake.instagramQuota.total, quota_duration: 86400 },
            },
          ],
        });
      }
    }

    const container = containers.get(first);
    if (container && !second && method === "GET") {
      const state = statusOf(container);
      if (!container.published && container.pollsLeft > 0) container.pollsLeft -= 1;
      return ok({ id: container.id, ...state });
    }

    const album = igMedia.get(first) ?? igStories.find((m) => m.id === first);
    if (album && (!second || second === "children") && method === "GET") {
      if (page?.instagramAccountId !== album.igUserId)
        return graphError({ status: 403, code: 10, message: "(#10) Permission denied" });
      if (!second) return ok(readBack(album));
      return ok({
        data: (album.children ?? []).map((child) => ({
          id: child.id,
          media_type: child.mediaType,
          ...(child.altText ? { alt_text: child.altText } : {}),
        })),
      });
    }

    const objectAnswer = pageMedia.objectRoute(first, second, method, params, page);
    if (objectAnswer) return objectAnswer;

    const post = posts.get(first);
    if (post && !second && (method === "POST" || method === "DELETE")) {
      if (page?.id !== post.pageId)
        return graphError({ status: 403, code: 200, message: "(#200) Permissions error" });
      if (post.deleted) return invalid("(#100) This post no longer exists");
      const at = now().getTime() / 1000;
      if (!post.published && post.scheduledPublishTime !== null && post.scheduledPublishTime - at < 180) {
        return invalid("(#100) A scheduled post cannot be changed within 3 minutes of its publish time");
      }
      if (method === "DELETE") {
        post.deleted = true;
        return ok({ success: true });
      }
      if (params.message) post.message = params.message;
      if (params.scheduled_publish_time) post.scheduledPublishTime = Number(params.scheduled_publish_time);
      return ok({ success: true });
    }
    return invalid(`(#803) Some of the aliases you requested do not exist: ${first}`, 803);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    const raw = await readBody(req);
    const params: Record<string, string> = {
      ...Object.fromEntries(url.searchParams),
      ...Object.fromEntries(new URLSearchParams(raw)),
    };
    const method = req.method ?? "GET";
    if (url.pathname.startsWith("/video-upload/") && method === "POST") {
      const headers: Record<string, string> = {};
      for (const name of ["file_url", "offset", "file_size", "authorization"]) {
        const value = req.headers[name];
        if (typeof value === "string") headers[name] = value;
      }
      const token = /^OAuth (.+)$/.exec(headers.authorization ?? "")?.[1] ?? null;
      const { authorization: _auth, ...shown } = headers;
      requests.push({ method, path: url.pathname, params: {}, token, headers: shown });
      const answer = pageMedia.rupload(url.pathname, headers, pageOfToken, Buffer.byteLength(raw));
      if (answer) {
        send(res, answer.status, answer.body);
        return;
      }
    }
    const prefix = `/${version}`;
    if (!url.pathname.startsWith(`${prefix}/`)) {
      send(res, 400, { error: { message: "Unknown version", code: 2635, type: "OAuthException" } });
      return;
    }
    const path = url.pathname.slice(prefix.length);
    if (path === "/dialog/oauth") {
      dialog(params, res);
      return;
    }
    const header = req.headers.authorization ?? "";
    const token = /^(Bearer|OAuth) (.+)$/.exec(header)?.[2] ?? params.access_token ?? null;
    const { access_token: _hidden, ...shown } = params;
    requests.push({ method, path, params: shown, token });

    const failIndex = failures.findIndex((f) => matches(f.matcher, method, path, params));
    if (failIndex >= 0) {
      const [failure] = failures.splice(failIndex, 1);
      if (failure) {
        const answer = graphError(failure.error);
        send(res, answer.status, answer.body, answer.headers);
        return;
      }
    }
    let lateMs = 0;
    const delayIndex = delays.findIndex((d) => matches(d.matcher, method, path, params));
    if (delayIndex >= 0) lateMs = delays.splice(delayIndex, 1)[0]?.ms ?? 0;
    if (faults && path !== "/oauth/access_token") {
      const roll = faults.random();
      if (roll < faults.errorRate) {
        send(res, 500, {
          error: { message: "An unexpected error has occurred.", code: 2, type: "OAuthException" },
        });
        return;
      }
      if (roll < faults.errorRate + faults.lateRate) lateMs = faults.lateMs;
    }
    const dropIndex = drops.findIndex((d) => matches(d, method, path, params));
    const answer = route(method, path, params, token);
    if (dropIndex >= 0) {
      // Carried out, answered never: the caller sees its connection cut.
      drops.splice(dropIndex, 1);
      res.destroy();
      return;
    }
    if (lateMs > 0) await new Promise((resolve) => setTimeout(resolve, lateMs));
    if (!res.destroyed) send(res, answer.status, answer.body, answer.headers ?? {});
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("fake Graph server did not bind");

  const fake: FakeMetaGraphServer = {
    url: `http://127.0.0.1:${address.port}`,
    version,
    appId,
    appSecret,
    requests,
    pages,
    adAccounts,
    posts,
    containers,
    igMedia,
    marketing: {
      campaigns: marketing.campaigns,
      adSets: marketing.adSets,
      campaignsNamed: marketing.campaignsNamed,
    },
    issueUserToken() {
      const token = `EAAUSER${randomBytes(8).toString("hex")}`;
      userTokens.add(token);
      return token;
    },
    user,
    creationsOf: (text) => creations.get(visible(text)) ?? 0,
    instagramQuota: { usage: 0, total: 50 },
    insights: {
      daily: {
        page_media_view: 300,
        page_total_media_view_unique: 200,
        page_post_engagements: 25,
        page_daily_follows_unique: 3,
      },
      followersCount: 1500,
      instagramFollowersCount: 900,
      followsByCountry: null,
    },
    containerPolls: 2,
    videoPolls: 2,
    containerFailures: new Map([["fail", "Error: Media upload has failed with error code 2207026"]]),
    videoFailures: new Map([
      [
        "fail",
        {
          code: 1363008,
          message: "The video could not be processed: its format is not supported",
        },
      ],
    ]),
    photos: pageMedia.photos,
    videos: pageMedia.videos,
    stories: pageMedia.stories,
    igStories,
    comments: commentsApi.comments,
    addComment: commentsApi.addComment,
    editComment: commentsApi.editComment,
    removeComment: commentsApi.removeComment,
    sendCommentWebhook: async ({ url, signWith, signature, duplicate, ...about }) => {
      const body = escapeUnicodeJson(commentsApi.webhookPayload({ url, ...about }));
      const status = await deliver(url, body, signWith, signature);
      return duplicate ? deliver(url, body, signWith, signature) : status;
    },
    sendWebhook: ({ url, body, signWith, signature }) =>
      deliver(url, typeof body === "string" ? body : escapeUnicodeJson(body), signWith, signature),
    async verifyWebhook({ url, verifyToken, challenge = "1158201444", mode = "subscribe" }) {
      const address = new URL(url);
      address.searchParams.set("hub.mode", mode);
      address.searchParams.set("hub.challenge", challenge);
      address.searchParams.set("hub.verify_token", verifyToken);
      const response = await fetch(address);
      return { status: response.status, body: await response.text() };
    },
    webhookDeliveries,
    subscribedApps,
    dropAnswerNext: (matcher) => drops.push(matcher),
    failNext: (matcher, error) => failures.push({ matcher, error }),
    delayNext: (matcher, ms) => delays.push({ matcher, ms }),
    setFaults(next) {
      faults = next ? { ...next, random: seededRandom(next.seed ?? 42) } : null;
    },
    expireTokens() {
      tokensExpired = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
