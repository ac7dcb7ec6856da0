import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./packages/domain/src/db/schema/index.ts",
  out: "./drizzle",
  casing: undefined,
});
