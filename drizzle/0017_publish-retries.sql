ALTER TABLE "posts" ADD COLUMN "publish_retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "publish_tries" integer DEFAULT 0 NOT NULL;