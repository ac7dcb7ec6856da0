ALTER TABLE "oauth_states" ADD COLUMN "network" "publish_network" DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "social_connections" ADD COLUMN "network" "publish_network" DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "social_connections" ADD COLUMN "expired_at" timestamp with time zone;