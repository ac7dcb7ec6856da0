CREATE TABLE "brand_page_insights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"time_range" time_range NOT NULL,
	"platform" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_page_insights_key" UNIQUE("brand_id","time_range","platform")
);
--> statement-breakpoint
ALTER TABLE "brand_page_insights" ADD CONSTRAINT "brand_page_insights_brand_id_user_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."user_brands"("id") ON DELETE cascade ON UPDATE no action;