CREATE TABLE "plan_welcomes" (
	"user_id" text NOT NULL,
	"plan" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_welcomes_user_id_plan_pk" PRIMARY KEY("user_id","plan")
);
--> statement-breakpoint
ALTER TABLE "plan_welcomes" ADD CONSTRAINT "plan_welcomes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;