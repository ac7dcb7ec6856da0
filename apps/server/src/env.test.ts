import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";

describe("loadEnv", () => {
  it("runs with no configuration at all", () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.dataDir.endsWith("/data")).toBe(true);
    expect(env.publicUrl).toBe("http://localhost:3000");
    expect(env.AUTH_RATE_LIMIT_PER_MINUTE).toBe(10);
  });

  it("names the variable that has a bad value", () => {
    expect(() => loadEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadEnv({ BETTER_AUTH_SECRET: "short" })).toThrow(/BETTER_AUTH_SECRET: must be at least 32/);
    expect(() => loadEnv({ SMTP_URL: "http://mail" })).toThrow(/SMTP_URL/);
    expect(() => loadEnv({ DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadEnv({ DATABASE_POOL_SIZE: "many" })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it("sizes the database pool from DATABASE_POOL_SIZE, else leaves it to the cores", () => {
    expect(loadEnv({ DATABASE_POOL_SIZE: "12" }).DATABASE_POOL_SIZE).toBe(12);
    expect(loadEnv({ DATABASE_POOL_SIZE: "" }).DATABASE_POOL_SIZE).toBeUndefined();
    expect(loadEnv({}).DATABASE_POOL_SIZE).toBeUndefined();
  });

  it("treats empty strings as unset and derives the public URL from the port", () => {
    const env = loadEnv({ DATABASE_URL: "", PORT: "4000", FACEBOOK_APP_ID: " " });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.FACEBOOK_APP_ID).toBeUndefined();
    expect(env.publicUrl).toBe("http://localhost:4000");
  });

  it("accepts a PostgreSQL URL and a public URL without a trailing slash", () => {
    const env = loadEnv({ DATABASE_URL: "postgres://u@db:5432/app", PUBLIC_URL: "https://smm.example.com/" });
    expect(env.DATABASE_URL).toBe("postgres://u@db:5432/app");
    expect(env.publicUrl).toBe("https://smm.example.com");
  });

  it("defaults to the offline model and local price ids, and takes OpenAI and Stripe settings", () => {
    const env = loadEnv({});
    expect(env.OPENAI_API_KEY).toBeUndefined();
    expect(env.OPENAI_TEXT_MODEL).toBe("gpt-4o-mini");
    expect(env.STRIPE_PRICE_PRO_MONTHLY).toBe("price_pro_monthly");
    expect(env.STRIPE_PRICE_PRO_YEARLY).toBe("price_pro_yearly");
    expect(env.STRIPE_PRICE_ENTERPRISE_MONTHLY).toBe("price_enterprise_monthly");
    expect(env.STRIPE_PRICE_ENTERPRISE_YEARLY).toBe("price_enterprise_yearly");
    const configured = loadEnv({
      OPENAI_API_KEY: "sk-x",
      OPENAI_BASE_URL: "http://127.0.0.1:11434/v1",
      OPENAI_TEXT_MODEL: " ",
      STRIPE_PRICE_PRO_MONTHLY: "price_1Abc",
    });
    expect(configured.OPENAI_API_KEY).toBe("sk-x");
    expect(configured.OPENAI_BASE_URL).toBe("http://127.0.0.1:11434/v1");
    expect(configured.OPENAI_TEXT_MODEL).toBe("gpt-4o-mini");
    expect(configured.STRIPE_PRICE_PRO_MONTHLY).toBe("price_1Abc");
    expect(() => loadEnv({ OPENAI_BASE_URL: "ftp://x" })).toThrow(/OPENAI_BASE_URL/);
  });
});
