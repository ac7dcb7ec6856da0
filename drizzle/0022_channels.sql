ALTER TYPE "public"."connection_provider" ADD VALUE 'bluesky' BEFORE 'facebook_ads';--> statement-breakpoint
ALTER TYPE "public"."connection_provider" ADD VALUE 'mastodon' BEFORE 'facebook_ads';--> statement-breakpoint
ALTER TYPE "public"."platform" ADD VALUE 'bluesky';--> statement-breakpoint
ALTER TYPE "public"."platform" ADD VALUE 'mastodon';--> statement-breakpoint
ALTER TYPE "public"."publish_network" ADD VALUE 'bluesky';--> statement-breakpoint
ALTER TYPE "public"."publish_network" ADD VALUE 'mastodon';--> statement-breakpoint
CREATE TABLE "network_apps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network" "publish_network" NOT NULL,
	"host" text NOT NULL,
	"client_id" text NOT NULL,
	"encrypted_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "network_apps_network_host_key" UNIQUE("network","host")
);
--> statement-breakpoint
ALTER TABLE "social_connections" DROP CONSTRAINT "social_connections_brand_id_provider_key";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "external_url" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "group_id" uuid;--> statement-breakpoint
CREATE INDEX "posts_group_id_idx" ON "posts" USING btree ("group_id") WHERE "posts"."group_id" is not null;--> statement-breakpoint
ALTER TABLE "social_connections" ADD CONSTRAINT "social_connections_brand_id_provider_account_key" UNIQUE("brand_id","provider","external_account_id");--> statement-breakpoint
-- Every network's id of a post, not Facebook's only: the spec's facebook_post_id keeps its data under its new name.
ALTER TABLE "posts" RENAME COLUMN "facebook_post_id" TO "external_post_id";
