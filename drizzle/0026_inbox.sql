CREATE TABLE "inbox_call_budgets" (
	"account" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"brand_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"network" text NOT NULL,
	"external_id" text,
	"parent_external_id" text,
	"author_external_id" text,
	"author_name" text,
	"author_handle" text,
	"author_avatar_url" text,
	"text" text NOT NULL,
	"url" text,
	"own" boolean DEFAULT false NOT NULL,
	"written_at" timestamp with time zone NOT NULL,
	"edited_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"hidden" boolean DEFAULT false NOT NULL,
	"liked" boolean DEFAULT false NOT NULL,
	"sentiment" text,
	"question" boolean DEFAULT false NOT NULL,
	"spam" boolean DEFAULT false NOT NULL,
	"spam_reason" text,
	"triaged_by" text,
	"status" text DEFAULT 'open' NOT NULL,
	"read_at" timestamp with time zone,
	"delivery" text,
	"delivery_marker" uuid,
	"delivery_attempt_at" timestamp with time zone,
	"delivery_error" text,
	"delivery_reason" text,
	"sent_by_user_id" text,
	"reply_to_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_items_brand_network_external_id_key" UNIQUE("brand_id","network","external_id")
);
--> statement-breakpoint
CREATE TABLE "inbox_polls" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"brand_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"next_poll_at" timestamp with time zone NOT NULL,
	"last_polled_at" timestamp with time zone,
	"cursor" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_threads" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"brand_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"open" integer DEFAULT 0 NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	"urgent" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_webhook_events" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_comments" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"brand_id" uuid NOT NULL,
	"sandbox_post_id" text NOT NULL,
	"parent_id" text,
	"author_name" text NOT NULL,
	"author_handle" text NOT NULL,
	"text" text NOT NULL,
	"own" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"liked" boolean DEFAULT false NOT NULL,
	"marker" text,
	"written_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_comments_marker_key" UNIQUE("marker")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "topic" text;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_brand_id_user_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."user_brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_polls" ADD CONSTRAINT "inbox_polls_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_polls" ADD CONSTRAINT "inbox_polls_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_polls" ADD CONSTRAINT "inbox_polls_brand_id_user_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."user_brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_threads" ADD CONSTRAINT "inbox_threads_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_threads" ADD CONSTRAINT "inbox_threads_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_threads" ADD CONSTRAINT "inbox_threads_brand_id_user_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."user_brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_comments" ADD CONSTRAINT "sandbox_comments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_comments" ADD CONSTRAINT "sandbox_comments_brand_id_user_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."user_brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_items_post_id_written_at_idx" ON "inbox_items" USING btree ("post_id","written_at");--> statement-breakpoint
CREATE INDEX "inbox_items_brand_id_written_at_idx" ON "inbox_items" USING btree ("brand_id","written_at");--> statement-breakpoint
CREATE INDEX "inbox_items_brand_id_text_idx" ON "inbox_items" USING btree ("brand_id",md5("text"));--> statement-breakpoint
CREATE INDEX "inbox_items_delivery_sending_idx" ON "inbox_items" USING btree ("delivery_attempt_at") WHERE "inbox_items"."delivery" = 'sending';--> statement-breakpoint
CREATE INDEX "inbox_polls_next_poll_at_idx" ON "inbox_polls" USING btree ("next_poll_at");--> statement-breakpoint
CREATE INDEX "inbox_threads_brand_id_last_activity_idx" ON "inbox_threads" USING btree ("brand_id","last_activity_at","post_id");--> statement-breakpoint
CREATE INDEX "inbox_threads_brand_id_open_idx" ON "inbox_threads" USING btree ("brand_id","last_activity_at","post_id") WHERE "inbox_threads"."open" > 0;--> statement-breakpoint
CREATE INDEX "inbox_threads_brand_id_unread_idx" ON "inbox_threads" USING btree ("brand_id") WHERE "inbox_threads"."unread" > 0;--> statement-breakpoint
CREATE INDEX "inbox_webhook_events_received_at_idx" ON "inbox_webhook_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sandbox_comments_post_idx" ON "sandbox_comments" USING btree ("sandbox_post_id");--> statement-breakpoint
CREATE INDEX "notifications_user_id_topic_idx" ON "notifications" USING btree ("user_id","topic") WHERE "notifications"."topic" is not null;--> statement-breakpoint
CREATE INDEX "posts_brand_id_external_post_id_idx" ON "posts" USING btree ("brand_id","external_post_id") WHERE "posts"."external_post_id" is not null;