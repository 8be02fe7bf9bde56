ALTER TABLE "profiles" ALTER COLUMN "email_actions" SET DEFAULT '["new_post","post_like","new_comment","mentions","event_starts","new_message"]'::jsonb;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "push_actions" SET DEFAULT '["new_post","post_like","new_comment","mentions","event_starts","new_message"]'::jsonb;--> statement-breakpoint
-- Chat messages notified everyone until now: existing members keep them, switchable from here on.
UPDATE "profiles" SET "email_actions" = "email_actions" || '["new_message"]'::jsonb WHERE NOT "email_actions" @> '["new_message"]'::jsonb;--> statement-breakpoint
UPDATE "profiles" SET "push_actions" = "push_actions" || '["new_message"]'::jsonb WHERE NOT "push_actions" @> '["new_message"]'::jsonb;
