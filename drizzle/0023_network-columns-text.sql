-- The networks' columns become text: a new network is a line in the catalog (posts/messages.ts), not a
-- migration adding enum values. Defaults are dropped first: an enum literal does not cast to text in place.
ALTER TABLE "oauth_states" ALTER COLUMN "network" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "social_connections" ALTER COLUMN "network" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "posts" ALTER COLUMN "platform" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "post_suggestions" ALTER COLUMN "platform" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "network_apps" ALTER COLUMN "network" SET DATA TYPE text USING "network"::text;
--> statement-breakpoint
ALTER TABLE "oauth_states" ALTER COLUMN "provider" SET DATA TYPE text USING "provider"::text;
--> statement-breakpoint
ALTER TABLE "oauth_states" ALTER COLUMN "network" SET DATA TYPE text USING "network"::text;
--> statement-breakpoint
ALTER TABLE "social_connections" ALTER COLUMN "provider" SET DATA TYPE text USING "provider"::text;
--> statement-breakpoint
ALTER TABLE "social_connections" ALTER COLUMN "network" SET DATA TYPE text USING "network"::text;
--> statement-breakpoint
ALTER TABLE "post_counts" ALTER COLUMN "platform" SET DATA TYPE text USING "platform"::text;
--> statement-breakpoint
ALTER TABLE "posts" ALTER COLUMN "platform" SET DATA TYPE text USING "platform"::text;
--> statement-breakpoint
ALTER TABLE "posts" ALTER COLUMN "published_via" SET DATA TYPE text USING "published_via"::text;
--> statement-breakpoint
ALTER TABLE "sandbox_posts" ALTER COLUMN "platform" SET DATA TYPE text USING "platform"::text;
--> statement-breakpoint
ALTER TABLE "post_suggestions" ALTER COLUMN "platform" SET DATA TYPE text USING "platform"::text;
--> statement-breakpoint
ALTER TABLE "oauth_states" ALTER COLUMN "network" SET DEFAULT 'sandbox';
--> statement-breakpoint
ALTER TABLE "social_connections" ALTER COLUMN "network" SET DEFAULT 'sandbox';
--> statement-breakpoint
ALTER TABLE "posts" ALTER COLUMN "platform" SET DEFAULT 'facebook';
--> statement-breakpoint
ALTER TABLE "post_suggestions" ALTER COLUMN "platform" SET DEFAULT 'facebook';
--> statement-breakpoint
DROP TYPE "public"."connection_provider";
--> statement-breakpoint
DROP TYPE "public"."platform";
--> statement-breakpoint
DROP TYPE "public"."publish_network";
