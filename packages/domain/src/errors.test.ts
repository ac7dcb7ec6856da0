import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, errorReasons, errorStatus } from "./errors";
import { findRepoRoot } from "./repo-root";

describe("AppError", () => {
  it("maps every code of API.md to its status", () => {
    expect(errorStatus).toEqual({
      invalid_input: 400,
      unauthenticated: 401,
      forbidden: 403,
      not_found: 404,
      conflict: 409,
      payload_too_large: 413,
      quota_exceeded: 429,
      upstream_failed: 502,
      internal: 500,
    });
    expect(new AppError("conflict", "x").status).toBe(409);
  });

  it("turns zod issues into the documented body", () => {
    const schema = z.object({
      name: z.string().trim().min(1, "Brand name is required"),
      colors: z.array(z.string()),
    });
    const result = schema.safeParse({ name: " ", colors: [1] });
    expect(result.success).toBe(false);
    const error = AppError.fromZod(result.error!);
    expect(error.toBody()).toEqual({
      error: {
        code: "invalid_input",
        reason: "invalid_input",
        message: "Brand name is required",
        issues: [
          { path: "name", message: "Brand name is required" },
          { path: "colors.0", message: expect.any(String) },
        ],
      },
    });
  });

  it("omits issues when there are none", () => {
    expect(new AppError("not_found", "Post not found").toBody()).toEqual({
      error: { code: "not_found", reason: "not_found", message: "Post not found" },
    });
  });
});

describe("the README's table of error reasons", () => {
  it("lists every reason with its code, and nothing else", () => {
    const readme = readFileSync(join(findRepoRoot(import.meta.url), "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("### Error reasons"));
    const listed = [...section.matchAll(/^\| `([a-z_]+)` \| ([a-z_]+) \(\d+\) \|/gm)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(Object.fromEntries(listed)).toEqual(
      Object.fromEntries(Object.entries(errorReasons).map(([reason, { code }]) => [reason, code])),
    );
  });
});
