CREATE TABLE "comment_likes" (
	"comment_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_likes_comment_id_profile_id_pk" PRIMARY KEY("comment_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"parent_comment_id" uuid,
	"author_profile_id" uuid NOT NULL,
	"body_html" text NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"replies_count" integer DEFAULT 0 NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"position" double precision NOT NULL,
	"posts_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_group_moderators" (
	"group_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	CONSTRAINT "community_group_moderators_group_id_profile_id_pk" PRIMARY KEY("group_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "community_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover_id" uuid,
	"position" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"name" text NOT NULL,
	"href" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"is_new_tab" boolean DEFAULT true NOT NULL,
	"position" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_post_follows" (
	"post_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_post_follows_post_id_profile_id_pk" PRIMARY KEY("post_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "community_post_likes" (
	"post_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_post_likes_post_id_profile_id_pk" PRIMARY KEY("post_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "community_posts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"container" text NOT NULL,
	"space_id" uuid,
	"category_id" uuid,
	"author_profile_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"cover_id" uuid,
	"media_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"vote_id" uuid,
	"publish_at" timestamp with time zone,
	"time_zone" text,
	"published_at" timestamp with time zone,
	"pinned_to_top_at" timestamp with time zone,
	"pinned_to_sidebar_at" timestamp with time zone,
	"is_comments_disabled" boolean DEFAULT false NOT NULL,
	"is_likes_disabled" boolean DEFAULT false NOT NULL,
	"is_share_disabled" boolean DEFAULT false NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"og_title" text DEFAULT '' NOT NULL,
	"og_description" text DEFAULT '' NOT NULL,
	"og_image_id" uuid,
	"share_hash" text NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"trend_score" integer DEFAULT 0 NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('german'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('german'::regconfig, coalesce(body_text, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(body_text, '')), 'B')) STORED,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_posts_container_check" CHECK (("community_posts"."container" = 'groups' and "community_posts"."space_id" is not null and "community_posts"."category_id" is null) or ("community_posts"."container" = 'communities' and "community_posts"."category_id" is not null and "community_posts"."space_id" is null))
);
--> statement-breakpoint
CREATE TABLE "community_space_members" (
	"space_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"notify" text DEFAULT 'all_new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_space_members_space_id_profile_id_pk" PRIMARY KEY("space_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "community_space_reads" (
	"profile_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"last_read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_space_reads_profile_id_space_id_pk" PRIMARY KEY("profile_id","space_id")
);
--> statement-breakpoint
CREATE TABLE "community_spaces" (
	"id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'posts' NOT NULL,
	"access" text DEFAULT 'open' NOT NULL,
	"pre_moderation" boolean DEFAULT false NOT NULL,
	"rules_html" text DEFAULT '' NOT NULL,
	"cover_id" uuid,
	"mobile_cover_id" uuid,
	"default_sort" text DEFAULT 'latest' NOT NULL,
	"default_tab" text DEFAULT 'posts' NOT NULL,
	"display_view" text DEFAULT 'feed' NOT NULL,
	"visible_tabs" text[] DEFAULT '{posts,members,rules}'::text[] NOT NULL,
	"position" double precision NOT NULL,
	"posts_count" integer DEFAULT 0 NOT NULL,
	"members_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mentions" (
	"source_type" text NOT NULL,
	"source_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mentions_source_type_source_id_profile_id_pk" PRIMARY KEY("source_type","source_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "vote_answers" (
	"vote_id" uuid NOT NULL,
	"option_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vote_answers_vote_id_profile_id_option_id_pk" PRIMARY KEY("vote_id","profile_id","option_id")
);
--> statement-breakpoint
CREATE TABLE "vote_options" (
	"id" uuid PRIMARY KEY NOT NULL,
	"vote_id" uuid NOT NULL,
	"text" text NOT NULL,
	"position" integer NOT NULL,
	"answers_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"author_profile_id" uuid NOT NULL,
	"question" text NOT NULL,
	"is_multiple" boolean DEFAULT false NOT NULL,
	"ends_at" timestamp with time zone,
	"voters_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_comment_id_comments_id_fk" FOREIGN KEY ("parent_comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_profile_id_profiles_id_fk" FOREIGN KEY ("author_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_categories" ADD CONSTRAINT "community_categories_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_group_moderators" ADD CONSTRAINT "community_group_moderators_group_id_community_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."community_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_group_moderators" ADD CONSTRAINT "community_group_moderators_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_group_moderators" ADD CONSTRAINT "community_group_moderators_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_groups" ADD CONSTRAINT "community_groups_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_groups" ADD CONSTRAINT "community_groups_cover_id_cloud_files_id_fk" FOREIGN KEY ("cover_id") REFERENCES "public"."cloud_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_links" ADD CONSTRAINT "community_links_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_post_follows" ADD CONSTRAINT "community_post_follows_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_post_follows" ADD CONSTRAINT "community_post_follows_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_post_likes" ADD CONSTRAINT "community_post_likes_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_post_likes" ADD CONSTRAINT "community_post_likes_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_space_id_community_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."community_spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_category_id_community_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."community_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_author_profile_id_profiles_id_fk" FOREIGN KEY ("author_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_cover_id_cloud_files_id_fk" FOREIGN KEY ("cover_id") REFERENCES "public"."cloud_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_vote_id_votes_id_fk" FOREIGN KEY ("vote_id") REFERENCES "public"."votes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_og_image_id_cloud_files_id_fk" FOREIGN KEY ("og_image_id") REFERENCES "public"."cloud_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_space_members" ADD CONSTRAINT "community_space_members_space_id_community_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."community_spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_space_members" ADD CONSTRAINT "community_space_members_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_space_members" ADD CONSTRAINT "community_space_members_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_space_reads" ADD CONSTRAINT "community_space_reads_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_space_reads" ADD CONSTRAINT "community_space_reads_space_id_community_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."community_spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_spaces" ADD CONSTRAINT "community_spaces_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_spaces" ADD CONSTRAINT "community_spaces_group_id_community_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."community_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_spaces" ADD CONSTRAINT "community_spaces_cover_id_cloud_files_id_fk" FOREIGN KEY ("cover_id") REFERENCES "public"."cloud_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_spaces" ADD CONSTRAINT "community_spaces_mobile_cover_id_cloud_files_id_fk" FOREIGN KEY ("mobile_cover_id") REFERENCES "public"."cloud_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentions" ADD CONSTRAINT "mentions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentions" ADD CONSTRAINT "mentions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_answers" ADD CONSTRAINT "vote_answers_vote_id_votes_id_fk" FOREIGN KEY ("vote_id") REFERENCES "public"."votes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_answers" ADD CONSTRAINT "vote_answers_option_id_vote_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."vote_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_answers" ADD CONSTRAINT "vote_answers_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_options" ADD CONSTRAINT "vote_options_vote_id_votes_id_fk" FOREIGN KEY ("vote_id") REFERENCES "public"."votes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_author_profile_id_profiles_id_fk" FOREIGN KEY ("author_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_entity_idx" ON "comments" USING btree ("entity_id","parent_comment_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_entity_trend_idx" ON "comments" USING btree ("entity_id","likes_count" DESC NULLS FIRST,"created_at","id") WHERE "comments"."parent_comment_id" is null;--> statement-breakpoint
CREATE INDEX "comments_parent_idx" ON "comments" USING btree ("parent_comment_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_author_idx" ON "comments" USING btree ("author_profile_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "community_categories_slug_idx" ON "community_categories" USING btree ("app_id","slug");--> statement-breakpoint
CREATE INDEX "community_categories_position_idx" ON "community_categories" USING btree ("app_id","position");--> statement-breakpoint
CREATE INDEX "community_group_moderators_profile_idx" ON "community_group_moderators" USING btree ("profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "community_groups_slug_idx" ON "community_groups" USING btree ("app_id","slug");--> statement-breakpoint
CREATE INDEX "community_groups_position_idx" ON "community_groups" USING btree ("app_id","position");--> statement-breakpoint
CREATE INDEX "community_links_position_idx" ON "community_links" USING btree ("app_id","position");--> statement-breakpoint
CREATE INDEX "community_post_follows_profile_idx" ON "community_post_follows" USING btree ("profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "community_posts_slug_idx" ON "community_posts" USING btree ("app_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "community_posts_share_hash_idx" ON "community_posts" USING btree ("share_hash");--> statement-breakpoint
CREATE INDEX "community_posts_app_feed_idx" ON "community_posts" USING btree ("app_id","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "community_posts"."published_at" is not null and "community_posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "community_posts_space_feed_idx" ON "community_posts" USING btree ("space_id","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "community_posts"."published_at" is not null and "community_posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "community_posts_category_feed_idx" ON "community_posts" USING btree ("category_id","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "community_posts"."published_at" is not null and "community_posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "community_posts_space_name_idx" ON "community_posts" USING btree ("space_id","name","id") WHERE "community_posts"."published_at" is not null and "community_posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "community_posts_space_trend_idx" ON "community_posts" USING btree ("space_id","trend_score" DESC NULLS FIRST,"published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "community_posts"."published_at" is not null and "community_posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "community_posts_pinned_idx" ON "community_posts" USING btree ("app_id","pinned_to_top_at") WHERE "community_posts"."pinned_to_top_at" is not null and "community_posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "community_posts_sidebar_idx" ON "community_posts" USING btree ("app_id","pinned_to_sidebar_at") WHERE "community_posts"."pinned_to_sidebar_at" is not null and "community_posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "community_posts_scheduled_idx" ON "community_posts" USING btree ("app_id","publish_at") WHERE "community_posts"."published_at" is null and "community_posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "community_posts_author_idx" ON "community_posts" USING btree ("author_profile_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "community_posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "community_posts_search_idx" ON "community_posts" USING gin ("search");--> statement-breakpoint
CREATE INDEX "community_space_members_profile_idx" ON "community_space_members" USING btree ("profile_id","space_id","status","role");--> statement-breakpoint
CREATE INDEX "community_space_members_list_idx" ON "community_space_members" USING btree ("space_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "community_spaces_slug_idx" ON "community_spaces" USING btree ("app_id","slug");--> statement-breakpoint
CREATE INDEX "community_spaces_group_idx" ON "community_spaces" USING btree ("group_id","position");--> statement-breakpoint
CREATE INDEX "community_spaces_app_idx" ON "community_spaces" USING btree ("app_id","position");--> statement-breakpoint
CREATE INDEX "mentions_profile_idx" ON "mentions" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE INDEX "vote_answers_option_idx" ON "vote_answers" USING btree ("option_id");--> statement-breakpoint
CREATE INDEX "vote_options_vote_idx" ON "vote_options" USING btree ("vote_id","position");--> statement-breakpoint
CREATE INDEX "votes_app_idx" ON "votes" USING btree ("app_id","created_at");