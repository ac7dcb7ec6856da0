import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { z } from "zod";
import { networkEnvShape } from "./networks/modules";

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => value === "true" || value === "1");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  /** Where the built web app lives; the default is apps/web/dist (set by tests that build elsewhere). */
  WEB_DIST: optionalText,
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  /** The app's own connections to the database; absent: twice the cores on PostgreSQL, one on PGlite (infra database.ts). */
  DATABASE_POOL_SIZE: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce.number().int().min(1).max(200).optional(),
  ),
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  BETTER_AUTH_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  TRUST_PROXY: booleanFlag,
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().default("Social Media Manager <no-reply@localhost>"),
  FACEBOOK_APP_ID: optionalText,
  /** Also the key Meta signs its webhook deliveries with (X-Hub-Signature-256, /webhooks/meta). */
  FACEBOOK_APP_SECRET: optionalText,
  /**
   * What Meta's webhook subscription handshake must send as hub.verify_token (App Dashboard > Webhooks,
   * callback $PUBLIC_URL/webhooks/meta); absent: the handshake is refused (403), deliveries are still taken.
   */
  META_WEBHOOK_VERIFY_TOKEN: optionalText,
  /** Another Graph API host (tests and `npm start` can point it at tests/fakes/meta-graph-server). */
  META_GRAPH_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).default("https://graph.facebook.com")),
  /**
   * Meta's upload host for Reels' and stories' videos; absent: rupload.facebook.com beside graph.facebook.com,
   * else META_GRAPH_URL itself (the fake Graph server answers the upload paths too).
   */
  META_RUPLOAD_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Where the login dialog lives; the fake Graph server serves one too. */
  META_DIALOG_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).default("https://www.facebook.com")),
  META_GRAPH_VERSION: optionalText.pipe(
    z
      .string()
      .regex(/^v\d+\.\d+$/, "must look like v25.0")
      .default("v25.0"),
  ),
  /** 32 bytes (hex or base64) sealing page and ad-account tokens at rest; absent: generated once into DATA_DIR. */
  TOKEN_ENCRYPTION_KEY: optionalText,
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  OPENAI_TEXT_MODEL: optionalText.pipe(z.string().default("gpt-4o-mini")),
  OPENAI_IMAGE_MODEL: optionalText.pipe(z.string().default("gpt-image-1")),
  /** Absent: the embedded local checkout (no card is charged) drives the same webhook. */
  STRIPE_SECRET_KEY: optionalText,
  /** Signs the webhook's events; absent: a secret generated once into DATA_DIR (the local checkout's). */
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Another Stripe API host (tests point it at the fake Stripe); absent: api.stripe.com. */
  STRIPE_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  STRIPE_PRICE_PRO_MONTHLY: optionalText.pipe(z.string().default("price_pro_monthly")),
  STRIPE_PRICE_PRO_YEARLY: optionalText.pipe(z.string().default("price_pro_yearly")),
  STRIPE_PRICE_ENTERPRISE_MONTHLY: optionalText.pipe(z.string().default("price_enterprise_monthly")),
  STRIPE_PRICE_ENTERPRISE_YEARLY: optionalText.pipe(z.string().default("price_enterprise_yearly")),
  /** The largest video an upload may be, in MB (resumable uploads at /api/uploads). */
  MAX_VIDEO_MB: z.coerce.number().int().min(1).max(10_240).default(250),
  /** Set: files live in this S3-compatible bucket, shared by every instance; absent: $DATA_DIR/uploads. */
  S3_BUCKET: optionalText,
  /** Another S3-compatible host (MinIO, R2...); absent: AWS's own for S3_REGION. */
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_REGION: optionalText,
  /** Absent: the AWS SDK's default credential chain (instance roles, ~/.aws). */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** host/bucket/key addressing, which MinIO and most self-hosted servers need. */
  S3_FORCE_PATH_STYLE: booleanFlag,
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** The bearer token GET /metrics asks of a scraper (Prometheus' `authorization`); absent: /metrics is off. */
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** Network calls one publish run of an instance has in flight at once (1: one post after another). */
  PUBLISH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /** The sandbox network's round trip per publishing call, in ms (the storm bench: 50); 0: instant. */
  SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** The share of the sandbox's publishing calls refused (0 to 1, the storm bench's flaky network); 0: none. */
  SANDBOX_ERROR_RATE: z.coerce.number().min(0).max(1).default(0),
});

export type Env = z.infer<typeof envSchema> & {
  dataDir: string;
  publicUrl: string;
  /** Each network module's own settings (networks/<id>/: BLUESKY_SERVICE_URL, LINKEDIN_CLIENT_ID...), read here. */
  networkSettings: Record<string, unknown>;
};

/** Loads ./.env into the process environment when present; real variables win. */
export function loadDotEnvFile(path = ".env"): void {
  if (!existsSync(path)) return;
  const before = { ...process.env };
  process.loadEnvFile(path);
  Object.assign(process.env, before);
}

/** Parses the environment once; a bad value stops the process with the variable's name. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  const networks = z.object(networkEnvShape).safeParse(source);
  if (!parsed.success || !networks.success) {
    const issues = [...(parsed.error?.issues ?? []), ...(networks.error?.issues ?? [])];
    const lines = issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  return {
    ...env,
    dataDir: resolve(env.DATA_DIR),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    networkSettings: networks.data,
  };
}
