ALTER TABLE "posts" ADD COLUMN "publish_error_reason" text;--> statement-breakpoint
-- Posts marked unconfirmed before the reason had a column said so by their message's first words.
UPDATE "posts" SET "publish_error_reason" = 'publish_unconfirmed' WHERE "publish_error" LIKE 'Unconfirmed: check your page%';
