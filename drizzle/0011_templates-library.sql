ALTER TABLE "templates" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "templates" ALTER COLUMN "brand_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE INDEX "templates_public_name_idx" ON "templates" USING btree ("is_public","name");--> statement-breakpoint
CREATE INDEX "templates_search_vector_idx" ON "templates" USING gin ("search_vector");