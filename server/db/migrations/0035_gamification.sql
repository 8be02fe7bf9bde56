CREATE TABLE "gamification_balances" (
	"app_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"level_notified_points" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gamification_balances_app_id_profile_id_pk" PRIMARY KEY("app_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "gamification_board_stamps" (
	"app_id" uuid PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gamification_ledger" (
	"id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"points" integer NOT NULL,
	"source_key" text NOT NULL,
	"subject_id" uuid,
	"reverses_id" uuid,
	"reason" text,
	"actor_profile_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gamification_period_points" (
	"app_id" uuid NOT NULL,
	"period" text NOT NULL,
	"starts_on" date NOT NULL,
	"profile_id" uuid NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "gamification_period_points_app_id_period_starts_on_profile_id_pk" PRIMARY KEY("app_id","period","starts_on","profile_id")
);
--> statement-breakpoint
CREATE TABLE "gamification_ranks" (
	"app_id" uuid NOT NULL,
	"period" text NOT NULL,
	"profile_id" uuid NOT NULL,
	"points" integer NOT NULL,
	"rank" integer NOT NULL,
	CONSTRAINT "gamification_ranks_app_id_period_profile_id_pk" PRIMARY KEY("app_id","period","profile_id")
);
--> statement-breakpoint
CREATE TABLE "gamification_rules" (
	"app_id" uuid NOT NULL,
	"action" text NOT NULL,
	"points" integer NOT NULL,
	"is_active" boolean NOT NULL,
	"daily_cap" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gamification_rules_app_id_action_pk" PRIMARY KEY("app_id","action")
);
--> statement-breakpoint
CREATE TABLE "gamification_statuses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"name" text NOT NULL,
	"points" integer NOT NULL,
	"icon" text,
	"icon_image_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gamification_statuses_points_check" CHECK ("gamification_statuses"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reward_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"reward_points" integer NOT NULL,
	"image_id" uuid,
	"stock" integer,
	"sold" integer DEFAULT 0 NOT NULL,
	"per_member_limit" integer,
	"window_after_purchase" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_items_sold_check" CHECK ("reward_items"."stock" is null or "reward_items"."sold" <= "reward_items"."stock"),
	CONSTRAINT "reward_items_points_check" CHECK ("reward_items"."reward_points" > 0)
);
--> statement-breakpoint
CREATE TABLE "reward_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"points" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by_profile_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "community_spaces" ADD COLUMN "required_status_id" uuid;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "required_status_id" uuid;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "required_status_id" uuid;--> statement-breakpoint
ALTER TABLE "gamification_balances" ADD CONSTRAINT "gamification_balances_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gamification_balances" ADD CONSTRAINT "gamification_balances_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gamification_board_stamps" ADD CONSTRAINT "gamification_board_stamps_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gamification_ledger" ADD CONSTRAINT "gamification_ledger_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gamification_ledger" ADD CONSTRAINT "gamification_ledger_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gamification_ledger" ADD CONSTRAINT "gamification_ledger_actor_profile_id_profiles_id_fk" FOREIGN KEY ("actor_profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gamification_period_points" ADD CONSTRAINT "gamification_period_points_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gamification_period_points" ADD CONSTRAINT "gamification_period_points_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gamification_ranks" ADD CONSTRAINT "gamification_ranks_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gamification_ranks" ADD CONSTRAINT "gamification_ranks_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gamification_rules" ADD CONSTRAINT "gamification_rules_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gamification_statuses" ADD CONSTRAINT "gamification_statuses_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gamification_statuses" ADD CONSTRAINT "gamification_statuses_icon_image_id_cloud_files_id_fk" FOREIGN KEY ("icon_image_id") REFERENCES "public"."cloud_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_items" ADD CONSTRAINT "reward_items_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_items" ADD CONSTRAINT "reward_items_image_id_cloud_files_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."cloud_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_orders" ADD CONSTRAINT "reward_orders_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_orders" ADD CONSTRAINT "reward_orders_item_id_reward_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."reward_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_orders" ADD CONSTRAINT "reward_orders_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_orders" ADD CONSTRAINT "reward_orders_decided_by_profile_id_profiles_id_fk" FOREIGN KEY ("decided_by_profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gamification_ledger_source_idx" ON "gamification_ledger" USING btree ("app_id","profile_id","action","source_key");--> statement-breakpoint
CREATE UNIQUE INDEX "gamification_ledger_reverses_idx" ON "gamification_ledger" USING btree ("reverses_id") WHERE "gamification_ledger"."reverses_id" is not null;--> statement-breakpoint
CREATE INDEX "gamification_ledger_profile_idx" ON "gamification_ledger" USING btree ("app_id","profile_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "gamification_ledger_subject_idx" ON "gamification_ledger" USING btree ("app_id","subject_id") WHERE "gamification_ledger"."subject_id" is not null;--> statement-breakpoint
CREATE INDEX "gamification_ledger_top_ups_idx" ON "gamification_ledger" USING btree ("app_id","created_at" DESC NULLS LAST) WHERE "gamification_ledger"."kind" = 'top_up';--> statement-breakpoint
CREATE INDEX "gamification_ledger_app_time_idx" ON "gamification_ledger" USING btree ("app_id","created_at");--> statement-breakpoint
CREATE INDEX "gamification_ranks_rank_idx" ON "gamification_ranks" USING btree ("app_id","period","rank");--> statement-breakpoint
CREATE INDEX "gamification_statuses_app_idx" ON "gamification_statuses" USING btree ("app_id","points");--> statement-breakpoint
CREATE INDEX "reward_items_app_idx" ON "reward_items" USING btree ("app_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reward_orders_app_idx" ON "reward_orders" USING btree ("app_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reward_orders_member_idx" ON "reward_orders" USING btree ("item_id","profile_id");--> statement-breakpoint
ALTER TABLE "community_spaces" ADD CONSTRAINT "community_spaces_required_status_id_gamification_statuses_id_fk" FOREIGN KEY ("required_status_id") REFERENCES "public"."gamification_statuses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_required_status_id_gamification_statuses_id_fk" FOREIGN KEY ("required_status_id") REFERENCES "public"."gamification_statuses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_required_status_id_gamification_statuses_id_fk" FOREIGN KEY ("required_status_id") REFERENCES "public"."gamification_statuses"("id") ON DELETE set null ON UPDATE no action;