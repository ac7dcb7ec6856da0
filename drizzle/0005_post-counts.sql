CREATE TABLE "post_counts" (
	"brand_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"state" text NOT NULL,
	"platform" "platform" NOT NULL,
	"ai_generated" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "post_counts_brand_id_user_id_state_platform_ai_generated_pk" PRIMARY KEY("brand_id","user_id","state","platform","ai_generated"),
	CONSTRAINT "post_counts_n_not_negative" CHECK ("post_counts"."n" >= 0)
);
--> statement-breakpoint
ALTER TABLE "post_counts" ADD CONSTRAINT "post_counts_brand_id_user_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."user_brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_counts" ADD CONSTRAINT "post_counts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_counts_user_id_idx" ON "post_counts" USING btree ("user_id");