// npm run db:migrate: applies drizzle/ to DATABASE_URL (or the embedded database in $DATA_DIR/pg).
import { join } from "node:path";
import { openDatabase } from "@smm/infra/database";
import { migrateDatabase } from "@smm/infra/migrate";
import { loadDotEnvFile, loadEnv } from "../apps/server/src/env";

loadDotEnvFile();
const env = loadEnv();
const database = await openDatabase({
  url: env.DATABASE_URL,
  dataDir: env.DATABASE_URL ? undefined : join(env.dataDir, "pg"),
});
await migrateDatabase(database);
console.log(`migrations applied (${database.kind})`);
await database.close();
