CREATE TABLE "sandbox_ad_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"brand_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"campaign_id" text,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"fields" jsonb NOT NULL,
	"active_ms" bigint DEFAULT 0 NOT NULL,
	"active_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_sets" ADD COLUMN "write_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "write_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_ad_objects" ADD CONSTRAINT "sandbox_ad_objects_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_ad_objects" ADD CONSTRAINT "sandbox_ad_objects_brand_id_user_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."user_brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_ad_objects_brand_id_idx" ON "sandbox_ad_objects" USING btree ("brand_id","account_id");