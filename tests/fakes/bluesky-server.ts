import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { jsonToLex, lexicons } from "@atproto/api";

/** One request as the fake received it. */
export interface FakeBlueskyRequest {
  method: string;
  /** The XRPC method (com.atproto.repo.createRecord). */
  nsid: string;
  /** The account whose access token came with it, when one did and it was valid. */
  did: string | null;
  /** Which of the two it reached: the PDS (entryway and AppView too) or the video service. */
  host: "pds" | "video";
  /** When it came (the fake's clock): what the rate limit counts. */
  at: Date;
}

/** A video the video service was given: processed for a few status reads, then its blob is on the PDS. */
export interface FakeBlueskyVideoJob {
  jobId: string;
  did: string;
  /** The name the upload gave (?name=). */
  name: string;
  bytes: Uint8Array;
  /** getJobStatus reads left before the job ends. */
  pollsLeft: number;
  /** How it ends: its blob, or JOB_STATE_FAILED with this error and message. */
  failure: { error: string; message: string } | null;
  state: string;
  blobCid: string | null;
}

/** A token getServiceAuth made (for the video service's uploadVideo). */
export interface FakeBlueskyServiceToken {
  token: string;
  did: string;
  aud: string;
  lxm: string | null;
  exp: number;
}

export interface FakeBlueskyAccount {
  did: string;
  /** Without "@" (alice.bsky.social). */
  handle: string;
  displayName: string | null;
  avatar: string | null;
  /** The account's own password: the PDS takes it too, unless email 2FA is on. */
  password: string;
  appPasswords: Set<string>;
  /** Email 2FA: a login with the account password answers AuthFactorTokenRequired. */
  emailAuthFactor: boolean;
  status: "active" | "takendown" | "deactivated";
}

export interface FakeBlueskyRecord {
  uri: string;
  cid: string;
  repo: string;
  collection: string;
  rkey: string;
  value: Record<string, unknown>;
  indexedAt: string;
}

export interface FakeBlueskyBlob {
  cid: string;
  repo: string;
  mimeType: string;
  size: number;
  bytes: Uint8Array;
}

export interface FakeBlueskyState {
  accounts: Map<string, FakeBlueskyAccount>;
  /** Every stored record by its at:// URI. */
  records: Map<string, FakeBlueskyRecord>;
  blobs: Map<string, FakeBlueskyBlob>;
  requests: FakeBlueskyRequest[];
  videoJobs: Map<string, FakeBlueskyVideoJob>;
  serviceTokens: Map<string, FakeBlueskyServiceToken>;
  /** The account's app.bsky.feed.post records, oldest key first. */
  postsOf(did: string): FakeBlueskyRecord[];
  /** Every reply to the post at `uri` (its reply.parent), in any repo. */
  repliesTo(uri: string): FakeBlueskyRecord[];
  /** Calls to the PDS with the account's token within the window ending now (what the rate limit counts). */
  callsOf(did: string, windowMs: number): number;
  /** Calls the rate limit refused (429), of every account. */
  refusedCalls: number;
  /** Records threads show as `blocked` or `notFound` entries instead of their post view. */
  unreadable: Map<string, "blocked" | "notFound">;
}

export interface FakeBlueskyError {
  status: number;
  error: string;
  message: string;
}

export interface FakeBlueskyServer {
  /** http://127.0.0.1:port, the service (entryway and PDS in one). */
  url: string;
  /** http://127.0.0.1:port, the video service (BLUESKY_VIDEO_SERVICE_URL): uploadVideo, getJobStatus. */
  videoUrl: string;
  state: FakeBlueskyState;
  addAccount(account: {
    handle: string;
    appPasswords?: string[];
    password?: string;
    displayName?: string | null;
    avatar?: string | null;
    emailAuthFactor?: boolean;
  }): FakeBlueskyAccount;
  /** Every access token issued so far (of one account, or all) answers ExpiredToken from now on. */
  expireAccessTokens(did?: string): void;
  /** Every refresh token issued so far (of one account, or all) is refused from now on. */
  revokeRefreshTokens(did?: string): void;
  /** The next `count` calls (of `nsid`, or any) answer 429 RateLimitExceeded with RateLimit-* headers. */
  rateLimitNext(count: number, options: { resetAt: Date; nsid?: string }): void;
  /** The next createRecord is carried out, then its connection destroyed without an answer. */
  dropNextCreateRecord(): void;
  /** The next video uploaded ends JOB_STATE_FAILED with this error and message (after its status reads). */
  failNextVideo(failure?: { error?: string; message?: string }): void;
  /** The next call of `nsid` answers with this error instead (nothing happens). */
  failNext(nsid: string, error: FakeBlueskyError): void;
  /** A record gone from its repo (another account deleting its reply). */
  removeRecord(uri: string): void;
  /** Threads show the record as a blocked (or not found) entry: a reply the viewer cannot read. */
  makeUnreadable(uri: string, as?: "blocked" | "notFound"): void;
  /**
   * Another account's reply under `parentUri` (root and parent refs filled from the parent record), with
   * the time Bluesky indexed it: what the notifications and threads then list.
   */
  addReply(authorDid: string, parentUri: string, text: string): FakeBlueskyRecord;
  /** A record written straight into a repo (another account's reply or mention, for the read methods). */
  putRecord(
    repo: string,
    collection: string,
    value: Record<string, unknown>,
    rkey?: string,
  ): FakeBlueskyRecord;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const POST = "app.bsky.feed.post";
const TID = /^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/;
const RECORD_KEY = /^[a-zA-Z0-9._:~-]{1,512}$/;
const SORTABLE_BASE32 = "234567abcdefghijklmnopqrstuvwxyz";
const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";
const MAX_BLOB_BYTES = 2_000_000;

const fail = (status: number, error: string, message: string): Answer => ({
  status,
  body: { error, message },
});
const ok = (body: unknown): Answer => ({ status: 200, body });

function encodeBase32(bytes: Uint8Array): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32.charAt((buffer >>> (bits - 5)) & 31);
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32.charAt((buffer << (5 - bits)) & 31);
  return out;
}

/** A CIDv1 (sha2-256) as the PDS writes one: raw (0x55) for blobs, dag-cbor (0x71) for records. */
function cidOf(codec: 0x55 | 0x71, bytes: Uint8Array): string {
  const digest = createHash("sha256").update(bytes).digest();
  return `b${encodeBase32(Uint8Array.of(0x01, codec, 0x12, 0x20, ...digest))}`;
}

function nextTid(now: Date, clockId: number): string {
  let value = ((BigInt(now.getTime()) * 1000n) << 10n) | BigInt(clockId & 0x3ff);
  let tid = "";
  for (let index = 0; index < 13; index++) {
    tid = SORTABLE_BASE32.charAt(Number(value & 31n)) + tid;
    value >>= 5n;
  }
  return tid;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("error", reject);
    req.on("end", () => resolve(Buffer.concat(chunks)));
  });
}

/** Every blob CID a record refers to ({"$type":"blob","ref":{"$link":…}}), wherever it sits. */
function blobLinksOf(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const item of value) blobLinksOf(item, found);
  } else if (value && typeof value === "object") {
    const object = value as Record<string, unknown>;
    const ref = object.ref as { $link?: unknown } | undefined;
    if (object.$type === "blob" && typeof ref?.$link === "string") found.push(ref.$link);
    else for (const item of Object.values(object)) blobLinksOf(item, found);
  }
  return found;
}

/**
 * A Bluesky PDS (with its entryway and the AppView reads it proxies) over real HTTP, answering in the shapes
 * of contracts/networks.md section 1: app-password logins (an account password is taken unless email 2FA
 * is on, as the real one does), opaque access and refresh tokens that rotate on refresh and can be expired
 * or revoked, blobs, posts validated against the real app.bsky.feed.post lexicon, TID record keys, a 500
 * on a duplicate key, RecordNotFound, and the error envelope {error, message}. Beside it, on a host of its
 * own (`videoUrl`), the video service: uploadVideo with a getServiceAuth token (audience the PDS's did:web,
 * lxm uploadBlob), a job encoding for a few getJobStatus reads and then storing its blob on the PDS, or
 * ending JOB_STATE_FAILED when told to; the same video again answers 409 already_exists with its job. Tests
 * inject 429s, errors and a create whose answer is lost, and count posts per account in `state`.
 */
export async function startBlueskyServer(
  options: {
    now?: () => Date;
    /** getJobStatus reads answering JOB_STATE_ENCODING before a video's job ends (default 2). */
    videoProcessingPolls?: number;
    /** The PDS the DID documents name; null: sessions come without a DID document. Default: this server. */
    advertisedPds?: (url: string) => string | null;
    /**
     * Each account's calls to the PDS (by its token) allowed per window: more answer 429 RateLimitExceeded
     * with RateLimit-Reset, as Bluesky's limiter does. Absent: every call is counted, none refused.
     */
    rateLimit?: { calls: number; windowMs: number };
  } = {},
): Promise<FakeBlueskyServer> {
  const now = options.now ?? (() => new Date());
  const accounts = new Map<string, FakeBlueskyAccount>();
  const records = new Map<string, FakeBlueskyRecord>();
  const blobs = new Map<string, FakeBlueskyBlob>();
  const requests: FakeBlueskyRequest[] = [];
  const accessTokens = new Map<string, { did: string; expired: boolean }>();
  const refreshTokens = new Map<string, { did: string; revoked: boolean }>();
  const rateLimits: { left: number; resetAt: Date; nsid: string | undefined }[] = [];
  const failures: { nsid: string; error: FakeBlueskyError }[] = [];
  const videoJobs = new Map<string, FakeBlueskyVideoJob>();
  const serviceTokens = new Map<string, FakeBlueskyServiceToken>();
  const videoFailures: { error: string; message: string }[] = [];
  const videoProcessingPolls = options.videoProcessingPolls ?? 2;
  let dropCreates = 0;
  let refusedCalls = 0;
  const unreadable = new Map<string, "blocked" | "notFound">();
  let url = "";
  let videoUrl = "";

  const accountOf = (actor: string): FakeBlueskyAccount | undefined => {
    const wanted = actor.replace(/^@/, "").toLowerCase();
    return accounts.get(actor) ?? [...accounts.values()].find((account) => account.handle === wanted);
  };

  const didDocOf = (account: FakeBlueskyAccount) => {
    const pds = options.advertisedPds ? options.advertisedPds(url) : url;
    if (pds === null) return undefined;
    return {
      "@context": ["https://www.w3.org/ns/did/v1"],
      id: account.did,
      alsoKnownAs: [`at://${account.handle}`],
      verificationMethod: [],
      service: [{ id: "#atproto_pds", type: "AtprotoPersonalDataServer", serviceEndpoint: pds }],
    };
  };

  /** What createSession, refreshSession and getSession say of the account, tokens aside. */
  function describeSession(account: FakeBlueskyAccount) {
    const didDoc = didDocOf(account);
    return {
      did: account.did,
      handle: account.handle,
      ...(didDoc ? { didDoc } : {}),
      email: `${account.handle.split(".")[0]}@example.com`,
      emailConfirmed: true,
      emailAuthFactor: account.emailAuthFactor,
      active: account.status === "active",
    };
  }

  function issueSession(account: FakeBlueskyAccount) {
    const accessJwt = `fake-access-${randomBytes(12).toString("hex")}`;
    const refreshJwt = `fake-refresh-${randomBytes(12).toString("hex")}`;
    accessTokens.set(accessJwt, { did: account.did, expired: false });
    refreshTokens.set(refreshJwt, { did: account.did, revoked: false });
    return { ...describeSession(account), accessJwt, refreshJwt };
  }

  const bearerOf = (req: IncomingMessage): string | null => {
    const header = req.headers.authorization ?? "";
    return header.startsWith("Bearer ") ? header.slice("Bearer ".length).trim() : null;
  };

  function accountGone(account: FakeBlueskyAccount | undefined): Answer | null {
    if (!account) return fail(400, "InvalidToken", "Token could not be verified");
    if (account.status === "takendown") return fail(401, "AccountTakedown", "Account has been taken down");
    if (account.status === "deactivated") return fail(401, "AccountDeactivated", "Account is deactivated");
    return null;
  }

  /** The caller of a method that takes an access token: required, or checked only when one is sent. */
  function authorize(
    token: string | null,
    required: boolean,
  ): { account: FakeBlueskyAccount | null } | Answer {
    if (!token) return required ? fail(401, "AuthMissing", "Authentication Required") : { account: null };
    const access = accessTokens.get(token);
    if (!access) {
      if (refreshTokens.has(token)) return fail(400, "InvalidToken", "Invalid token type");
      return fail(400, "InvalidToken", "Token could not be verified");
    }
    if (access.expired) return fail(400, "ExpiredToken", "Token has expired");
    const account = accounts.get(access.did);
    return accountGone(account) ?? { account: account ?? null };
  }

  const isAnswer = (value: unknown): value is Answer =>
    typeof value === "object" && value !== null && "status" in value && "body" in value;

  function storeRecord(repo: string, collection: string, rkey: string, value: Record<string, unknown>) {
    const record: FakeBlueskyRecord = {
      uri: `at://${repo}/${collection}/${rkey}`,
      cid: cidOf(0x71, Buffer.from(JSON.stringify(value))),
      repo,
      collection,
      rkey,
      value,
      indexedAt: now().toISOString(),
    };
    records.set(record.uri, record);
    return record;
  }

  const authorOf = (did: string) => {
    const account = accounts.get(did);
    return {
      did,
      handle: account?.handle ?? "handle.invalid",
      ...(account?.displayName ? { displayName: account.displayName } : {}),
      ...(account?.avatar ? { avatar: account.avatar } : {}),
    };
  };

  const repliesTo = (uri: string) =>
    [...records.values()].filter(
      (record) => (record.value.reply as { parent?: { uri?: string } } | undefined)?.parent?.uri === uri,
    );

  const postView = (record: FakeBlueskyRecord) => ({
    uri: record.uri,
    cid: record.cid,
    author: authorOf(record.repo),
    record: record.value,
    replyCount: repliesTo(record.uri).length,
    repostCount: 0,
    likeCount: 0,
    quoteCount: 0,
    indexedAt: record.indexedAt,
  });

  const threadOf = (record: FakeBlueskyRecord, depth: number): unknown => {
    const shown = unreadable.get(record.uri);
    if (shown === "blocked")
      return {
        $type: "app.bsky.feed.defs#blockedPost",
        uri: record.uri,
        blocked: true,
        author: { did: record.repo },
      };
    if (shown === "notFound")
      return { $type: "app.bsky.feed.defs#notFoundPost", uri: record.uri, notFound: true };
    return {
      $type: "app.bsky.feed.defs#threadViewPost",
      post: postView(record),
      // At the depth limit the AppView lists no replies (the post's replyCount still counts them).
      ...(depth > 0 ? { replies: repliesTo(record.uri).map((reply) => threadOf(reply, depth - 1)) } : {}),
    };
  };

  /** What other accounts did to `did`'s posts: replies, mentions and quotes. */
  function notificationsOf(did: string, reasons: string[]) {
    const own = new Set(
      [...records.values()].filter((record) => record.repo === did).map((record) => record.uri),
    );
    const found: { record: FakeBlueskyRecord; reason: string; reasonSubject?: string }[] = [];
    for (const record of records.values()) {
      if (record.repo === did || record.collection !== POST) continue;
      const parent = (record.value.reply as { parent?: { uri?: string } } | undefined)?.parent?.uri;
      const quoted = (record.value.embed as { record?: { uri?: string } } | undefined)?.record?.uri;
      const facets = (record.value.facets ?? []) as { features?: { $type?: string; did?: string }[] }[];
      const mentions = facets.some((facet) =>
        facet.features?.some((f) => f.$type === "app.bsky.richtext.facet#mention" && f.did === did),
      );
      if (parent && own.has(parent)) found.push({ record, reason: "reply", reasonSubject: parent });
      else if (quoted && own.has(quoted)) found.push({ record, reason: "quote", reasonSubject: quoted });
      else if (mentions) found.push({ record, reason: "mention" });
    }
    return found
      .filter((item) => reasons.length === 0 || reasons.includes(item.reason))
      .sort(
        (a, b) =>
          b.record.indexedAt.localeCompare(a.record.indexedAt) || b.record.rkey.localeCompare(a.record.rkey),
      )
      .map(({ record, reason, reasonSubject }) => ({
        uri: record.uri,
        cid: record.cid,
        author: authorOf(record.repo),
        reason,
        ...(reasonSubject ? { reasonSubject } : {}),
        record: record.value,
        isRead: false,
        indexedAt: record.indexedAt,
      }));
  }

  function createRecord(caller: FakeBlueskyAccount, input: Record<string, unknown>): Answer {
    const { repo, collection, record } = input;
    if (typeof repo !== "string" || typeof collection !== "string" || !record || typeof record !== "object")
      return fail(400, "InvalidRequest", "Input must have the properties repo, collection and record");
    const owner = accountOf(repo);
    if (!owner) return fail(400, "InvalidRequest", `Could not find repo: ${repo}`);
    if (owner.did !== caller.did) return fail(401, "AuthenticationRequired", "Authentication Required");
    const value = record as Record<string, unknown>;
    if (value.$type !== collection)
      return fail(400, "InvalidRequest", `Invalid $type: expected ${collection}, got ${String(value.$type)}`);
    const rkey = typeof input.rkey === "string" ? input.rkey : nextTid(now(), randomBytes(2).readUInt16BE(0));
    if (collection === POST && !TID.test(rkey))
      return fail(400, "InvalidRequest", `Invalid ${collection} record key: ${rkey} is not a TID`);
    if (!RECORD_KEY.test(rkey)) return fail(400, "InvalidRequest", `Invalid record key: ${rkey}`);
    if (collection === POST && input.validate !== false) {
      try {
        lexicons.assertValidRecord(POST, jsonToLex(value));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return fail(400, "InvalidRequest", `Invalid ${POST} record: ${message}`);
      }
    }
    for (const link of blobLinksOf(value)) {
      if (blobs.get(link)?.repo !== owner.did)
        return fail(400, "InvalidRequest", `Could not find blob: ${link}`);
    }
    // The PDS's own answer to a key already taken (atproto#3718): a bare 500, not a conflict.
    if (records.has(`at://${owner.did}/${collection}/${rkey}`))
      return fail(500, "InternalServerError", "Internal Server Error");
    const stored = storeRecord(owner.did, collection, rkey, value);
    return ok({ uri: stored.uri, cid: stored.cid, validationStatus: "valid" });
  }

  function route(
    method: string,
    nsid: string,
    params: URLSearchParams,
    body: Buffer,
    req: IncomingMessage,
    token: string | null,
  ): Answer {
    const json = (): Record<string, unknown> => {
      try {
        return JSON.parse(body.toString() || "{}") as Record<string, unknown>;
      } catch {
        return {};
      }
    };
    const caller = (required: boolean) => authorize(token, required);

    switch (`${method} ${nsid}`) {
      case "POST com.atproto.server.createSession": {
        const { identifier, password } = json();
        if (typeof identifier !== "string" || typeof password !== "string")
          return fail(400, "InvalidRequest", "Input must have the properties identifier and password");
        const account = accountOf(identifier);
        const isApp = account?.appPasswords.has(password) ?? false;
        const isMain = account?.password === password;
        if (!account || (!isApp && !isMain))
          return fail(401, "AuthenticationRequired", "Invalid identifier or password");
        if (account.status === "takendown")
          return fail(401, "AccountTakedown", "Account has been taken down");
        if (isMain && account.emailAuthFactor)
          return fail(401, "AuthFactorTokenRequired", "A sign in code has been sent to your email address");
        return ok(issueSession(account));
      }
      case "POST com.atproto.server.refreshSession": {
        if (!token) return fail(401, "AuthMissing", "Authentication Required");
        const refresh = refreshTokens.get(token);
        if (!refresh) {
          if (accessTokens.has(token)) return fail(400, "InvalidToken", "Invalid token type");
          return fail(400, "InvalidToken", "Token could not be verified");
        }
        if (refresh.revoked) return fail(400, "ExpiredToken", "Token has been revoked");
        const account = accounts.get(refresh.did);
        const gone = accountGone(account);
        if (gone || !account) return gone ?? fail(400, "InvalidToken", "Token could not be verified");
        // Rotation: the old refresh token is spent.
        refresh.revoked = true;
        return ok(issueSession(account));
      }
      case "GET com.atproto.server.getServiceAuth": {
        const auth = caller(true);
        if (isAnswer(auth)) return auth;
        const aud = params.get("aud");
        if (!aud) return fail(400, "InvalidRequest", 'Error: Params must have the property "aud"');
        const nowSeconds = Math.floor(now().getTime() / 1000);
        const exp = params.has("exp") ? Number(params.get("exp")) : nowSeconds + 60;
        if (!Number.isFinite(exp) || exp <= nowSeconds)
          return fail(400, "BadExpiration", "expiration is in past");
        if (exp > nowSeconds + 3600)
          return fail(
            400,
            "BadExpiration",
            "cannot request a token with an expiration more than an hour in the future",
          );
        const token = `fake-service-${randomBytes(12).toString("hex")}`;
        serviceTokens.set(token, { token, did: auth.account!.did, aud, lxm: params.get("lxm"), exp });
        return ok({ token });
      }
      case "GET com.atproto.server.getSession": {
        const auth = caller(true);
        if (isAnswer(auth)) return auth;
        return ok(describeSession(auth.account!));
      }
      case "GET com.atproto.identity.resolveHandle": {
        const auth = caller(false);
        if (isAnswer(auth)) return auth;
        const account = accountOf(params.get("handle") ?? "");
        return account ? ok({ did: account.did }) : fail(400, "InvalidRequest", "Unable to resolve handle");
      }
      case "GET app.bsky.actor.getProfile": {
        const auth = caller(false);
        if (isAnswer(auth)) return auth;
        const account = accountOf(params.get("actor") ?? "");
        if (!account) return fail(400, "InvalidRequest", "Profile not found");
        const posts = [...records.values()].filter((r) => r.repo === account.did && r.collection === POST);
        return ok({ ...authorOf(account.did), followersCount: 0, followsCount: 0, postsCount: posts.length });
      }
      case "POST com.atproto.repo.uploadBlob": {
        const auth = caller(true);
        if (isAnswer(auth)) return auth;
        if (body.byteLength > MAX_BLOB_BYTES)
          return fail(
            400,
            "BlobTooLarge",
            `This file is too large. It is ${body.byteLength} bytes; the limit is ${MAX_BLOB_BYTES}.`,
          );
        const mimeType = (req.headers["content-type"] ?? "application/octet-stream").split(";")[0]!.trim();
        const cid = cidOf(0x55, body);
        blobs.set(cid, {
          cid,
          repo: auth.account!.did,
          mimeType,
          size: body.byteLength,
          bytes: new Uint8Array(body),
        });
        return ok({ blob: { $type: "blob", ref: { $link: cid }, mimeType, size: body.byteLength } });
      }
      case "POST com.atproto.repo.createRecord": {
        const auth = caller(true);
        if (isAnswer(auth)) return auth;
        return createRecord(auth.account!, json());
      }
      case "GET com.atproto.repo.getRecord": {
        const auth = caller(false);
        if (isAnswer(auth)) return auth;
        const repo = params.get("repo") ?? "";
        const owner = accountOf(repo);
        if (!owner) return fail(400, "InvalidRequest", `Could not find repo: ${repo}`);
        const uri = `at://${owner.did}/${params.get("collection") ?? ""}/${params.get("rkey") ?? ""}`;
        const record = records.get(uri);
        if (!record) return fail(400, "RecordNotFound", `Could not locate record: ${uri}`);
        return ok({ uri: record.uri, cid: record.cid, value: record.value });
      }
      case "POST com.atproto.repo.deleteRecord": {
        const auth = caller(true);
        if (isAnswer(auth)) return auth;
        const { repo, collection, rkey } = json();
        const owner = typeof repo === "string" ? accountOf(repo) : undefined;
        if (!owner) return fail(400, "InvalidRequest", `Could not find repo: ${String(repo)}`);
        if (owner.did !== auth.account!.did)
          return fail(401, "AuthenticationRequired", "Authentication Required");
        records.delete(`at://${owner.did}/${String(collection)}/${String(rkey)}`);
        return ok({});
      }
      case "GET com.atproto.repo.listRecords": {
        const auth = caller(false);
        if (isAnswer(auth)) return auth;
        const repo = params.get("repo") ?? "";
        const owner = accountOf(repo);
        if (!owner) return fail(400, "InvalidRequest", `Could not find repo: ${repo}`);
        const collection = params.get("collection") ?? "";
        const limit = Math.min(100, Math.max(1, Number(params.get("limit") ?? 50) || 50));
        const reverse = params.get("reverse") === "true";
        const cursor = params.get("cursor");
        const all = [...records.values()]
          .filter((record) => record.repo === owner.did && record.collection === collection)
          .sort((a, b) => (reverse ? a.rkey.localeCompare(b.rkey) : b.rkey.localeCompare(a.rkey)))
          .filter((record) => !cursor || (reverse ? record.rkey > cursor : record.rkey < cursor));
        const page = all.slice(0, limit);
        const last = page.at(-1);
        return ok({
          records: page.map((record) => ({ uri: record.uri, cid: record.cid, value: record.value })),
          ...(all.length > limit && last ? { cursor: last.rkey } : {}),
        });
      }
      case "GET app.bsky.feed.getPostThread": {
        const auth = caller(false);
        if (isAnswer(auth)) return auth;
        const uri = params.get("uri") ?? "";
        const record = records.get(uri);
        if (!record) return fail(400, "NotFound", `Post not found: ${uri}`);
        const depth = Math.min(1000, Math.max(0, Number(params.get("depth") ?? 6) || 0));
        return ok({ thread: threadOf(record, depth) });
      }
      case "GET app.bsky.notification.listNotifications": {
        const auth = caller(true);
        if (isAnswer(auth)) return auth;
        const reasons = params.getAll("reasons").flatMap((value) => value.split(","));
        const limit = Math.min(100, Math.max(1, Number(params.get("limit") ?? 50) || 50));
        // The cursor goes back in time: the position after the last one of the page before.
        const start = Number(params.get("cursor") ?? 0) || 0;
        const all = notificationsOf(auth.account!.did, reasons);
        const page = all.slice(start, start + limit);
        return ok({
          notifications: page,
          ...(start + limit < all.length ? { cursor: String(start + limit) } : {}),
        });
      }
      default:
        return fail(501, "MethodNotImplemented", `Method Not Implemented: ${nsid}`);
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const address = new URL(req.url ?? "/", "http://fake");
    const method = req.method ?? "GET";
    const nsid = address.pathname.replace(/^\/xrpc\//, "");
    const body = await readBody(req);
    const token = bearerOf(req);
    const known = token ? accessTokens.get(token) : undefined;
    const did = known && !known.expired ? known.did : null;
    requests.push({ method, nsid, did, host: "pds", at: now() });

    const send = (answer: Answer) => {
      res.writeHead(answer.status, { "content-type": "application/json; charset=utf-8", ...answer.headers });
      res.end(JSON.stringify(answer.body));
    };

    const perAccount = options.rateLimit;
    if (perAccount && did) {
      const since = now().getTime() - perAccount.windowMs;
      const inWindow = requests.filter(
        (request) => request.host === "pds" && request.did === did && request.at.getTime() > since,
      );
      if (inWindow.length > perAccount.calls) {
        refusedCalls += 1;
        const reset = (inWindow[0]?.at.getTime() ?? now().getTime()) + perAccount.windowMs;
        send({
          ...fail(429, "RateLimitExceeded", "Rate Limit Exceeded"),
          headers: {
            "RateLimit-Limit": String(perAccount.calls),
            "RateLimit-Remaining": "0",
            "RateLimit-Reset": String(Math.ceil(reset / 1000)),
            "RateLimit-Policy": `${perAccount.calls};w=${Math.round(perAccount.windowMs / 1000)}`,
          },
        });
        return;
      }
    }

    const limited = rateLimits.find((limit) => limit.left > 0 && (!limit.nsid || limit.nsid === nsid));
    if (limited) {
      limited.left -= 1;
      send({
        ...fail(429, "RateLimitExceeded", "Rate Limit Exceeded"),
        headers: {
          "RateLimit-Limit": "5000",
          "RateLimit-Remaining": "0",
          "RateLimit-Reset": String(Math.floor(limited.resetAt.getTime() / 1000)),
          "RateLimit-Policy": "5000;w=3600",
        },
      });
      return;
    }
    const failureIndex = failures.findIndex((failure) => failure.nsid === nsid);
    const failure = failureIndex >= 0 ? failures.splice(failureIndex, 1)[0] : undefined;
    if (failure) {
      send(fail(failure.error.status, failure.error.error, failure.error.message));
      return;
    }

    const answer = route(method, nsid, address.searchParams, body, req, token);
    if (nsid === "com.atproto.repo.createRecord" && answer.status === 200 && dropCreates > 0) {
      dropCreates -= 1;
      // Written, but the caller never hears so: the connection dies before any answer.
      res.socket?.destroy();
      return;
    }
    send(answer);
  }

  // ---- the video service (video.bsky.app): its own host, the PDS's blobs and accounts ----

  const jobJson = (job: FakeBlueskyVideoJob) => ({
    jobId: job.jobId,
    did: job.did,
    state: job.state,
    ...(job.state === "JOB_STATE_ENCODING" ? { progress: 50 } : {}),
    ...(job.blobCid
      ? {
          blob: {
            $type: "blob",
            ref: { $link: job.blobCid },
            mimeType: "video/mp4",
            size: job.bytes.byteLength,
          },
        }
      : {}),
    ...(job.state === "JOB_STATE_FAILED" && job.failure
      ? { error: job.failure.error, message: job.failure.message }
      : {}),
  });

  /** A status read moves the job on: encoding for a few reads, then its blob on the PDS, or its failure. */
  function advance(job: FakeBlueskyVideoJob) {
    if (job.state === "JOB_STATE_COMPLETED" || job.state === "JOB_STATE_FAILED") return;
    if (job.pollsLeft > 0) {
      job.pollsLeft -= 1;
      job.state = "JOB_STATE_ENCODING";
      return;
    }
    if (job.failure) {
      job.state = "JOB_STATE_FAILED";
      return;
    }
    // The service stores the processed video on the account's PDS, as uploadBlob would.
    const cid = cidOf(0x55, job.bytes);
    blobs.set(cid, {
      cid,
      repo: job.did,
      mimeType: "video/mp4",
      size: job.bytes.byteLength,
      bytes: job.bytes,
    });
    job.blobCid = cid;
    job.state = "JOB_STATE_COMPLETED";
  }

  /** The PDS's service DID as the video service expects it in a token's audience. */
  const pdsAudience = (did: string) => {
    const account = accounts.get(did);
    const pds = (account && options.advertisedPds ? options.advertisedPds(url) : null) ?? url;
    return `did:web:${encodeURIComponent(new URL(pds).host)}`;
  };

  function videoRoute(
    method: string,
    nsid: string,
    params: URLSearchParams,
    body: Buffer,
    req: IncomingMessage,
    token: string | null,
  ): Answer {
    switch (`${method} ${nsid}`) {
      case "POST app.bsky.video.uploadVideo": {
        const service = token ? serviceTokens.get(token) : undefined;
        if (!service) return fail(401, "AuthMissing", "Authentication Required");
        if (service.exp * 1000 <= now().getTime()) return fail(401, "BadJwt", "jwt expired");
        if (service.lxm !== "com.atproto.repo.uploadBlob")
          return fail(401, "BadJwtLexiconMethod", 'bad jwt lexicon method ("lxm")');
        if (service.aud !== pdsAudience(service.did))
          return fail(401, "BadJwtAudience", "jwt audience does not match service did");
        if (params.get("did") !== service.did)
          return fail(400, "InvalidRequest", "did does not match the token");
        const mimeType = (req.headers["content-type"] ?? "").split(";")[0]!.trim();
        if (mimeType !== "video/mp4")
          return fail(400, "InvalidMimeType", `Unsupported mime type: ${mimeType}`);
        if (body.byteLength === 0) return fail(400, "InvalidRequest", "Empty video");
        const jobId = `job_${createHash("sha256").update(service.did).update(body).digest("hex").slice(0, 20)}`;
        const seen = videoJobs.get(jobId);
        // The same video from the same account again: the service points at the first job.
        if (seen)
          return {
            status: 409,
            body: { ...jobJson(seen), error: "already_exists", message: "Video already processed" },
          };
        const job: FakeBlueskyVideoJob = {
          jobId,
          did: service.did,
          name: params.get("name") ?? "",
          bytes: new Uint8Array(body),
          pollsLeft: videoProcessingPolls,
          failure: videoFailures.shift() ?? null,
          state: "JOB_STATE_CREATED",
          blobCid: null,
        };
        videoJobs.set(jobId, job);
        // The service answers the job's status itself (not {jobStatus}, as the lexicon says).
        return ok(jobJson(job));
      }
      case "GET app.bsky.video.getJobStatus": {
        const job = videoJobs.get(params.get("jobId") ?? "");
        if (!job) return fail(400, "InvalidRequest", "Job not found");
        advance(job);
        return ok({ jobStatus: jobJson(job) });
      }
      default:
        return fail(501, "MethodNotImplemented", `Method Not Implemented: ${nsid}`);
    }
  }

  async function handleVideo(req: IncomingMessage, res: ServerResponse) {
    const address = new URL(req.url ?? "/", "http://fake");
    const method = req.method ?? "GET";
    const nsid = address.pathname.replace(/^\/xrpc\//, "");
    const body = await readBody(req);
    const token = bearerOf(req);
    requests.push({
      method,
      nsid,
      did: (token && serviceTokens.get(token)?.did) || null,
      host: "video",
      at: now(),
    });
    const send = (answer: Answer) => {
      res.writeHead(answer.status, { "content-type": "application/json; charset=utf-8", ...answer.headers });
      res.end(JSON.stringify(answer.body));
    };
    const failureIndex = failures.findIndex((failure) => failure.nsid === nsid);
    const failure = failureIndex >= 0 ? failures.splice(failureIndex, 1)[0] : undefined;
    if (failure) {
      send(fail(failure.error.status, failure.error.error, failure.error.message));
      return;
    }
    send(videoRoute(method, nsid, address.searchParams, body, req, token));
  }

  const videoServer: Server = createServer((req, res) => {
    handleVideo(req, res).catch((error: unknown) => {
      if (res.headersSent || res.destroyed) return;
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "InternalServerError", message: String(error) }));
    });
  });
  await new Promise<void>((resolve) => videoServer.listen(0, "127.0.0.1", resolve));
  const videoAddress = videoServer.address();
  if (!videoAddress || typeof videoAddress === "string")
    throw new Error("fake Bluesky video service did not bind");
  videoUrl = `http://127.0.0.1:${videoAddress.port}`;

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent || res.destroyed) return;
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "InternalServerError", message: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("fake Bluesky server did not bind");
  url = `http://127.0.0.1:${address.port}`;

  function putRecord(
    repo: string,
    collection: string,
    value: Record<string, unknown>,
    rkey?: string,
  ): FakeBlueskyRecord {
    const owner = accountOf(repo);
    if (!owner) throw new Error(`no fake account ${repo}`);
    return storeRecord(owner.did, collection, rkey ?? nextTid(now(), randomBytes(2).readUInt16BE(0)), {
      $type: collection,
      ...value,
    });
  }

  const matchesDid = (did: string | undefined) => (entry: { did: string }) => !did || entry.did === did;

  return {
    url,
    videoUrl,
    state: {
      accounts,
      records,
      blobs,
      requests,
      videoJobs,
      serviceTokens,
      repliesTo,
      unreadable,
      callsOf: (did, windowMs) => {
        const since = now().getTime() - windowMs;
        return requests.filter((r) => r.host === "pds" && r.did === did && r.at.getTime() > since).length;
      },
      get refusedCalls() {
        return refusedCalls;
      },
      postsOf: (did) =>
        [...records.values()]
          .filter((record) => record.repo === did && record.collection === POST)
          .sort((a, b) => a.rkey.localeCompare(b.rkey)),
    },
    addAccount(input) {
      const handle = input.handle.replace(/^@/, "").toLowerCase();
      const account: FakeBlueskyAccount = {
        did: `did:plc:${encodeBase32(randomBytes(15))}`,
        handle,
        displayName: input.displayName === undefined ? null : input.displayName,
        avatar: input.avatar === undefined ? null : input.avatar,
        password: input.password ?? `main-password-${randomBytes(6).toString("hex")}`,
        appPasswords: new Set(input.appPasswords ?? []),
        emailAuthFactor: input.emailAuthFactor ?? false,
        status: "active",
      };
      accounts.set(account.did, account);
      return account;
    },
    expireAccessTokens(did) {
      for (const access of accessTokens.values()) if (matchesDid(did)(access)) access.expired = true;
    },
    revokeRefreshTokens(did) {
      for (const refresh of refreshTokens.values()) if (matchesDid(did)(refresh)) refresh.revoked = true;
    },
    rateLimitNext(count, limit) {
      rateLimits.push({ left: count, resetAt: limit.resetAt, nsid: limit.nsid });
    },
    dropNextCreateRecord() {
      dropCreates += 1;
    },
    failNextVideo(failure = {}) {
      videoFailures.push({
        error: failure.error ?? "InvalidVideo",
        message: failure.message ?? "Video processing failed: unsupported codec",
      });
    },
    failNext(nsid, error) {
      failures.push({ nsid, error });
    },
    removeRecord(uri) {
      records.delete(uri);
    },
    makeUnreadable(uri, as = "blocked") {
      unreadable.set(uri, as);
    },
    addReply(authorDid, parentUri, text) {
      const parent = records.get(parentUri);
      if (!parent) throw new Error(`no fake record ${parentUri}`);
      const parentRef = { uri: parent.uri, cid: parent.cid };
      const root =
        (parent.value.reply as { root?: { uri: string; cid: string } } | undefined)?.root ?? parentRef;
      return putRecord(authorDid, POST, {
        text,
        createdAt: now().toISOString(),
        reply: { root, parent: parentRef },
      });
    },
    putRecord,
    close: async () => {
      for (const open of [server, videoServer]) {
        await new Promise<void>((resolve) => {
          open.closeAllConnections();
          open.close(() => resolve());
        });
      }
    },
  };
}
