CREATE TABLE "course_categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_category_courses" (
	"category_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"position" double precision NOT NULL,
	CONSTRAINT "course_category_courses_category_id_course_id_pk" PRIMARY KEY("category_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "course_enrollments" (
	"course_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"access_began_at" timestamp with time zone DEFAULT now() NOT NULL,
	"time_zone" text NOT NULL,
	"completed_lessons" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"last_lesson_id" uuid,
	"notified_until" timestamp with time zone,
	"end_reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_enrollments_course_id_profile_id_pk" PRIMARY KEY("course_id","profile_id"),
	CONSTRAINT "course_enrollments_count_check" CHECK ("course_enrollments"."completed_lessons" >= 0)
);
--> statement-breakpoint
CREATE TABLE "course_favorites" (
	"course_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_favorites_course_id_profile_id_pk" PRIMARY KEY("course_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "course_lessons" (
	"id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"module_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"cover_type" text DEFAULT 'video' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" double precision NOT NULL,
	"drip_days" integer,
	"drip_date" text,
	"completion" text DEFAULT 'manual' NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"speakers_note" text DEFAULT '' NOT NULL,
	"videos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"picture_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"audio_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"attachment_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"speaker_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"todo_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duration_seconds" double precision,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_modules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"course_id" uuid NOT NULL,
	"name" text NOT NULL,
	"cover_id" uuid,
	"position" double precision NOT NULL,
	"drip_days" integer,
	"drip_date" text,
	"lessons_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_speakers" (
	"course_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "course_speakers_course_id_profile_id_pk" PRIMARY KEY("course_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"modules_name" text DEFAULT '' NOT NULL,
	"cover_id" uuid,
	"author_profile_id" uuid,
	"is_published" boolean DEFAULT false NOT NULL,
	"is_showed_only_by_direct_link" boolean DEFAULT false NOT NULL,
	"is_made_modules_obligatory" boolean DEFAULT false NOT NULL,
	"is_speakers_shown" boolean DEFAULT true NOT NULL,
	"is_members_notified" boolean DEFAULT false NOT NULL,
	"limit_access_by_time" integer,
	"drip_content" boolean DEFAULT false NOT NULL,
	"access" text DEFAULT 'auth' NOT NULL,
	"lessons_count" integer DEFAULT 0 NOT NULL,
	"modules_count" integer DEFAULT 0 NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_counts_check" CHECK ("courses"."lessons_count" >= 0 and "courses"."modules_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lesson_notes" (
	"lesson_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_notes_lesson_id_profile_id_pk" PRIMARY KEY("lesson_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "lesson_progress" (
	"lesson_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"position_seconds" double precision DEFAULT 0 NOT NULL,
	"duration_seconds" double precision,
	"watched_seconds" double precision DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_progress_lesson_id_profile_id_pk" PRIMARY KEY("lesson_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "lesson_todo_ticks" (
	"lesson_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"todo_id" text NOT NULL,
	"ticked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_todo_ticks_lesson_id_profile_id_todo_id_pk" PRIMARY KEY("lesson_id","profile_id","todo_id")
);
--> statement-breakpoint
CREATE TABLE "playlist_lessons" (
	"playlist_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "playlist_lessons_playlist_id_lesson_id_pk" PRIMARY KEY("playlist_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "playlists" (
	"id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_categories" ADD CONSTRAINT "course_categories_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_category_courses" ADD CONSTRAINT "course_category_courses_category_id_course_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."course_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_category_courses" ADD CONSTRAINT "course_category_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_enrollments" ADD CONSTRAINT "course_enrollments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_enrollments" ADD CONSTRAINT "course_enrollments_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_enrollments" ADD CONSTRAINT "course_enrollments_last_lesson_id_course_lessons_id_fk" FOREIGN KEY ("last_lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_favorites" ADD CONSTRAINT "course_favorites_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_favorites" ADD CONSTRAINT "course_favorites_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_modules" ADD CONSTRAINT "course_modules_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_modules" ADD CONSTRAINT "course_modules_cover_id_cloud_files_id_fk" FOREIGN KEY ("cover_id") REFERENCES "public"."cloud_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_speakers" ADD CONSTRAINT "course_speakers_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_speakers" ADD CONSTRAINT "course_speakers_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_cover_id_cloud_files_id_fk" FOREIGN KEY ("cover_id") REFERENCES "public"."cloud_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_author_profile_id_profiles_id_fk" FOREIGN KEY ("author_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_notes" ADD CONSTRAINT "lesson_notes_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_notes" ADD CONSTRAINT "lesson_notes_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_todo_ticks" ADD CONSTRAINT "lesson_todo_ticks_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_todo_ticks" ADD CONSTRAINT "lesson_todo_ticks_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_lessons" ADD CONSTRAINT "playlist_lessons_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_lessons" ADD CONSTRAINT "playlist_lessons_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_categories_app_idx" ON "course_categories" USING btree ("app_id","position");--> statement-breakpoint
CREATE INDEX "course_category_courses_course_idx" ON "course_category_courses" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "course_enrollments_profile_idx" ON "course_enrollments" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "course_favorites_profile_idx" ON "course_favorites" USING btree ("profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_lessons_slug_idx" ON "course_lessons" USING btree ("app_id","slug");--> statement-breakpoint
CREATE INDEX "course_lessons_module_idx" ON "course_lessons" USING btree ("module_id","position");--> statement-breakpoint
CREATE INDEX "course_lessons_course_idx" ON "course_lessons" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "course_modules_course_idx" ON "course_modules" USING btree ("course_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_slug_idx" ON "courses" USING btree ("app_id","slug") WHERE "courses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "courses_app_idx" ON "courses" USING btree ("app_id","created_at") WHERE "courses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "lesson_progress_recent_idx" ON "lesson_progress" USING btree ("profile_id","updated_at");--> statement-breakpoint
CREATE INDEX "lesson_progress_course_idx" ON "lesson_progress" USING btree ("course_id","profile_id");--> statement-breakpoint
CREATE INDEX "playlists_profile_idx" ON "playlists" USING btree ("profile_id","app_id");