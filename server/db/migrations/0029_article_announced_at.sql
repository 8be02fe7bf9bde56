ALTER TABLE "articles" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "articles_unannounced_idx" ON "articles" USING btree ("published_at") WHERE "articles"."is_announced" and "articles"."announced_at" is null and "articles"."status" = 'active' and "articles"."published_at" is not null;--> statement-breakpoint
-- Articles announced and published before members were told of announcements count as told: nobody is
-- notified now of something published long ago.
UPDATE "articles" SET "announced_at" = "published_at" WHERE "is_announced" AND "published_at" IS NOT NULL;
