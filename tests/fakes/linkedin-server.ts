import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

/**
 * LinkedIn over real HTTP, written from contracts/networks.md section 4: the OAuth consent page (Allow and
 * Cancel links that send the browser back with code & state, or an error), the code exchange at
 * /oauth/v2/accessToken, /v2/userinfo, /v2/organizationalEntityAcls (with the organizations' names when the
 * projection asks for them), image uploads (initializeUpload, then a PUT of the bytes to the upload address
 * with the member's Bearer token), video uploads (initializeUpload in parts, each PUT answering its ETag,
 * finalizeUpload with those ETags, then PROCESSING for a few reads before AVAILABLE, or PROCESSING_FAILED
 * when told to), posts (create: 201 + x-restli-id; PARTIAL_UPDATE of the commentary;
 * DELETE) and the public post page. Every /rest call needs `LinkedIn-Version: YYYYMM` and
 * `X-Restli-Protocol-Version: 2.0.0`; a retired version answers 426 NONEXISTENT_VERSION. The commentary is
 * read as "little text": an unescaped reserved character cuts the post there (kept as `truncated`), as
 * LinkedIn does while still answering 201. Errors use LinkedIn's `{status, serviceErrorCode, code, message}`.
 * Controls: revoke or expire a token (401 65601 / 65600), answer 429 (no rate headers) to the next N calls,
 * create the next post but lose its answer (socket destroyed, or 500), fail the next matching call.
 */

export interface FakeLinkedInOptions {
  clientId?: string;
  clientSecret?: string;
  /** The member signed in on the consent page. */
  member?: { sub?: string; name?: string; picture?: string | null };
  /** The scopes the consent grants (default: those asked for). */
  grantScopes?: string[];
  /** Pages the member has a role on (organizationalEntityAcls). */
  organizations?: { id: string; name: string; role?: string; state?: "APPROVED" | "REQUESTED" }[];
  /** expires_in of the tokens it issues (LinkedIn: 60 days less a second). */
  tokenLifetimeSeconds?: number;
  /** A video's upload parts (LinkedIn: 4 MiB each; tests make it small to get several). */
  videoPartBytes?: number;
  /** GET /rest/videos/{urn} answers PROCESSING this many times after finalizeUpload (default 2). */
  videoProcessingPolls?: number;
  now?: () => Date;
}

export interface FakeLinkedInToken {
  token: string;
  sub: string;
  scopes: string[];
  expiresAt: Date;
  /** 401 65601 REVOKED_ACCESS_TOKEN from now. */
  revoked: boolean;
}

export interface FakeLinkedInImage {
  urn: string;
  owner: string;
  uploadId: string;
  bytes: Uint8Array | null;
  mimeType: string | null;
  status: "WAITING_UPLOAD" | "AVAILABLE";
}

export interface FakeLinkedInVideo {
  urn: string;
  owner: string;
  fileSizeBytes: number;
  /** The upload parts as initializeUpload gave them, each with its bytes and ETag once PUT. */
  parts: {
    uploadId: string;
    firstByte: number;
    lastByte: number;
    bytes: Uint8Array | null;
    etag: string | null;
  }[];
  uploadToken: string;
  status: "WAITING_UPLOAD" | "PROCESSING" | "AVAILABLE" | "PROCESSING_FAILED";
  /** PROCESSING answers left. */
  pollsLeft: number;
  /** Where processing ends when it fails. */
  failureReason: string | null;
  /** The whole video, put together at finalizeUpload. */
  bytes: Uint8Array | null;
}

export interface FakeLinkedInPost {
  urn: string;
  author: string;
  /** As sent (little text, escapes included). */
  commentary: string;
  /** What LinkedIn shows: escapes undone, mentions by name, cut at an unescaped reserved character. */
  text: string;
  hashtags: string[];
  truncated: boolean;
  visibility: string;
  lifecycleState: string;
  /** One image (content.media) or several (content.multiImage). */
  images: { id: string; altText: string | null }[];
  multiImage: boolean;
  /** A video post (content.media naming a urn:li:video). */
  video: string | null;
  createdAt: Date;
  editedAt: Date | null;
}

export interface FakeLinkedInRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  token: string | null;
  version: string | null;
  protocol: string | null;
  restliMethod: string | null;
}

export interface FakeLinkedInState {
  tokens: Map<string, FakeLinkedInToken>;
  images: Map<string, FakeLinkedInImage>;
  videos: Map<string, FakeLinkedInVideo>;
  /** Live posts, oldest first (deleted ones move to `deleted`). */
  posts: FakeLinkedInPost[];
  deleted: FakeLinkedInPost[];
  requests: FakeLinkedInRequest[];
  retiredVersions: Set<string>;
}

type Matcher = { method?: string; path?: RegExp };

export interface FakeLinkedInServer {
  /** http://127.0.0.1:port: both www.linkedin.com (OAuth, uploads, post pages) and api.linkedin.com. */
  url: string;
  clientId: string;
  clientSecret: string;
  member: { sub: string; name: string; picture: string | null; urn: string };
  state: FakeLinkedInState;
  /** The live posts, oldest first. */
  posts(): FakeLinkedInPost[];
  /** A member token as the consent flow gives one, for tests that skip connecting. */
  issueToken(scopes?: string[]): string;
  /** 401 65601 REVOKED_ACCESS_TOKEN for the token (every token by default) from now. */
  revokeToken(token?: string): void;
  /** The token (every token by default) is past its end: 401 65600 from now. */
  expireToken(token?: string): void;
  /** The next `count` API calls answer 429 before acting (LinkedIn sends no rate headers). */
  rateLimitNext(count?: number): void;
  /** The next successful POST /rest/posts makes the post, then the socket is destroyed or 500 answered. */
  dropNextPostResponse(how?: "destroy" | "500"): void;
  /** The next matching API call answers this error before acting. */
  failNext(matcher: Matcher, status: number, body?: Record<string, unknown>): void;
  /** LinkedIn-Version `version` answers 426 NONEXISTENT_VERSION from now. */
  retireVersion(version: string): void;
  /** The next video finalized ends PROCESSING_FAILED with this processingFailureReason. */
  failNextVideo(reason?: string): void;
  close(): Promise<void>;
}

/** The scope the member flow asks for, and every scope this fake knows. */
export const FAKE_LINKEDIN_MEMBER_SCOPES = ["openid", "profile", "email", "w_member_social"];
const POSTING_ROLES = new Set(["ADMINISTRATOR", "DIRECT_SPONSORED_CONTENT_POSTER", "CONTENT_ADMINISTRATOR"]);
const RESERVED = new Set([..."\\|{}@[]()<>#*_~"]);
const TAG_CHARACTER = /[\p{L}\p{M}\p{N}]/u;
const MAX_COMMENTARY = 3000;
const MAX_ALT_TEXT = 4086;
const CODE_LIFETIME_MS = 30 * 60_000;

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

const linkedInError = (status: number, message: string, extra: Record<string, unknown> = {}): Answer => ({
  status,
  body: { status, message, ...extra },
});
const accessDenied = (what: string) =>
  linkedInError(403, `Not enough permissions to access: ${what}`, {
    serviceErrorCode: 100,
    code: "ACCESS_DENIED",
  });
const notFound = () => linkedInError(404, "Not Found", { serviceErrorCode: 0, code: "NOT_FOUND" });
const badRequest = (message: string) => linkedInError(400, message, { code: "ILLEGAL_ARGUMENT" });
const unprocessable = (message: string) =>
  linkedInError(422, message, { code: "UNPROCESSABLE_ENTITY", serviceErrorCode: 100 });

/**
 * LinkedIn's reading of a commentary ("little text"): `\x` is the character x, `#tag` a hashtag,
 * `@[Name](urn)` a mention shown as Name; any other unescaped reserved character ends the post there.
 */
export function renderLittleText(commentary: string): {
  text: string;
  hashtags: string[];
  truncated: boolean;
} {
  const characters = [...commentary];
  const hashtags: string[] = [];
  let text = "";
  for (let i = 0; i < characters.length; ) {
    const character = characters[i] as string;
    if (character === "\\") {
      const next = characters[i + 1];
      if (next === undefined) return { text, hashtags, truncated: true };
      text += next;
      i += 2;
      continue;
    }
    if (character === "#" && TAG_CHARACTER.test(characters[i + 1] ?? "")) {
      let tag = "";
      i += 1;
      while (i < characters.length && TAG_CHARACTER.test(characters[i] as string)) {
        tag += characters[i];
        i += 1;
      }
      hashtags.push(tag);
      text += `#${tag}`;
      continue;
    }
    if (character === "@") {
      const mention = /^@\[([^\]]*)\]\((urn:li:(?:person|organization):[^)]+)\)/u.exec(
        characters.slice(i).join(""),
      );
      if (mention) {
        text += mention[1];
        i += [...mention[0]].length;
        continue;
      }
    }
    if (RESERVED.has(character)) return { text, hashtags, truncated: true };
    text += character;
    i += 1;
  }
  return { text, hashtags, truncated: false };
}

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const header = (req: IncomingMessage, name: string): string | null => {
  const value = req.headers[name];
  return typeof value === "string" ? value : null;
};

export async function startLinkedInServer(options: FakeLinkedInOptions = {}): Promise<FakeLinkedInServer> {
  const now = options.now ?? (() => new Date());
  const clientId = options.clientId ?? "fake-client-id";
  const clientSecret = options.clientSecret ?? "fake-client-secret";
  const sub = options.member?.sub ?? "782bbtaQ";
  const member = {
    sub,
    name: options.member?.name ?? "Alice Example",
    picture: options.member?.picture === undefined ? null : options.member.picture,
    urn: `urn:li:person:${sub}`,
  };
  const lifetimeSeconds = options.tokenLifetimeSeconds ?? 5_183_999;
  let url = "";

  const state: FakeLinkedInState = {
    tokens: new Map(),
    images: new Map(),
    videos: new Map(),
    posts: [],
    deleted: [],
    requests: [],
    retiredVersions: new Set(),
  };
  /** Consent pages shown and not answered yet, by ticket. */
  const tickets = new Map<string, { redirectUri: string; state: string | null; scopes: string[] }>();
  const codes = new Map<
    string,
    { redirectUri: string; scopes: string[]; expiresAt: number; used: boolean }
  >();
  const uploads = new Map<string, string>();
  /** Video part uploads: upload id → the video and its part. */
  const videoUploads = new Map<string, { urn: string; part: number }>();
  const videoFailures: string[] = [];
  const videoPartBytes = options.videoPartBytes ?? 4 * 1024 * 1024;
  const videoProcessingPolls = options.videoProcessingPolls ?? 2;
  let videoCounter = 0;
  let rateLimitedLeft = 0;
  let dropNext: "destroy" | "500" | null = null;
  const failures: { matcher: Matcher; status: number; body: Record<string, unknown> }[] = [];
  let postCounter = 0n;
  let imageCounter = 0;

  const token = (scopes: string[]): FakeLinkedInToken => {
    const entry: FakeLinkedInToken = {
      token: `AQ${randomBytes(24).toString("base64url")}`,
      sub,
      scopes,
      expiresAt: new Date(now().getTime() + lifetimeSeconds * 1000),
      revoked: false,
    };
    state.tokens.set(entry.token, entry);
    return entry;
  };

  function authenticate(bearer: string | null, ...anyOfScopes: string[]): FakeLinkedInToken | Answer {
    const entry = bearer ? state.tokens.get(bearer) : undefined;
    if (!entry)
      return linkedInError(401, "Invalid access token", {
        serviceErrorCode: 65600,
        code: "INVALID_ACCESS_TOKEN",
      });
    if (entry.revoked)
      return linkedInError(401, "The token used in the request has been revoked by the user", {
        serviceErrorCode: 65601,
        code: "REVOKED_ACCESS_TOKEN",
      });
    if (entry.expiresAt.getTime() <= now().getTime())
      return linkedInError(401, "The token used in the request has expired", {
        serviceErrorCode: 65600,
        code: "INVALID_ACCESS_TOKEN",
      });
    if (anyOfScopes.length > 0 && !anyOfScopes.some((scope) => entry.scopes.includes(scope)))
      return accessDenied(anyOfScopes.join(" or "));
    return entry;
  }
  const isAnswer = (value: FakeLinkedInToken | Answer): value is Answer => "status" in value;

  /** The organizations the token's member may post for. */
  const postingOrganizations = (entry: FakeLinkedInToken) =>
    entry.scopes.includes("w_organization_social")
      ? (options.organizations ?? [])
          .filter(
            (o) => (o.state ?? "APPROVED") === "APPROVED" && POSTING_ROLES.has(o.role ?? "ADMINISTRATOR"),
          )
          .map((o) => `urn:li:organization:${o.id}`)
      : [];
  const mayActAs = (entry: FakeLinkedInToken, author: unknown) =>
    author === `urn:li:person:${entry.sub}` || postingOrganizations(entry).includes(String(author));

  // ---- OAuth (www.linkedin.com) ----

  function authorizationPage(query: URLSearchParams): Answer {
    const redirectUri = query.get("redirect_uri");
    if (query.get("client_id") !== clientId || !redirectUri)
      return {
        status: 400,
        body: "<!doctype html><title>LinkedIn</title><p>Invalid client_id or redirect_uri",
      };
    if (query.get("response_type") !== "code")
      return { status: 400, body: "<!doctype html><title>LinkedIn</title><p>Invalid response_type" };
    const asked = (query.get("scope") ?? "").split(/[\s,]+/u).filter(Boolean);
    const ticket = randomBytes(12).toString("hex");
    tickets.set(ticket, {
      redirectUri,
      state: query.get("state"),
      scopes: options.grantScopes ?? asked,
    });
    const html = `<!doctype html><title>LinkedIn: allow access</title>
<p>${escapeHtml(member.name)}, allow this app to: ${escapeHtml(asked.join(", "))}</p>
<a id="allow" href="/oauth/v2/authorization/allow?ticket=${ticket}">Allow</a>
<a id="cancel" href="/oauth/v2/authorization/cancel?ticket=${ticket}">Cancel</a>`;
    return { status: 200, body: html };
  }

  function answerConsent(query: URLSearchParams, allowed: boolean): Answer {
    const ticket = tickets.get(query.get("ticket") ?? "");
    if (!ticket) return { status: 400, body: "<!doctype html><title>LinkedIn</title><p>Expired request" };
    tickets.delete(query.get("ticket") ?? "");
    const back = new URL(ticket.redirectUri);
    if (allowed) {
      const code = `AQT${randomBytes(18).toString("base64url")}`;
      codes.set(code, {
        redirectUri: ticket.redirectUri,
        scopes: ticket.scopes,
        expiresAt: now().getTime() + CODE_LIFETIME_MS,
        used: false,
      });
      back.searchParams.set("code", code);
    } else {
      back.searchParams.set("error", "user_cancelled_authorize");
      back.searchParams.set("error_description", "The user cancelled the authorization");
    }
    if (ticket.state !== null) back.searchParams.set("state", ticket.state);
    return { status: 302, headers: { location: back.toString() } };
  }

  function exchange(params: URLSearchParams): Answer {
    if (params.get("client_id") !== clientId || params.get("client_secret") !== clientSecret)
      return {
        status: 401,
        body: { error: "invalid_client", error_description: "Client authentication failed" },
      };
    if (params.get("grant_type") !== "authorization_code")
      return {
        status: 400,
        body: { error: "unsupported_grant_type", error_description: "Invalid grant type" },
      };
    const code = codes.get(params.get("code") ?? "");
    if (
      !code ||
      code.used ||
      code.expiresAt <= now().getTime() ||
      code.redirectUri !== params.get("redirect_uri")
    )
      return {
        status: 400,
        body: {
          error: "invalid_request",
          error_description:
            "Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired.",
        },
      };
    code.used = true;
    const issued = token(code.scopes);
    return {
      status: 200,
      body: {
        access_token: issued.token,
        expires_in: lifetimeSeconds,
        // LinkedIn writes the granted scopes comma-separated.
        scope: code.scopes.join(","),
        token_type: "Bearer",
        id_token: "eyJ.fake.idtoken",
      },
    };
  }

  // ---- api.linkedin.com ----

  function organizationAcls(entry: FakeLinkedInToken, query: URLSearchParams): Answer {
    if (query.get("q") !== "roleAssignee") return badRequest("q must be roleAssignee");
    const wanted = query.get("state");
    const named = (query.get("projection") ?? "").includes("localizedName");
    const elements = (options.organizations ?? [])
      .filter((o) => !wanted || (o.state ?? "APPROVED") === wanted)
      .map((o) => ({
        roleAssignee: `urn:li:person:${entry.sub}`,
        state: o.state ?? "APPROVED",
        role: o.role ?? "ADMINISTRATOR",
        organization: `urn:li:organization:${o.id}`,
        ...(named ? { "organization~": { localizedName: o.name } } : {}),
      }));
    return { status: 200, body: { paging: { start: 0, count: 100, links: [] }, elements } };
  }

  function initializeUpload(entry: FakeLinkedInToken, body: unknown): Answer {
    const owner = (body as { initializeUploadRequest?: { owner?: unknown } } | null)?.initializeUploadRequest
      ?.owner;
    if (typeof owner !== "string") return badRequest("initializeUploadRequest.owner is required");
    if (!mayActAs(entry, owner)) return accessDenied("images.initializeUpload");
    imageCounter += 1;
    const urn = `urn:li:image:C4E10AQ${String(imageCounter).padStart(6, "0")}${randomBytes(4).toString("hex")}`;
    const uploadId = randomBytes(12).toString("hex");
    state.images.set(urn, { urn, owner, uploadId, bytes: null, mimeType: null, status: "WAITING_UPLOAD" });
    uploads.set(uploadId, urn);
    return {
      status: 200,
      body: {
        value: {
          uploadUrlExpiresAt: now().getTime() + 3_600_000,
          uploadUrl: `${url}/dms-uploads/${uploadId}?ca=vector_feedshare&cn=uploads&sync=0&v=beta`,
          image: urn,
        },
      },
    };
  }

  function initializeVideo(entry: FakeLinkedInToken, body: unknown): Answer {
    const request = (body as { initializeUploadRequest?: Record<string, unknown> } | null)
      ?.initializeUploadRequest;
    const owner = request?.owner;
    if (typeof owner !== "string") return badRequest("initializeUploadRequest.owner is required");
    if (!mayActAs(entry, owner)) return accessDenied("videos.initializeUpload");
    const size = request?.fileSizeBytes;
    if (typeof size !== "number" || !Number.isInteger(size) || size <= 0)
      return badRequest("initializeUploadRequest.fileSizeBytes is required");
    videoCounter += 1;
    const urn = `urn:li:video:C5F10AQ${String(videoCounter).padStart(6, "0")}${randomBytes(4).toString("hex")}`;
    const parts: FakeLinkedInVideo["parts"] = [];
    for (let first = 0; first < size; first += videoPartBytes) {
      const uploadId = randomBytes(12).toString("hex");
      parts.push({
        uploadId,
        firstByte: first,
        lastByte: Math.min(size, first + videoPartBytes) - 1,
        bytes: null,
        etag: null,
      });
      videoUploads.set(uploadId, { urn, part: parts.length - 1 });
    }
    const video: FakeLinkedInVideo = {
      urn,
      owner,
      fileSizeBytes: size,
      parts,
      uploadToken: "",
      status: "WAITING_UPLOAD",
      pollsLeft: videoProcessingPolls,
      failureReason: null,
      bytes: null,
    };
    state.videos.set(urn, video);
    return {
      status: 200,
      body: {
        value: {
          uploadUrlsExpireAt: now().getTime() + 3_600_000,
          video: urn,
          uploadInstructions: parts.map((part) => ({
            uploadUrl: `${url}/dms-uploads/${part.uploadId}?ca=vector_feedshare&cn=uploads_secure&ipp=true`,
            firstByte: part.firstByte,
            lastByte: part.lastByte,
          })),
          uploadToken: video.uploadToken,
        },
      },
    };
  }

  function uploadVideoPart(entry: FakeLinkedInToken, uploadId: string, bytes: Buffer): Answer {
    const found = videoUploads.get(uploadId);
    const video = found ? state.videos.get(found.urn) : undefined;
    const part = found && video ? video.parts[found.part] : undefined;
    if (!video || !part) return notFound();
    if (!mayActAs(entry, video.owner)) return accessDenied("dms-uploads");
    if (bytes.byteLength !== part.lastByte - part.firstByte + 1)
      return badRequest(`Part ${found?.part} takes bytes ${part.firstByte}-${part.lastByte}`);
    part.bytes = new Uint8Array(bytes);
    part.etag = `/ambry-video/signedId/${randomBytes(10).toString("hex")}`;
    return { status: 200, headers: { etag: part.etag } };
  }

  function finalizeVideo(entry: FakeLinkedInToken, body: unknown): Answer {
    const request = (body as { finalizeUploadRequest?: Record<string, unknown> } | null)
      ?.finalizeUploadRequest;
    const video = typeof request?.video === "string" ? state.videos.get(request.video) : undefined;
    if (!video) return badRequest("finalizeUploadRequest.video is invalid");
    if (!mayActAs(entry, video.owner)) return accessDenied("videos.finalizeUpload");
    if (typeof request?.uploadToken !== "string")
      return badRequest("finalizeUploadRequest.uploadToken is required");
    const ids = request.uploadedPartIds;
    if (
      !Array.isArray(ids) ||
      ids.length !== video.parts.length ||
      video.parts.some((part, index) => part.etag === null || ids[index] !== part.etag)
    )
      return badRequest("uploadedPartIds do not match the uploaded parts");
    video.bytes = new Uint8Array(Buffer.concat(video.parts.map((part) => part.bytes ?? new Uint8Array())));
    video.status = "PROCESSING";
    video.failureReason = videoFailures.shift() ?? null;
    return { status: 200 };
  }

  function videoOf(urn: string): Answer {
    const video = state.videos.get(urn);
    if (!video) return notFound();
    if (video.status === "PROCESSING") {
      if (video.pollsLeft > 0) video.pollsLeft -= 1;
      else video.status = video.failureReason ? "PROCESSING_FAILED" : "AVAILABLE";
    }
    return {
      status: 200,
      body: {
        id: video.urn,
        owner: video.owner,
        status: video.status,
        ...(video.status === "PROCESSING_FAILED" && video.failureReason
          ? { processingFailureReason: video.failureReason }
          : {}),
        ...(video.status === "AVAILABLE"
          ? { downloadUrl: `${url}/dms/video/${video.parts[0]?.uploadId}`, duration: 5000 }
          : {}),
      },
    };
  }

  function upload(entry: FakeLinkedInToken, uploadId: string, req: IncomingMessage, bytes: Buffer): Answer {
    if (videoUploads.has(uploadId)) return uploadVideoPart(entry, uploadId, bytes);
    const urn = uploads.get(uploadId);
    const image = urn ? state.images.get(urn) : undefined;
    if (!image) return notFound();
    if (!mayActAs(entry, image.owner)) return accessDenied("dms-uploads");
    if (bytes.byteLength === 0) return badRequest("Empty upload");
    image.bytes = new Uint8Array(bytes);
    image.mimeType = header(req, "content-type");
    image.status = "AVAILABLE";
    return { status: 201 };
  }

  function imageOf(urn: string): Answer {
    const image = state.images.get(urn);
    if (!image) return notFound();
    return {
      status: 200,
      body: {
        id: image.urn,
        owner: image.owner,
        status: image.status,
        ...(image.status === "AVAILABLE" ? { downloadUrl: `${url}/dms/image/${image.uploadId}` } : {}),
      },
    };
  }

  /** The images a post names, each uploaded by its author; or the refusal. */
  function imagesOf(
    author: string,
    refs: { id?: unknown; altText?: unknown }[],
  ): { id: string; altText: string | null }[] | Answer {
    const images: { id: string; altText: string | null }[] = [];
    for (const ref of refs) {
      const image = typeof ref.id === "string" ? state.images.get(ref.id) : undefined;
      if (!image || image.owner !== author) return unprocessable(`Invalid image ${String(ref.id)}`);
      if (image.status !== "AVAILABLE") return unprocessable(`Image ${image.urn} is not uploaded`);
      if (ref.altText !== undefined && typeof ref.altText !== "string")
        return unprocessable("altText must be a string");
      if (typeof ref.altText === "string" && ref.altText.length > MAX_ALT_TEXT)
        return unprocessable(`altText is longer than ${MAX_ALT_TEXT} characters`);
      images.push({ id: image.urn, altText: typeof ref.altText === "string" ? ref.altText : null });
    }
    return images;
  }

  function createPost(entry: FakeLinkedInToken, raw: unknown): Answer {
    if (typeof raw !== "object" || raw === null) return badRequest("A JSON body is required");
    const body = raw as Record<string, unknown>;
    if (typeof body.author !== "string") return unprocessable("author is required");
    if (!mayActAs(entry, body.author)) return accessDenied("partnerApiPostsExternal.CREATE.20260501");
    const commentary = body.commentary ?? "";
    if (typeof commentary !== "string") return unprocessable("commentary must be a string");
    if (!["PUBLIC", "CONNECTIONS", "LOGGED_IN"].includes(String(body.visibility)))
      return unprocessable("visibility is required");
    const distribution = body.distribution as { feedDistribution?: unknown } | undefined;
    if (!distribution || typeof distribution.feedDistribution !== "string")
      return unprocessable("distribution.feedDistribution is required");
    if (!["PUBLISHED", "DRAFT"].includes(String(body.lifecycleState)))
      return unprocessable("lifecycleState is required");

    const content = (body.content ?? null) as {
      media?: { id?: unknown; altText?: unknown };
      multiImage?: { images?: { id?: unknown; altText?: unknown }[] };
    } | null;
    let images: { id: string; altText: string | null }[] = [];
    let multiImage = false;
    let video: string | null = null;
    if (typeof content?.media?.id === "string" && content.media.id.startsWith("urn:li:video:")) {
      const found = state.videos.get(content.media.id);
      if (!found || found.owner !== body.author) return unprocessable(`Invalid video ${content.media.id}`);
      if (found.status !== "AVAILABLE") return unprocessable(`Video ${found.urn} is not available`);
      video = found.urn;
    } else if (content?.media) {
      const found = imagesOf(body.author, [content.media]);
      if (!Array.isArray(found)) return found;
      images = found;
    } else if (content?.multiImage) {
      const refs = content.multiImage.images ?? [];
      if (refs.length < 2 || refs.length > 20)
        return unprocessable("multiImage takes between 2 and 20 images");
      const found = imagesOf(body.author, refs);
      if (!Array.isArray(found)) return found;
      images = found;
      multiImage = true;
    }
    const rendered = renderLittleText(commentary);
    if (rendered.text.length > MAX_COMMENTARY)
      return unprocessable(`commentary is longer than ${MAX_COMMENTARY} characters`);
    postCounter += 1n;
    const post: FakeLinkedInPost = {
      urn: `urn:li:share:${7_212_345_678_900_000_000n + postCounter}`,
      author: body.author,
      commentary,
      text: rendered.text,
      hashtags: rendered.hashtags,
      truncated: rendered.truncated,
      visibility: String(body.visibility),
      lifecycleState: String(body.lifecycleState),
      images,
      multiImage,
      video,
      createdAt: now(),
      editedAt: null,
    };
    state.posts.push(post);
    return { status: 201, headers: { "x-restli-id": post.urn, "x-linkedin-id": post.urn } };
  }

  function updatePost(
    entry: FakeLinkedInToken,
    urn: string,
    restliMethod: string | null,
    raw: unknown,
  ): Answer {
    if (restliMethod?.toUpperCase() !== "PARTIAL_UPDATE")
      return linkedInError(405, "POST on an entity needs X-RestLi-Method: PARTIAL_UPDATE");
    const post = state.posts.find((p) => p.urn === urn);
    if (!post) return notFound();
    if (!mayActAs(entry, post.author)) return accessDenied("partnerApiPostsExternal.PARTIAL_UPDATE.20260501");
    const set = (raw as { patch?: { $set?: Record<string, unknown> } } | null)?.patch?.$set;
    if (!set || typeof set !== "object") return badRequest("patch.$set is required");
    for (const field of Object.keys(set)) {
      if (field !== "commentary") return unprocessable(`Field ${field} cannot be updated`);
    }
    if (typeof set.commentary !== "string") return unprocessable("commentary must be a string");
    const rendered = renderLittleText(set.commentary);
    if (rendered.text.length > MAX_COMMENTARY)
      return unprocessable(`commentary is longer than ${MAX_COMMENTARY} characters`);
    post.commentary = set.commentary;
    post.text = rendered.text;
    post.hashtags = rendered.hashtags;
    post.truncated = rendered.truncated;
    post.editedAt = now();
    return { status: 204 };
  }

  function deletePost(entry: FakeLinkedInToken, urn: string): Answer {
    const index = state.posts.findIndex((p) => p.urn === urn);
    const post = state.posts[index];
    if (!post) return notFound();
    if (!mayActAs(entry, post.author)) return accessDenied("partnerApiPostsExternal.DELETE.20260501");
    state.posts.splice(index, 1);
    state.deleted.push(post);
    return { status: 204 };
  }

  function postJson(post: FakeLinkedInPost) {
    return {
      id: post.urn,
      author: post.author,
      commentary: post.commentary,
      visibility: post.visibility,
      lifecycleState: post.lifecycleState,
      createdAt: post.createdAt.getTime(),
      lastModifiedAt: (post.editedAt ?? post.createdAt).getTime(),
    };
  }

  /** /rest/*: the version headers first, as LinkedIn's gateway checks them. */
  function versionRefusal(req: IncomingMessage): Answer | null {
    const version = header(req, "linkedin-version");
    if (!version)
      return linkedInError(
        400,
        "A version must be present. Please specify a version by adding the LinkedIn-Version header.",
        { code: "VERSION_MISSING" },
      );
    if (!/^\d{6}(?:\.\d{2})?$/u.test(version))
      return linkedInError(400, `Invalid version format: ${version}`, { code: "INVALID_VERSION" });
    if (state.retiredVersions.has(version))
      return linkedInError(426, `Requested version ${version} is not active`, {
        code: "NONEXISTENT_VERSION",
      });
    if (header(req, "x-restli-protocol-version") !== "2.0.0")
      return linkedInError(400, "X-Restli-Protocol-Version 2.0.0 is required", {
        code: "PROTOCOL_VERSION_REQUIRED",
      });
    return null;
  }

  async function api(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    path: string,
    query: URLSearchParams,
    bearer: string | null,
    raw: Buffer,
  ): Promise<Answer | null> {
    const json = (): unknown => {
      try {
        return raw.byteLength === 0 ? null : JSON.parse(raw.toString("utf8"));
      } catch {
        return null;
      }
    };
    const auth = (...scopes: string[]) => authenticate(bearer, ...scopes);
    const entityIn = (pattern: RegExp): string | null => {
      const match = pattern.exec(path)?.[1];
      return match ? decodeURIComponent(match) : null;
    };

    if (method === "GET" && path === "/v2/userinfo") {
      const who = auth("openid", "profile");
      if (isAnswer(who)) return who;
      const [given, ...family] = member.name.split(" ");
      return {
        status: 200,
        body: {
          sub: member.sub,
          email_verified: true,
          name: member.name,
          locale: { country: "US", language: "en" },
          given_name: given,
          family_name: family.join(" "),
          email: "alice@example.com",
          ...(member.picture ? { picture: member.picture } : {}),
        },
      };
    }
    if (method === "GET" && path === "/v2/organizationalEntityAcls") {
      const who = auth("rw_organization_admin", "w_organization_social", "r_organization_social");
      if (isAnswer(who)) return who;
      return organizationAcls(who, query);
    }
    const uploadId = entityIn(/^\/dms-uploads\/([^/]+)$/u);
    if (method === "PUT" && uploadId) {
      const who = auth("w_member_social", "w_organization_social");
      if (isAnswer(who)) return who;
      return upload(who, uploadId, req, raw);
    }
    if (!path.startsWith("/rest/")) return notFound();

    const refusal = versionRefusal(req);
    if (refusal) return refusal;
    const imageUrn = entityIn(/^\/rest\/images\/([^/]+)$/u);
    const videoUrn = entityIn(/^\/rest\/videos\/([^/]+)$/u);
    const postUrn = entityIn(/^\/rest\/posts\/([^/]+)$/u);
    const restliMethod = header(req, "x-restli-method");

    if (method === "POST" && path === "/rest/images" && query.get("action") === "initializeUpload") {
      const who = auth("w_member_social", "w_organization_social");
      if (isAnswer(who)) return who;
      return initializeUpload(who, json());
    }
    if (method === "POST" && path === "/rest/videos") {
      const who = auth("w_member_social", "w_organization_social");
      if (isAnswer(who)) return who;
      if (query.get("action") === "initializeUpload") return initializeVideo(who, json());
      if (query.get("action") === "finalizeUpload") return finalizeVideo(who, json());
      return badRequest(`Unknown action ${query.get("action")}`);
    }
    if (method === "GET" && videoUrn) {
      const who = auth("w_member_social", "w_organization_social");
      if (isAnswer(who)) return who;
      return videoOf(videoUrn);
    }
    if (method === "GET" && imageUrn) {
      const who = auth("w_member_social", "w_organization_social");
      if (isAnswer(who)) return who;
      return imageOf(imageUrn);
    }
    if (method === "POST" && path === "/rest/posts") {
      const who = auth("w_member_social", "w_organization_social");
      if (isAnswer(who)) return who;
      const answer = createPost(who, json());
      if (dropNext && answer.status === 201) {
        const how = dropNext;
        dropNext = null;
        if (how === "destroy") {
          // Made, but the caller never hears of it.
          res.destroy();
          return null;
        }
        return linkedInError(500, "Internal Server Error");
      }
      return answer;
    }
    if (method === "POST" && postUrn) {
      const who = auth("w_member_social", "w_organization_social");
      if (isAnswer(who)) return who;
      return updatePost(who, postUrn, restliMethod, json());
    }
    if (method === "DELETE" && postUrn) {
      const who = auth("w_member_social", "w_organization_social");
      if (isAnswer(who)) return who;
      return deletePost(who, postUrn);
    }
    if (method === "GET" && postUrn) {
      // Reading a member's posts is for selected developers only (r_member_social).
      const who = auth("r_member_social", "r_organization_social");
      if (isAnswer(who)) return who;
      const post = state.posts.find((p) => p.urn === postUrn);
      return post ? { status: 200, body: postJson(post) } : notFound();
    }
    return notFound();
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? "GET";
    const parsed = new URL(req.url ?? "/", url);
    const path = parsed.pathname;
    const raw = await readBody(req);
    const authorization = header(req, "authorization") ?? "";
    const bearer = authorization.toLowerCase().startsWith("bearer ") ? authorization.slice(7).trim() : null;
    state.requests.push({
      method,
      path,
      query: parsed.searchParams,
      token: bearer,
      version: header(req, "linkedin-version"),
      protocol: header(req, "x-restli-protocol-version"),
      restliMethod: header(req, "x-restli-method"),
    });
    const send = (answer: Answer) => {
      const isText = typeof answer.body === "string";
      res.writeHead(answer.status, {
        ...(answer.body === undefined
          ? {}
          : { "content-type": isText ? "text/html; charset=utf-8" : "application/json" }),
        ...answer.headers,
      });
      if (answer.body === undefined) res.end();
      else res.end(isText ? answer.body : JSON.stringify(answer.body));
    };

    if (method === "GET" && path === "/oauth/v2/authorization")
      return send(authorizationPage(parsed.searchParams));
    if (method === "GET" && path === "/oauth/v2/authorization/allow")
      return send(answerConsent(parsed.searchParams, true));
    if (method === "GET" && path === "/oauth/v2/authorization/cancel")
      return send(answerConsent(parsed.searchParams, false));
    if (method === "POST" && path === "/oauth/v2/accessToken") {
      const form = new URLSearchParams(raw.toString("utf8"));
      return send(exchange(form));
    }
    const feedUrn = /^\/feed\/update\/([^/]+)\/?$/u.exec(path)?.[1];
    if (method === "GET" && feedUrn) {
      const post = state.posts.find((p) => p.urn === decodeURIComponent(feedUrn));
      return send(
        post
          ? { status: 200, body: `<!doctype html><title>LinkedIn</title><p>${escapeHtml(post.text)}` }
          : { status: 404, body: "<!doctype html><title>LinkedIn</title><p>This post cannot be displayed" },
      );
    }

    // Rate limits and injected failures answer before anything is done.
    if (rateLimitedLeft > 0) {
      rateLimitedLeft -= 1;
      return send(
        linkedInError(
          429,
          "Resource level throttle APPLICATION DAY limit for calls to this resource is reached.",
          {
            code: "TOO_MANY_REQUESTS",
          },
        ),
      );
    }
    const failure = failures.findIndex(
      (f) =>
        (!f.matcher.method || f.matcher.method === method) && (!f.matcher.path || f.matcher.path.test(path)),
    );
    if (failure >= 0) {
      const [injected] = failures.splice(failure, 1);
      if (injected)
        return send({ status: injected.status, body: { status: injected.status, ...injected.body } });
    }
    const answer = await api(req, res, method, path, parsed.searchParams, bearer, raw);
    if (answer) send(answer);
  }

  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((failure: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ status: 500, message: String(failure) }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("fake LinkedIn server did not bind");
  url = `http://127.0.0.1:${address.port}`;

  const tokensOf = (value?: string) => [...state.tokens.values()].filter((t) => !value || t.token === value);

  return {
    url,
    clientId,
    clientSecret,
    member,
    state,
    posts: () => [...state.posts],
    issueToken: (scopes = FAKE_LINKEDIN_MEMBER_SCOPES) => token(scopes).token,
    revokeToken(value) {
      for (const entry of tokensOf(value)) entry.revoked = true;
    },
    expireToken(value) {
      for (const entry of tokensOf(value)) entry.expiresAt = new Date(now().getTime() - 1000);
    },
    rateLimitNext(count = 1) {
      rateLimitedLeft = count;
    },
    dropNextPostResponse(how = "destroy") {
      dropNext = how;
    },
    failNext(matcher, status, body = {}) {
      failures.push({ matcher, status, body: { message: `Injected ${status}`, ...body } });
    },
    retireVersion(version) {
      state.retiredVersions.add(version);
    },
    failNextVideo(reason = "Video processing failed: the file could not be transcoded") {
      videoFailures.push(reason);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
