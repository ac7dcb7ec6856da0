-- post_counts kept exact by statement-level triggers on posts. Each statement's rows are aggregated per
-- bucket from its transition tables (one upsert per bucket, not per row, so a bulk INSERT ... SELECT stays
-- fast). A row's state is derivePostState (packages/domain/src/machines/post-lifecycle.ts) in SQL.
-- Increments upsert; decrements only UPDATE existing buckets, so posts deleted by a cascade from a brand or
-- a user whose post_counts rows are already gone change nothing (an upsert would re-insert a row that
-- references the deleted brand). Buckets that reach zero stay as zero rows.
CREATE FUNCTION "post_lifecycle_state"("status" "post_status", "generation_status" "generation_status", "scheduled_date" timestamptz, "posted_at" timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE
  WHEN "status" = 'pending' AND "generation_status" IN ('queued', 'generating') THEN 'generating'
  WHEN "status" = 'denied' THEN 'denied'
  WHEN "status" = 'pending' THEN 'pending'
  WHEN "posted_at" IS NOT NULL THEN 'published'
  WHEN "scheduled_date" IS NOT NULL THEN 'scheduled'
  ELSE 'approved'
END;
--> statement-breakpoint
CREATE FUNCTION "post_counts_apply"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "post_counts" AS c ("brand_id", "user_id", "state", "platform", "ai_generated", "n")
    SELECT "brand_id", "user_id", "post_lifecycle_state"("status", "generation_status", "scheduled_date", "posted_at"),
           "platform", "ai_generated", count(*)::integer
    FROM "post_counts_new" GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ("brand_id", "user_id", "state", "platform", "ai_generated") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "post_counts" AS c SET "n" = c."n" - d."n"
    FROM (
      SELECT "brand_id", "user_id", "post_lifecycle_state"("status", "generation_status", "scheduled_date", "posted_at") AS "state",
             "platform", "ai_generated", count(*)::integer AS "n"
      FROM "post_counts_old" GROUP BY 1, 2, 3, 4, 5
    ) AS d
    WHERE c."brand_id" = d."brand_id" AND c."user_id" = d."user_id" AND c."state" = d."state"
      AND c."platform" = d."platform" AND c."ai_generated" = d."ai_generated";
  ELSIF TG_OP = 'UPDATE' THEN
    -- The net change per bucket: rows whose bucket did not change cancel out.
    WITH "delta" AS (
      SELECT "brand_id", "user_id", "state", "platform", "ai_generated", sum("n")::integer AS "n"
      FROM (
        SELECT "brand_id", "user_id", "post_lifecycle_state"("status", "generation_status", "scheduled_date", "posted_at") AS "state",
               "platform", "ai_generated", count(*) AS "n"
        FROM "post_counts_new" GROUP BY 1, 2, 3, 4, 5
        UNION ALL
        SELECT "brand_id", "user_id", "post_lifecycle_state"("status", "generation_status", "scheduled_date", "posted_at"),
               "platform", "ai_generated", -count(*)
        FROM "post_counts_old" GROUP BY 1, 2, 3, 4, 5
      ) AS x
      GROUP BY 1, 2, 3, 4, 5
      HAVING sum("n") <> 0
    ), "decremented" AS (
      UPDATE "post_counts" AS c SET "n" = c."n" + d."n"
      FROM "delta" AS d
      WHERE d."n" < 0 AND c."brand_id" = d."brand_id" AND c."user_id" = d."user_id" AND c."state" = d."state"
        AND c."platform" = d."platform" AND c."ai_generated" = d."ai_generated"
    )
    INSERT INTO "post_counts" AS c ("brand_id", "user_id", "state", "platform", "ai_generated", "n")
    SELECT "brand_id", "user_id", "state", "platform", "ai_generated", "n" FROM "delta" WHERE "n" > 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ("brand_id", "user_id", "state", "platform", "ai_generated") DO UPDATE SET "n" = c."n" + excluded."n";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "post_counts_truncate"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "post_counts";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A trigger with transition tables may only have one event, hence one trigger per event.
CREATE TRIGGER "posts_count_insert" AFTER INSERT ON "posts" REFERENCING NEW TABLE AS "post_counts_new" FOR EACH STATEMENT EXECUTE FUNCTION "post_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "posts_count_update" AFTER UPDATE ON "posts" REFERENCING OLD TABLE AS "post_counts_old" NEW TABLE AS "post_counts_new" FOR EACH STATEMENT EXECUTE FUNCTION "post_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "posts_count_delete" AFTER DELETE ON "posts" REFERENCING OLD TABLE AS "post_counts_old" FOR EACH STATEMENT EXECUTE FUNCTION "post_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "posts_count_truncate" AFTER TRUNCATE ON "posts" FOR EACH STATEMENT EXECUTE FUNCTION "post_counts_truncate"();
--> statement-breakpoint
-- The triggers above hold a lock on posts until the migration commits, so no write slips between them and
-- this backfill.
INSERT INTO "post_counts" ("brand_id", "user_id", "state", "platform", "ai_generated", "n")
SELECT "brand_id", "user_id", "post_lifecycle_state"("status", "generation_status", "scheduled_date", "posted_at"),
       "platform", "ai_generated", count(*)::integer
FROM "posts" GROUP BY 1, 2, 3, 4, 5;
