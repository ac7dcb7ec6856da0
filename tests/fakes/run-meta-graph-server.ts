/**
 * The fake Graph API and login dialog as a process, for trying the Meta journey locally:
 *   npx tsx tests/fakes/run-meta-graph-server.ts [port]
 * then start the app with the variables it prints (the dialog's "Continue" approves as a fake user with two
 * pages, one with a linked Instagram account, and two ad accounts).
 */
import { startFakeMetaGraphServer } from "./meta-graph-server";

const port = Number(process.argv[2] ?? 4010);
const fake = await startFakeMetaGraphServer({ port });
console.log(`Fake Meta Graph API on ${fake.url}. Start the app with:
FACEBOOK_APP_ID=${fake.appId} FACEBOOK_APP_SECRET=${fake.appSecret} META_GRAPH_URL=${fake.url} META_DIALOG_URL=${fake.url}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
