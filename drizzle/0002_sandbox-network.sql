CREATE TABLE "sandbox_posts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"brand_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"platform" "platform" NOT NULL,
	"content" text NOT NULL,
	"image_url" text,
	"state" text NOT NULL,
	"scheduled_for" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_posts" ADD CONSTRAINT "sandbox_posts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_posts" ADD CONSTRAINT "sandbox_posts_brand_id_user_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."user_brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_posts_brand_id_idx" ON "sandbox_posts" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "sandbox_posts_post_id_idx" ON "sandbox_posts" USING btree ("post_id");