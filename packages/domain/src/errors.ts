import type { ZodError } from "zod";

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

export interface ErrorIssue {
  path: string;
  message: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues: ErrorIssue[] | undefined;
  /**
   * upstream_failed only: the service asked us to slow down (a rate limit), so the same request is worth
   * sending again later - after this many ms when it said how long (0 when it did not). Undefined: no.
   */
  readonly retryAfterMs: number | undefined;

  constructor(code: ErrorCode, message: string, issues?: ErrorIssue[], options?: { retryAfterMs?: number }) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.issues = issues;
    this.retryAfterMs = options?.retryAfterMs;
  }

  get status(): (typeof errorStatus)[ErrorCode] {
    return errorStatus[this.code];
  }

  toBody(): { error: { code: ErrorCode; message: string; issues?: ErrorIssue[] } } {
    return {
      error: { code: this.code, message: this.message, ...(this.issues ? { issues: this.issues } : {}) },
    };
  }

  static fromZod(error: ZodError): AppError {
    const issues = error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
    // The first issue's message is what a form shows when it has room for one line.
    return new AppError("invalid_input", issues[0]?.message ?? "Invalid input", issues);
  }
}

export const isAppError = (value: unknown): value is AppError => value instanceof AppError;
