CREATE TABLE "post_media" (
	"post_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"media_id" uuid NOT NULL,
	"cover_ms" integer,
	"crop" jsonb,
	CONSTRAINT "post_media_post_id_position_pk" PRIMARY KEY("post_id","position")
);
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "alt_text" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "video_info" jsonb;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "thumbnail_key" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "format" text DEFAULT 'feed' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "first_comment" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "first_comment_status" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "first_comment_external_id" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "first_comment_error" text;--> statement-breakpoint
ALTER TABLE "sandbox_posts" ADD COLUMN "format" text DEFAULT 'feed' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_posts" ADD COLUMN "media" jsonb;--> statement-breakpoint
ALTER TABLE "sandbox_posts" ADD COLUMN "first_comment" text;--> statement-breakpoint
ALTER TABLE "post_media" ADD CONSTRAINT "post_media_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_media" ADD CONSTRAINT "post_media_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_media_media_id_idx" ON "post_media" USING btree ("media_id");--> statement-breakpoint
-- Posts made before media lists: their one image becomes item 0.
INSERT INTO "post_media" ("post_id", "position", "media_id") SELECT "id", 0, "image_media_id" FROM "posts" WHERE "image_media_id" IS NOT NULL;