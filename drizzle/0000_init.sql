CREATE TYPE "public"."billing_event" AS ENUM('IMPRESSIONS', 'CLICKS', 'THRUPLAY');--> statement-breakpoint
CREATE TYPE "public"."campaign_objective" AS ENUM('OUTCOME_AWARENESS', 'OUTCOME_TRAFFIC', 'OUTCOME_ENGAGEMENT', 'OUTCOME_LEADS', 'OUTCOME_APP_PROMOTION', 'OUTCOME_SALES');--> statement-breakpoint
CREATE TYPE "public"."campaign_status" AS ENUM('ACTIVE', 'PAUSED', 'PENDING_REVIEW', 'PENDING_BILLING_INFO', 'DISAPPROVED', 'ARCHIVED', 'DELETED');--> statement-breakpoint
CREATE TYPE "public"."connection_provider" AS ENUM('facebook', 'instagram', 'facebook_ads');--> statement-breakpoint
CREATE TYPE "public"."data_deletion_status" AS ENUM('pending', 'processing', 'completed', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."generation_stage" AS ENUM('starting', 'generating_content', 'content_ready', 'generating_image', 'image_ready', 'predicting', 'complete');--> statement-breakpoint
CREATE TYPE "public"."generation_status" AS ENUM('queued', 'generating', 'completed', 'failed');--> statement-breakpoint
CREATE TYPE "public"."media_kind" AS ENUM('upload', 'generated', 'watermark');--> statement-breakpoint
CREATE TYPE "public"."notification_type" AS ENUM('success', 'error', 'info');--> statement-breakpoint
CREATE TYPE "public"."optimization_goal" AS ENUM('IMPRESSIONS', 'REACH', 'LINK_CLICKS', 'LANDING_PAGE_VIEWS', 'POST_ENGAGEMENT', 'PAGE_LIKES', 'LEAD_GENERATION', 'CONVERSIONS', 'APP_INSTALLS', 'VALUE');--> statement-breakpoint
CREATE TYPE "public"."platform" AS ENUM('facebook', 'instagram');--> statement-breakpoint
CREATE TYPE "public"."post_source" AS ENUM('manual', 'prompt', 'suggestion', 'image_caption');--> statement-breakpoint
CREATE TYPE "public"."post_status" AS ENUM('pending', 'approved', 'denied');--> statement-breakpoint
CREATE TYPE "public"."publish_network" AS ENUM('meta', 'sandbox');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('not_started', 'incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused');--> statement-breakpoint
CREATE TYPE "public"."suggestion_type" AS ENUM('generate_new', 'schedule_existing', 'other');--> statement-breakpoint
CREATE TYPE "public"."template_category" AS ENUM('general', 'post', 'image', 'content', 'social', 'marketing');--> statement-breakpoint
CREATE TYPE "public"."time_range" AS ENUM('7d', '30d', '90d');--> statement-breakpoint
CREATE TABLE "agent_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"chat_agent_enabled" boolean DEFAULT false NOT NULL,
	"schedule_agent_enabled" boolean DEFAULT false NOT NULL,
	"posts_per_week" smallint DEFAULT 5 NOT NULL,
	"best_post_time" text DEFAULT '09:00' NOT NULL,
	"content_style" text DEFAULT 'professional' NOT NULL,
	"image_style" text DEFAULT 'modern' NOT NULL,
	"response_time" integer DEFAULT 5 NOT NULL,
	"chat_style" text DEFAULT 'professional' NOT NULL,
	"default_response" text DEFAULT '' NOT NULL,
	"auto_response_topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_settings_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "agent_settings_posts_per_week_range" CHECK ("agent_settings"."posts_per_week" between 1 and 30),
	CONSTRAINT "agent_settings_best_post_time_format" CHECK ("agent_settings"."best_post_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "brand_analytics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"time_range" time_range NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_analytics_brand_id_time_range_key" UNIQUE("brand_id","time_range")
);
--> statement-breakpoint
CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "apikey" (
	"id" text PRIMARY KEY NOT NULL,
	"config_id" text DEFAULT 'default' NOT NULL,
	"name" text,
	"start" text,
	"reference_id" text NOT NULL,
	"prefix" text,
	"key" text NOT NULL,
	"refill_interval" integer,
	"refill_amount" integer,
	"last_refill_at" timestamp with time zone,
	"enabled" boolean DEFAULT true,
	"rate_limit_enabled" boolean DEFAULT true,
	"rate_limit_time_window" integer DEFAULT 60000,
	"rate_limit_max" integer DEFAULT 1000,
	"request_count" integer DEFAULT 0,
	"remaining" integer,
	"last_request" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"permissions" text,
	"metadata" text
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limit_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_customers_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "stripe_customers_customer_id_unique" UNIQUE("customer_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_user_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"subscription_id" text,
	"subscription_status" "subscription_status" DEFAULT 'not_started' NOT NULL,
	"price_id" text,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"payment_method_brand" text,
	"payment_method_last4" text,
	"last_event_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_user_subscriptions_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "stripe_user_subscriptions_subscription_id_unique" UNIQUE("subscription_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"brand_settings" jsonb NOT NULL,
	"company_profile" jsonb NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"facebook_id" text,
	"brand_settings" jsonb,
	"company_profile" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_profiles_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "ad_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"brand_id" uuid NOT NULL,
	"facebook_ad_set_id" text,
	"name" text DEFAULT '' NOT NULL,
	"status" "campaign_status" DEFAULT 'ACTIVE' NOT NULL,
	"optimization_goal" "optimization_goal" DEFAULT 'LINK_CLICKS' NOT NULL,
	"billing_event" "billing_event" DEFAULT 'CLICKS' NOT NULL,
	"bid_amount" bigint,
	"daily_budget" bigint,
	"lifetime_budget" bigint,
	"targeting" jsonb NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"insights" jsonb,
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"brand_id" uuid NOT NULL,
	"facebook_campaign_id" text,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"objective" "campaign_objective" DEFAULT 'OUTCOME_TRAFFIC' NOT NULL,
	"status" "campaign_status" DEFAULT 'ACTIVE' NOT NULL,
	"daily_budget" bigint,
	"lifetime_budget" bigint,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"special_ad_categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"insights" jsonb,
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state" text NOT NULL,
	"user_id" text NOT NULL,
	"brand_id" uuid NOT NULL,
	"provider" "connection_provider" NOT NULL,
	"redirect_uri" text NOT NULL,
	"choices" jsonb,
	"encrypted_tokens" text,
	"consumed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_states_state_unique" UNIQUE("state")
);
--> statement-breakpoint
CREATE TABLE "social_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"brand_id" uuid NOT NULL,
	"provider" "connection_provider" NOT NULL,
	"external_account_id" text NOT NULL,
	"name" text,
	"encrypted_token" text NOT NULL,
	"token_expires_at" timestamp with time zone,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_connections_brand_id_provider_key" UNIQUE("brand_id","provider")
);
--> statement-breakpoint
CREATE TABLE "brand_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"brand_id" uuid NOT NULL,
	"conversation_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_conversations_user_id_brand_id_key" UNIQUE("user_id","brand_id")
);
--> statement-breakpoint
CREATE TABLE "data_deletion_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"reason" text,
	"status" "data_deletion_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"brand_id" uuid NOT NULL,
	"kind" "media_kind" NOT NULL,
	"storage_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"message" text NOT NULL,
	"type" "notification_type" DEFAULT 'info' NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"brand_id" uuid NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"image_url" text,
	"image_media_id" uuid,
	"platform" "platform" DEFAULT 'facebook' NOT NULL,
	"status" "post_status" DEFAULT 'pending' NOT NULL,
	"scheduled_date" timestamp with time zone,
	"feedback" text,
	"language" text DEFAULT 'en' NOT NULL,
	"ai_generated" boolean DEFAULT false NOT NULL,
	"ai_suggestions" jsonb,
	"source" "post_source" DEFAULT 'manual' NOT NULL,
	"template_id" uuid,
	"generation_status" "generation_status",
	"generation_stage" "generation_stage",
	"generation_progress" smallint,
	"generation_request" jsonb,
	"generation_error" text,
	"facebook_post_id" text,
	"published_via" "publish_network",
	"posted_at" timestamp with time zone,
	"publish_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_generation_progress_range" CHECK ("posts"."generation_progress" is null or "posts"."generation_progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "site_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"url" text NOT NULL,
	"title" text,
	"content" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('simple'::regconfig, content), 'B')) STORED NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_pages_brand_id_url_key" UNIQUE("brand_id","url")
);
--> statement-breakpoint
CREATE TABLE "post_suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"type" "suggestion_type" NOT NULL,
	"platform" "platform" DEFAULT 'facebook' NOT NULL,
	"scheduled_date" timestamp with time zone,
	"reason" text,
	"content_suggestion" text,
	"engagement_score" smallint,
	"is_used" boolean DEFAULT false NOT NULL,
	"post_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_suggestions_engagement_score_range" CHECK ("post_suggestions"."engagement_score" is null or "post_suggestions"."engagement_score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "brand_styles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category" text DEFAULT 'image_style' NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"image_style" text NOT NULL,
	"prompt_key" text,
	"preview_image_url" text,
	"is_premium" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_styles_category_image_style_key" UNIQUE("category","image_style")
);
--> statement-breakpoint
CREATE TABLE "template_favorites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"template_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "template_favorites_user_id_template_id_key" UNIQUE("user_id","template_id")
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"brand_id" uuid NOT NULL,
	"name" text DEFAULT 'Untitled Template' NOT NULL,
	"description" text,
	"category" "template_category" DEFAULT 'general' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"prompt_template" text,
	"image_prompt_template" text,
	"reference_images" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"creator_name" text,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_daily_post_usage" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"date" date NOT NULL,
	"posts_used" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_daily_post_usage_user_id_date_key" UNIQUE("user_id","date"),
	CONSTRAINT "user_daily_post_usage_count_not_negative" CHECK ("user_daily_post_usage"."posts_used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_post_usage" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"month" smallint NOT NULL,
	"year" smallint NOT NULL,
	"posts_used" integer DEFAULT 0 NOT NULL,
	"captions_used" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_post_usage_user_id_month_year_key" UNIQUE("user_id","month","year"),
	CONSTRAINT "user_post_usage_month_range" CHECK ("user_post_usage"."month" between 1 and 12),
	CONSTRAINT "user_post_usage_counts_not_negative" CHECK ("user_post_usage"."posts_used" >= 0 and "user_post_usage"."captions_used" >= 0)
);
--> statement-breakpoint
ALTER TABLE "agent_settings" ADD CONSTRAINT "agent_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_analytics" ADD CONSTRAINT "brand_analytics_brand_id_user_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."user_brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apikey" ADD CONSTRAINT "apikey_reference_id_user_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_customers" ADD CONSTRAINT "stripe_customers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_user_subscriptions" ADD CONSTRAINT "stripe_user_subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_brands" ADD CONSTRAINT "user_brands_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_sets" ADD CONSTRAINT "ad_sets_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_sets" ADD CONSTRAINT "ad_sets_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_sets" ADD CONSTRAINT "ad_sets_brand_id_user_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."user_brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_brand_id_user_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."user_brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_brand_id_user_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."user_brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_connections" ADD CONSTRAINT "social_connections_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_connections" ADD CONSTRAINT "social_connections_brand_id_user_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."user_brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_conversations" ADD CONSTRAINT "brand_conversations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_conversations" ADD CONSTRAINT "brand_conversations_brand_id_user_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."user_brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_deletion_requests" ADD CONSTRAINT "data_deletion_requests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_brand_id_user_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."user_brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_brand_id_user_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."user_brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_image_media_id_media_id_fk" FOREIGN KEY ("image_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_pages" ADD CONSTRAINT "site_pages_brand_id_user_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."user_brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_suggestions" ADD CONSTRAINT "post_suggestions_brand_id_user_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."user_brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_suggestions" ADD CONSTRAINT "post_suggestions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_favorites" ADD CONSTRAINT "template_favorites_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_favorites" ADD CONSTRAINT "template_favorites_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_brand_id_user_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."user_brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_daily_post_usage" ADD CONSTRAINT "user_daily_post_usage_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_post_usage" ADD CONSTRAINT "user_post_usage_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "apikey_config_id_idx" ON "apikey" USING btree ("config_id");--> statement-breakpoint
CREATE INDEX "apikey_reference_id_idx" ON "apikey" USING btree ("reference_id");--> statement-breakpoint
CREATE INDEX "apikey_key_idx" ON "apikey" USING btree ("key");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "stripe_user_subscriptions_customer_id_idx" ON "stripe_user_subscriptions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "user_brands_user_id_created_at_idx" ON "user_brands" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_brands_one_active_per_user_idx" ON "user_brands" USING btree ("user_id") WHERE "user_brands"."is_active";--> statement-breakpoint
CREATE INDEX "ad_sets_campaign_id_created_time_idx" ON "ad_sets" USING btree ("campaign_id","created_time");--> statement-breakpoint
CREATE INDEX "ad_sets_brand_id_idx" ON "ad_sets" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "ad_sets_user_id_idx" ON "ad_sets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "campaigns_brand_id_created_time_idx" ON "campaigns" USING btree ("brand_id","created_time");--> statement-breakpoint
CREATE INDEX "campaigns_user_id_idx" ON "campaigns" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_brand_id_facebook_campaign_id_idx" ON "campaigns" USING btree ("brand_id","facebook_campaign_id") WHERE "campaigns"."facebook_campaign_id" is not null;--> statement-breakpoint
CREATE INDEX "oauth_states_user_id_idx" ON "oauth_states" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "oauth_states_brand_id_idx" ON "oauth_states" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "oauth_states_expires_at_idx" ON "oauth_states" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "social_connections_user_id_idx" ON "social_connections" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "brand_conversations_brand_id_idx" ON "brand_conversations" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "data_deletion_requests_status_created_at_idx" ON "data_deletion_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "data_deletion_requests_user_id_idx" ON "data_deletion_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "data_deletion_requests_email_idx" ON "data_deletion_requests" USING btree ("email");--> statement-breakpoint
CREATE INDEX "media_brand_id_created_at_idx" ON "media" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "media_user_id_idx" ON "media" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notifications_user_id_created_at_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_created_at_idx" ON "notifications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "posts_brand_id_created_at_id_idx" ON "posts" USING btree ("brand_id","created_at","id");--> statement-breakpoint
CREATE INDEX "posts_brand_id_status_created_at_idx" ON "posts" USING btree ("brand_id","status","created_at");--> statement-breakpoint
CREATE INDEX "posts_brand_id_scheduled_date_idx" ON "posts" USING btree ("brand_id","scheduled_date");--> statement-breakpoint
CREATE INDEX "posts_user_id_idx" ON "posts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "posts_template_id_idx" ON "posts" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "posts_image_media_id_idx" ON "posts" USING btree ("image_media_id");--> statement-breakpoint
CREATE INDEX "posts_due_for_publishing_idx" ON "posts" USING btree ("scheduled_date") WHERE "posts"."status" = 'approved' and "posts"."posted_at" is null and "posts"."scheduled_date" is not null;--> statement-breakpoint
CREATE INDEX "site_pages_search_vector_idx" ON "site_pages" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "post_suggestions_brand_id_scheduled_date_idx" ON "post_suggestions" USING btree ("brand_id","scheduled_date");--> statement-breakpoint
CREATE INDEX "post_suggestions_brand_id_created_at_idx" ON "post_suggestions" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "post_suggestions_post_id_idx" ON "post_suggestions" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "brand_styles_category_is_premium_idx" ON "brand_styles" USING btree ("category","is_premium");--> statement-breakpoint
CREATE INDEX "template_favorites_template_id_idx" ON "template_favorites" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "templates_brand_id_created_at_idx" ON "templates" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "templates_user_id_idx" ON "templates" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "templates_public_usage_count_idx" ON "templates" USING btree ("is_public","usage_count");--> statement-breakpoint
CREATE INDEX "templates_public_updated_at_idx" ON "templates" USING btree ("is_public","updated_at");