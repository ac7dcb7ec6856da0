import { type ZodError, z } from "zod";

/** The closed set of error codes of API.md, each with its HTTP status. */
export const errorStatus = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  /** A request body over the route's limit, refused before it is read. */
  payload_too_large: 413,
  quota_exceeded: 429,
  upstream_failed: 502,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/**
 * Every reason an answer can give, with the code (and so the status) it travels under. A reason is the
 * stable word screens, the chat, jobs and scripts branch on; the message beside it is for people and may be
 * reworded. Each code is also a reason of its own, for refusals nobody needs to tell apart. README.md lists
 * them (a test keeps the list complete).
 */
export const errorReasons = {
  // The generic reason of each code.
  invalid_input: {
    code: "invalid_input",
    description: "The input does not match its schema; `issues` says where.",
  },
  unauthenticated: { code: "unauthenticated", description: "No session cookie and no valid API key." },
  forbidden: { code: "forbidden", description: "The caller may not do this." },
  not_found: { code: "not_found", description: "No such object, or one that is not the caller's." },
  conflict: { code: "conflict", description: "The object's current state does not allow the action." },
  payload_too_large: { code: "payload_too_large", description: "The body is over the route's size limit." },
  quota_exceeded: { code: "quota_exceeded", description: "A rate limit: too many calls; try again later." },
  // The plan's allowances (core spec section 8, connections spec section 5): an upgrade lifts them, a wait
  // does not (except the daily one). Screens and the chat offer the upgrade on these reasons alone.
  quota_monthly: {
    code: "quota_exceeded",
    description: "The plan's posts for this month are used up; upgrading continues posting.",
  },
  quota_daily: {
    code: "quota_exceeded",
    description: "The Free plan's post for today is made; try tomorrow or upgrade to Pro.",
  },
  quota_captions: {
    code: "quota_exceeded",
    description: "The plan's image captions for this month are used up (or fewer are left than asked).",
  },
  upstream_failed: {
    code: "upstream_failed",
    description: "The AI provider, a social network or billing failed.",
  },
  internal: {
    code: "internal",
    description: "Something went wrong on our side; details are in the server log.",
  },
  // Specific reasons, each a case somebody tells apart.
  post_not_approved: {
    code: "conflict",
    description:
      "Posting or scheduling a post nobody approved; approve it (with the current time to post it now).",
  },
  post_action_unavailable: {
    code: "conflict",
    description: "The post's state does not offer the action (see the post's availableActions).",
  },
  post_already_published: {
    code: "conflict",
    description: "The post is published; only its text can change.",
  },
  post_being_published: {
    code: "conflict",
    description: "The post is being handed to the network right now; try again in a minute.",
  },
  optimal_time_unavailable: {
    code: "conflict",
    description: "Approval at the optimal time asked for a post with no optimal time still ahead.",
  },
  no_active_brand: {
    code: "not_found",
    description: "The caller has no brand yet (create one first); the chat still answers and offers to.",
  },
  origin_forbidden: {
    code: "forbidden",
    description:
      "A request from a web page of another origin (the MCP endpoint's rule against DNS rebinding).",
  },
  plan_required: {
    code: "forbidden",
    description: "The caller's plan lacks the feature; the message names the plan to upgrade to.",
  },
  background_removal_failed: {
    code: "invalid_input",
    description: "The watermark's background could not be removed (the image is kept as it was).",
  },
  image_too_large: { code: "invalid_input", description: "An uploaded image is over 5 MB." },
  image_type_invalid: {
    code: "invalid_input",
    description: "An upload is not a JPEG, PNG, GIF or WebP image (read from its content, not its name).",
  },
  publish_unconfirmed: {
    code: "upstream_failed",
    description:
      "The network may or may not have taken the post (the call was cut off): nothing is sent again; check the page.",
  },
  // Channels (issue 30): the networks a brand connects beyond Facebook and Instagram.
  network_token_expired: {
    code: "upstream_failed",
    description:
      "The network no longer accepts the connection's token (expired or revoked): the connection is marked expired and the user is told once to reconnect it in Settings > Channels.",
  },
  text_over_limit: {
    code: "invalid_input",
    description:
      "The post's text is longer than its network takes, counted the network's way (graphemes on Bluesky, links as 23 on Mastodon); nothing was sent.",
  },
  channel_not_connected: {
    code: "conflict",
    description: "The brand has no account connected on that network; connect one in Settings > Channels.",
  },
  app_password_required: {
    code: "invalid_input",
    description:
      "Bluesky was given the account's own password, or a login that needs a second factor: an app password is asked for.",
  },
  // Rich posts (issue 32): media lists, formats, video, first comments, the media library.
  format_unsupported: {
    code: "invalid_input",
    description:
      "The post's network does not publish that format (a Reel on Bluesky); the composer offers only the formats the network declares.",
  },
  media_not_fitting: {
    code: "invalid_input",
    description:
      "The post's media do not fit its format on its network: too many or too few items, a video where only images go, a video too long, short or large; the message says which item.",
  },
  video_invalid: {
    code: "invalid_input",
    description:
      "An upload is not a video we can read (read from its content: a renamed text file, a truncated MP4, a frame too large), or it is over the plan's size or the longest length.",
  },
  media_processing_failed: {
    code: "upstream_failed",
    description:
      "The network could not process an item of the post (a Reel's video, a carousel's third image); nothing was published and the message gives the network's reason.",
  },
  media_in_use: {
    code: "conflict",
    description:
      "A file of the media library is used by a scheduled post; it cannot be deleted until that post is changed.",
  },
  first_comment_unsupported: {
    code: "invalid_input",
    description: "The post's network takes no first comment (Telegram, Discord, LinkedIn).",
  },
  // The inbox (issue 33): comments and replies from every channel.
  inbox_unsupported: {
    code: "invalid_input",
    description:
      "The post's network lets no comments be read or answered that way (a Discord webhook, a Telegram channel, LinkedIn), or does not take that action (hiding on Bluesky, liking on Instagram).",
  },
  reply_unconfirmed: {
    code: "upstream_failed",
    description:
      "The network may or may not have taken the reply (the call was cut off and it cannot tell): nothing is sent again; check the comment there.",
  },
  reply_failed: {
    code: "upstream_failed",
    description:
      "The network refused the reply (the message gives its reason); the reply stays in the inbox with Retry.",
  },
  // Campaign use cases without a connected page and ad account (the campaigns page shows its setup card).
  ad_account_required: {
    code: "conflict",
    description:
      "Campaigns need a connected Facebook page and ad account on the brand; connect them in Settings.",
  },
  // A campaign or ad set whose start is before now (the wizard says so by the start date).
  start_in_past: {
    code: "invalid_input",
    description: "A campaign's or ad set's start date is in the past; choose today or a later date.",
  },
  // Deleting one's own account (issue 28, item 3): the password confirms it.
  password_required: {
    code: "invalid_input",
    description: "Deleting the account needs the account's password; none was sent.",
  },
  password_wrong: {
    code: "invalid_input",
    description:
      "The password sent to confirm deleting the account is not the account's; nothing was deleted.",
  },
} as const satisfies Record<string, { code: ErrorCode; description: string }>;

export type ErrorReason = keyof typeof errorReasons;

export const isErrorReason = (value: unknown): value is ErrorReason =>
  typeof value === "string" && Object.hasOwn(errorReasons, value);

export interface ErrorIssue {
  path: string;
  message: string;
}

export interface AppErrorOptions {
  issues?: ErrorIssue[] | undefined;
  /**
   * upstream_failed only: the service asked us to slow down (a rate limit), so the same request is worth
   * sending again later - after this many ms when it said how long (0 when it did not). Undefined: no.
   */
  retryAfterMs?: number | undefined;
}

/** Every error answer of the API (API.md), as a schema: the OpenAPI document's and the tests' check. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]]),
      reason: z.enum(Object.keys(errorReasons) as [ErrorReason, ...ErrorReason[]]).meta({
        description: "A stable word to branch on (README: Error reasons); the message may be reworded.",
      }),
      message: z.string().meta({ description: "For people: the product's exact text where it has one." }),
      issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
      requestId: z.string().optional().meta({
        description: "5xx only: the request's X-Request-Id, which the server's log lines for it carry.",
      }),
    }),
  })
  .meta({ id: "Error" });

export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * The one error of the domain and the doors: a documented `reason` (whose code sets the HTTP status) and the
 * product's message for people. Nothing branches on the message's wording; branch on `reason`.
 */
export class AppError extends Error {
  readonly reason: ErrorReason;
  readonly code: ErrorCode;
  readonly issues: ErrorIssue[] | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(reason: ErrorReason, message: string, options: AppErrorOptions = {}) {
    super(message);
    this.name = "AppError";
    this.reason = reason;
    this.code = errorReasons[reason].code;
    this.issues = options.issues;
    this.retryAfterMs = options.retryAfterMs;
  }

  get status(): (typeof errorStatus)[ErrorCode] {
    return errorStatus[this.code];
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        reason: this.reason,
        message: this.message,
        ...(this.issues ? { issues: this.issues } : {}),
      },
    };
  }

  static fromZod(error: ZodError): AppError {
    const issues = error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
    // The first issue's message is what a form shows when it has room for one line.
    return new AppError("invalid_input", issues[0]?.message ?? "Invalid input", { issues });
  }
}

export const isAppError = (value: unknown): value is AppError => value instanceof AppError;

/** True when `error` is an AppError given for one of these reasons. */
export const hasReason = (error: unknown, ...reasons: ErrorReason[]): error is AppError =>
  isAppError(error) && reasons.includes(error.reason);
