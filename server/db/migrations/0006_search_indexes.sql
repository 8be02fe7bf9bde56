DROP INDEX "profiles_app_type_idx";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "name_search" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name)) STORED;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "email_search" text GENERATED ALWAYS AS (lower(email)) STORED;--> statement-breakpoint
CREATE INDEX "accounts_name_trgm_idx" ON "accounts" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_email_trgm_idx" ON "accounts" USING gin ("email_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_app_type_live_idx" ON "profiles" USING btree ("app_id","type") WHERE "profiles"."deleted_at" is null;