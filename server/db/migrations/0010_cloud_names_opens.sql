DROP INDEX "cloud_files_live_recent_idx";--> statement-breakpoint
ALTER TABLE "cloud_files" ADD COLUMN "open_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_uploads" ADD COLUMN "on_conflict" text;--> statement-breakpoint
-- Files opened before opens were counted were opened at least once.
UPDATE "cloud_files" SET "open_count" = 1 WHERE "last_opened_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "cloud_files_live_opened_idx" ON "cloud_files" USING btree ("project_id","owner_account_id","open_count" DESC NULLS LAST,"last_opened_at" DESC NULLS LAST) WHERE "cloud_files"."deleted_at" is null and "cloud_files"."hidden_in_cloud" = false and "cloud_files"."open_count" > 0;