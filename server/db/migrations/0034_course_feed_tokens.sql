CREATE TABLE "course_feed_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"course_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "course_feed_tokens" ADD CONSTRAINT "course_feed_tokens_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_feed_tokens" ADD CONSTRAINT "course_feed_tokens_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "course_feed_tokens_live_idx" ON "course_feed_tokens" USING btree ("course_id","profile_id") WHERE "course_feed_tokens"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "course_feed_tokens_profile_idx" ON "course_feed_tokens" USING btree ("profile_id");