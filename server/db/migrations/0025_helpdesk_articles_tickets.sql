CREATE TABLE "article_categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"position" double precision NOT NULL,
	"articles_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_favorites" (
	"article_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_favorites_article_id_profile_id_pk" PRIMARY KEY("article_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "article_reactions" (
	"article_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"value" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_reactions_article_id_profile_id_pk" PRIMARY KEY("article_id","profile_id"),
	CONSTRAINT "article_reactions_value_check" CHECK ("article_reactions"."value" in (-1, 1))
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"author_profile_id" uuid,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"cover_id" uuid,
	"status" text DEFAULT 'active' NOT NULL,
	"access" text DEFAULT 'free' NOT NULL,
	"is_announced" boolean DEFAULT false NOT NULL,
	"publish_at" timestamp with time zone,
	"time_zone" text,
	"published_at" timestamp with time zone,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"dislikes_count" integer DEFAULT 0 NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('german'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('german'::regconfig, coalesce(body_text, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(body_text, '')), 'B')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helpdesk_article_votes" (
	"article_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"is_helpful" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "helpdesk_article_votes_article_id_profile_id_pk" PRIMARY KEY("article_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "helpdesk_articles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"author_profile_id" uuid,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"cover_id" uuid,
	"is_published" boolean DEFAULT true NOT NULL,
	"position" double precision NOT NULL,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"not_helpful_count" integer DEFAULT 0 NOT NULL,
	"views_count" integer DEFAULT 0 NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('german'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('german'::regconfig, coalesce(body_text, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(body_text, '')), 'B')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helpdesk_categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" double precision NOT NULL,
	"articles_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_settings" (
	"app_id" uuid PRIMARY KEY NOT NULL,
	"open_tickets_limit" integer DEFAULT 3 NOT NULL,
	"first_response_target_minutes" integer DEFAULT 240 NOT NULL,
	"resolution_target_minutes" integer DEFAULT 2880 NOT NULL,
	"is_satisfaction_enabled" boolean DEFAULT true NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_status_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ticket_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"changed_by_account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"chat_id" uuid NOT NULL,
	"requester_profile_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_response_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"paused_since" timestamp with time zone,
	"paused_seconds" integer DEFAULT 0 NOT NULL,
	"first_response_warned_at" timestamp with time zone,
	"resolution_warned_at" timestamp with time zone,
	"last_member_message_at" timestamp with time zone,
	"last_team_message_at" timestamp with time zone,
	"satisfaction_rating" smallint,
	"satisfaction_comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_satisfaction_check" CHECK ("tickets"."satisfaction_rating" is null or "tickets"."satisfaction_rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "article_categories" ADD CONSTRAINT "article_categories_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_favorites" ADD CONSTRAINT "article_favorites_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_favorites" ADD CONSTRAINT "article_favorites_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_favorites" ADD CONSTRAINT "article_favorites_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_reactions" ADD CONSTRAINT "article_reactions_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_reactions" ADD CONSTRAINT "article_reactions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_reactions" ADD CONSTRAINT "article_reactions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_category_id_article_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."article_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_author_profile_id_profiles_id_fk" FOREIGN KEY ("author_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_cover_id_cloud_files_id_fk" FOREIGN KEY ("cover_id") REFERENCES "public"."cloud_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_article_votes" ADD CONSTRAINT "helpdesk_article_votes_article_id_helpdesk_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."helpdesk_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_article_votes" ADD CONSTRAINT "helpdesk_article_votes_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_article_votes" ADD CONSTRAINT "helpdesk_article_votes_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_articles" ADD CONSTRAINT "helpdesk_articles_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_articles" ADD CONSTRAINT "helpdesk_articles_category_id_helpdesk_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."helpdesk_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_articles" ADD CONSTRAINT "helpdesk_articles_author_profile_id_profiles_id_fk" FOREIGN KEY ("author_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_articles" ADD CONSTRAINT "helpdesk_articles_cover_id_cloud_files_id_fk" FOREIGN KEY ("cover_id") REFERENCES "public"."cloud_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_categories" ADD CONSTRAINT "helpdesk_categories_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_categories" ADD CONSTRAINT "helpdesk_categories_parent_id_helpdesk_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."helpdesk_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_settings" ADD CONSTRAINT "ticket_settings_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_status_changes" ADD CONSTRAINT "ticket_status_changes_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_status_changes" ADD CONSTRAINT "ticket_status_changes_changed_by_account_id_accounts_id_fk" FOREIGN KEY ("changed_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_requester_profile_id_profiles_id_fk" FOREIGN KEY ("requester_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "article_categories_slug_idx" ON "article_categories" USING btree ("app_id","slug");--> statement-breakpoint
CREATE INDEX "article_categories_position_idx" ON "article_categories" USING btree ("app_id","position");--> statement-breakpoint
CREATE INDEX "article_favorites_profile_idx" ON "article_favorites" USING btree ("profile_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "articles_slug_idx" ON "articles" USING btree ("app_id","slug");--> statement-breakpoint
CREATE INDEX "articles_published_idx" ON "articles" USING btree ("app_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "articles"."status" = 'active' and "articles"."published_at" is not null;--> statement-breakpoint
CREATE INDEX "articles_category_idx" ON "articles" USING btree ("category_id","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "articles_status_idx" ON "articles" USING btree ("app_id","status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "articles_scheduled_idx" ON "articles" USING btree ("publish_at") WHERE "articles"."status" = 'active' and "articles"."published_at" is null;--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search");--> statement-breakpoint
CREATE INDEX "helpdesk_article_votes_profile_idx" ON "helpdesk_article_votes" USING btree ("profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "helpdesk_articles_slug_idx" ON "helpdesk_articles" USING btree ("app_id","slug");--> statement-breakpoint
CREATE INDEX "helpdesk_articles_category_idx" ON "helpdesk_articles" USING btree ("category_id","position");--> statement-breakpoint
CREATE INDEX "helpdesk_articles_popular_idx" ON "helpdesk_articles" USING btree ("app_id","views_count" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "helpdesk_articles_search_idx" ON "helpdesk_articles" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "helpdesk_categories_slug_idx" ON "helpdesk_categories" USING btree ("app_id","slug");--> statement-breakpoint
CREATE INDEX "helpdesk_categories_tree_idx" ON "helpdesk_categories" USING btree ("app_id","parent_id","position");--> statement-breakpoint
CREATE INDEX "ticket_status_changes_ticket_idx" ON "ticket_status_changes" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_chat_idx" ON "tickets" USING btree ("chat_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_number_idx" ON "tickets" USING btree ("app_id","number");--> statement-breakpoint
CREATE INDEX "tickets_project_list_idx" ON "tickets" USING btree ("project_id","status","updated_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "tickets_app_list_idx" ON "tickets" USING btree ("app_id","status","updated_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "tickets_requester_idx" ON "tickets" USING btree ("requester_profile_id","status");