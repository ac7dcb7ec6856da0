// Child process of scripts/bench.ts: issue 20's floors, in a process of its own so the server's peak memory
// is measured alone. node:http and PGlite's own query API on a file-backed PGlite holding brand-like rows:
// GET / reads one brand by id (getBrand's floor); GET /write runs updateBrandField's two statements.
import { mkdtempSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";

const barePglite = await PGlite.create(join(mkdtempSync(join(tmpdir(), "smm-bench-pglite-")), "pg"));
await barePglite.exec(`create table brands (id uuid primary key, user_id text not null, name text not null,
  is_active boolean not null, settings jsonb not null, company_profile jsonb not null,
  created_at timestamptz not null default now(), updated_at timestamptz not null default now());
  insert into brands (id, user_id, name, is_active, settings, company_profile)
  select gen_random_uuid(), 'user-' || g, 'Brand ' || g, true,
    '{"primaryColor":"#3B82F6","imageStyle":"professional","keyMessages":["Fresh every day"]}',
    '{"industry":"Coffee","description":"We roast our own beans."}' from generate_series(1, 1000) g`);
const [bareRow] = (await barePglite.query<{ id: string }>("select id from brands limit 1")).rows;
// updateBrandField's floor: the two statements it runs (find the caller's active brand, merge one field
// into its settings), nothing else.
const bareUserId = (
  await barePglite.query<{ user_id: string }>("select user_id from brands where id = $1", [bareRow!.id])
).rows[0]!.user_id;
let bareWrites = 0;
async function writeBareField(): Promise<unknown> {
  const { rows } = await barePglite.query<{ id: string }>(
    "select * from brands where user_id = $1 and is_active limit 1",
    [bareUserId],
  );
  bareWrites += 1;
  const settings = JSON.stringify({ brandVoice: ["Warm", "Playful", "Direct"][bareWrites % 3] });
  const updated = await barePglite.query(
    `update brands set settings = settings || jsonb_build_object('name', name) || $1::jsonb, updated_at = $2::timestamptz
     where id = $3 and user_id = $4 returning *`,
    [settings, new Date().toISOString(), rows[0]!.id, bareUserId],
  );
  return updated.rows[0];
}
const directServer = createServer((request, response) => {
  const answer = request.url === "/write" ? writeBareField() : readBareBrand();
  answer.then(
    (row) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ result: row ?? null }));
    },
    () => {
      response.writeHead(500);
      response.end();
    },
  );
});
async function readBareBrand(): Promise<unknown> {
  const { rows } = await barePglite.query("select * from brands where id = $1", [bareRow!.id]);
  return rows[0];
}
await new Promise<void>((resolve) => directServer.listen(0, "127.0.0.1", resolve));
const directAddress = directServer.address();
const directPort = typeof directAddress === "object" && directAddress ? directAddress.port : 0;

console.log(`FLOOR_READY ${JSON.stringify({ directPort })}`);

process.on("SIGTERM", async () => {
  directServer.close();
  await barePglite.close();
  process.exit(0);
});
