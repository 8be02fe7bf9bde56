CREATE TABLE "event_attachments" (
	"event_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "event_attachments_event_id_file_id_pk" PRIMARY KEY("event_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "event_attendees" (
	"event_id" uuid NOT NULL,
	"occurrence" text NOT NULL,
	"profile_id" uuid NOT NULL,
	"status" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_attendees_event_id_occurrence_profile_id_pk" PRIMARY KEY("event_id","occurrence","profile_id")
);
--> statement-breakpoint
CREATE TABLE "event_categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_feed_tokens" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_hosts" (
	"event_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "event_hosts_event_id_profile_id_pk" PRIMARY KEY("event_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "event_occurrence_seats" (
	"event_id" uuid NOT NULL,
	"occurrence" text NOT NULL,
	"going_count" integer DEFAULT 0 NOT NULL,
	"waitlist_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_occurrence_seats_event_id_occurrence_pk" PRIMARY KEY("event_id","occurrence"),
	CONSTRAINT "event_occurrence_seats_counts_check" CHECK ("event_occurrence_seats"."going_count" >= 0 and "event_occurrence_seats"."waitlist_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "event_overrides" (
	"event_id" uuid NOT NULL,
	"occurrence" text NOT NULL,
	"starts_local" text,
	"duration_seconds" integer,
	"changes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_overrides_event_id_occurrence_pk" PRIMARY KEY("event_id","occurrence")
);
--> statement-breakpoint
CREATE TABLE "event_reminders_sent" (
	"event_id" uuid NOT NULL,
	"occurrence" text NOT NULL,
	"profile_id" uuid NOT NULL,
	"offset_seconds" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_reminders_sent_event_id_occurrence_profile_id_offset_seconds_pk" PRIMARY KEY("event_id","occurrence","profile_id","offset_seconds")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"category_id" uuid,
	"author_profile_id" uuid,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description_html" text DEFAULT '' NOT NULL,
	"description_text" text DEFAULT '' NOT NULL,
	"cover_id" uuid,
	"event_type" text DEFAULT 'tbd' NOT NULL,
	"virtual_location_url" text,
	"in_person_location" text,
	"starts_local" text NOT NULL,
	"time_zone" text NOT NULL,
	"duration_seconds" integer NOT NULL,
	"rrule" text,
	"exdates" text[] DEFAULT '{}'::text[] NOT NULL,
	"first_starts_at" timestamp with time zone NOT NULL,
	"last_ends_at" timestamp with time zone,
	"participants_limit" integer,
	"is_confirmation_enabled" boolean DEFAULT true NOT NULL,
	"is_reminder_enabled" boolean DEFAULT true NOT NULL,
	"reminder_offsets" integer[] DEFAULT '{86400,3600}'::integer[] NOT NULL,
	"access" text DEFAULT 'auth' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_duration_check" CHECK ("events"."duration_seconds" > 0 and "events"."duration_seconds" <= 86400),
	CONSTRAINT "events_limit_check" CHECK ("events"."participants_limit" is null or "events"."participants_limit" > 0)
);
--> statement-breakpoint
ALTER TABLE "event_attachments" ADD CONSTRAINT "event_attachments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attachments" ADD CONSTRAINT "event_attachments_file_id_cloud_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."cloud_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendees" ADD CONSTRAINT "event_attendees_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendees" ADD CONSTRAINT "event_attendees_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_categories" ADD CONSTRAINT "event_categories_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_feed_tokens" ADD CONSTRAINT "event_feed_tokens_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_hosts" ADD CONSTRAINT "event_hosts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_hosts" ADD CONSTRAINT "event_hosts_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_occurrence_seats" ADD CONSTRAINT "event_occurrence_seats_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_overrides" ADD CONSTRAINT "event_overrides_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reminders_sent" ADD CONSTRAINT "event_reminders_sent_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reminders_sent" ADD CONSTRAINT "event_reminders_sent_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_category_id_event_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."event_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_author_profile_id_profiles_id_fk" FOREIGN KEY ("author_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_cover_id_cloud_files_id_fk" FOREIGN KEY ("cover_id") REFERENCES "public"."cloud_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_attendees_occurrence_idx" ON "event_attendees" USING btree ("event_id","occurrence","status","joined_at");--> statement-breakpoint
CREATE INDEX "event_attendees_profile_idx" ON "event_attendees" USING btree ("profile_id","starts_at");--> statement-breakpoint
CREATE INDEX "event_attendees_starts_idx" ON "event_attendees" USING btree ("starts_at") WHERE "event_attendees"."status" = 'going';--> statement-breakpoint
CREATE INDEX "event_categories_app_idx" ON "event_categories" USING btree ("app_id","position");--> statement-breakpoint
CREATE INDEX "event_hosts_profile_idx" ON "event_hosts" USING btree ("profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "events_slug_idx" ON "events" USING btree ("app_id","slug");--> statement-breakpoint
CREATE INDEX "events_window_idx" ON "events" USING btree ("app_id","first_starts_at","last_ends_at") WHERE "events"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "events_category_idx" ON "events" USING btree ("category_id");