DROP INDEX "profiles_app_type_idx";--> statement-breakpoint
CREATE INDEX "accounts_name_trgm_idx" ON "accounts" USING gin (lower("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_email_trgm_idx" ON "accounts" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_app_type_live_idx" ON "profiles" USING btree ("app_id","type") WHERE "profiles"."deleted_at" is null;