CREATE TABLE "server_instances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "server_instances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "generation_owner" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "publish_attempt_id" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "publish_attempt_by" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "publish_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "posts_publish_attempt_idx" ON "posts" USING btree ("publish_attempt_at") WHERE "posts"."publish_attempt_id" is not null;--> statement-breakpoint
CREATE INDEX "posts_generation_in_flight_idx" ON "posts" USING btree ("updated_at") WHERE "posts"."generation_status" in ('queued', 'generating');