DROP INDEX "templates_public_usage_count_idx";--> statement-breakpoint
DROP INDEX "templates_public_updated_at_idx";--> statement-breakpoint
DROP INDEX "templates_public_name_idx";--> statement-breakpoint
CREATE INDEX "templates_community_popular_idx" ON "templates" USING btree ("usage_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "templates"."is_public" and "templates"."is_active";--> statement-breakpoint
CREATE INDEX "templates_community_newest_idx" ON "templates" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "templates"."is_public" and "templates"."is_active";--> statement-breakpoint
CREATE INDEX "templates_community_alphabetical_idx" ON "templates" USING btree (lower("name"),"id") WHERE "templates"."is_public" and "templates"."is_active";