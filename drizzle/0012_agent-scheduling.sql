CREATE TABLE "agent_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"run_key" text NOT NULL,
	"created_posts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_runs_brand_id_run_key_key" UNIQUE("brand_id","run_key")
);
--> statement-breakpoint
ALTER TABLE "agent_settings" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_runs" ADD CONSTRAINT "agent_runs_brand_id_user_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."user_brands"("id") ON DELETE cascade ON UPDATE no action;