CREATE TABLE "cloud_favorites" (
	"file_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cloud_favorites_file_id_account_id_pk" PRIMARY KEY("file_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "cloud_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"owner_account_id" uuid NOT NULL,
	"folder_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_search" text GENERATED ALWAYS AS (lower(name)) STORED,
	"original_name" text NOT NULL,
	"extension" text DEFAULT '' NOT NULL,
	"mime_type" text NOT NULL,
	"type" text NOT NULL,
	"category" text NOT NULL,
	"size" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"duration_ms" integer,
	"status" text,
	"encode_progress" integer,
	"processing_heartbeat_at" timestamp with time zone,
	"storage_key" text NOT NULL,
	"variants" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"thumb_file_id" uuid,
	"hidden_in_cloud" boolean DEFAULT false NOT NULL,
	"source" text DEFAULT 'cloud' NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_opened_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"deleted_via" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cloud_folders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"owner_account_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"name_search" text GENERATED ALWAYS AS (lower(name)) STORED,
	"deleted_at" timestamp with time zone,
	"deleted_via" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cloud_library_versions" (
	"project_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "cloud_library_versions_project_id_account_id_pk" PRIMARY KEY("project_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "cloud_saved_searches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cloud_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"folder_id" uuid NOT NULL,
	"name" text NOT NULL,
	"declared_type" text DEFAULT '' NOT NULL,
	"size" bigint NOT NULL,
	"hidden_in_cloud" boolean DEFAULT false NOT NULL,
	"source" text DEFAULT 'cloud' NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"file_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cloud_favorites" ADD CONSTRAINT "cloud_favorites_file_id_cloud_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."cloud_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_favorites" ADD CONSTRAINT "cloud_favorites_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_favorites" ADD CONSTRAINT "cloud_favorites_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_files" ADD CONSTRAINT "cloud_files_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_files" ADD CONSTRAINT "cloud_files_owner_account_id_accounts_id_fk" FOREIGN KEY ("owner_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_files" ADD CONSTRAINT "cloud_files_folder_id_cloud_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."cloud_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_files" ADD CONSTRAINT "cloud_files_thumb_file_id_cloud_files_id_fk" FOREIGN KEY ("thumb_file_id") REFERENCES "public"."cloud_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_folders" ADD CONSTRAINT "cloud_folders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_folders" ADD CONSTRAINT "cloud_folders_owner_account_id_accounts_id_fk" FOREIGN KEY ("owner_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_folders" ADD CONSTRAINT "cloud_folders_parent_id_cloud_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."cloud_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_library_versions" ADD CONSTRAINT "cloud_library_versions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_library_versions" ADD CONSTRAINT "cloud_library_versions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_saved_searches" ADD CONSTRAINT "cloud_saved_searches_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_saved_searches" ADD CONSTRAINT "cloud_saved_searches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_uploads" ADD CONSTRAINT "cloud_uploads_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_uploads" ADD CONSTRAINT "cloud_uploads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_uploads" ADD CONSTRAINT "cloud_uploads_folder_id_cloud_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."cloud_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_uploads" ADD CONSTRAINT "cloud_uploads_file_id_cloud_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."cloud_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cloud_favorites_account_idx" ON "cloud_favorites" USING btree ("project_id","account_id","created_at");--> statement-breakpoint
CREATE INDEX "cloud_files_folder_name_idx" ON "cloud_files" USING btree ("folder_id","name_search");--> statement-breakpoint
CREATE INDEX "cloud_files_owner_updated_idx" ON "cloud_files" USING btree ("project_id","owner_account_id","updated_at");--> statement-breakpoint
CREATE INDEX "cloud_files_project_size_idx" ON "cloud_files" USING btree ("project_id","size");--> statement-breakpoint
CREATE INDEX "cloud_files_name_trgm_idx" ON "cloud_files" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cloud_files_deleted_idx" ON "cloud_files" USING btree ("deleted_at") WHERE "cloud_files"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "cloud_files_live_folder_idx" ON "cloud_files" USING btree ("folder_id","updated_at","id") WHERE "cloud_files"."deleted_at" is null and "cloud_files"."hidden_in_cloud" = false;--> statement-breakpoint
CREATE INDEX "cloud_files_live_folder_created_idx" ON "cloud_files" USING btree ("folder_id","created_at","id") WHERE "cloud_files"."deleted_at" is null and "cloud_files"."hidden_in_cloud" = false;--> statement-breakpoint
CREATE INDEX "cloud_files_live_owner_created_idx" ON "cloud_files" USING btree ("project_id","owner_account_id","created_at","id") WHERE "cloud_files"."deleted_at" is null and "cloud_files"."hidden_in_cloud" = false;--> statement-breakpoint
CREATE INDEX "cloud_files_live_category_idx" ON "cloud_files" USING btree ("project_id","owner_account_id","category","updated_at","id") WHERE "cloud_files"."deleted_at" is null and "cloud_files"."hidden_in_cloud" = false;--> statement-breakpoint
CREATE INDEX "cloud_files_live_recent_idx" ON "cloud_files" USING btree ("project_id","owner_account_id",greatest("last_opened_at", "created_at")) WHERE "cloud_files"."deleted_at" is null and "cloud_files"."hidden_in_cloud" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "cloud_folders_root_idx" ON "cloud_folders" USING btree ("project_id","owner_account_id") WHERE "cloud_folders"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "cloud_folders_parent_idx" ON "cloud_folders" USING btree ("parent_id","updated_at");--> statement-breakpoint
CREATE INDEX "cloud_folders_owner_idx" ON "cloud_folders" USING btree ("project_id","owner_account_id","updated_at");--> statement-breakpoint
CREATE INDEX "cloud_folders_name_trgm_idx" ON "cloud_folders" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cloud_folders_deleted_idx" ON "cloud_folders" USING btree ("deleted_at") WHERE "cloud_folders"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "cloud_saved_searches_owner_idx" ON "cloud_saved_searches" USING btree ("project_id","account_id","created_at");--> statement-breakpoint
CREATE INDEX "cloud_uploads_project_idx" ON "cloud_uploads" USING btree ("project_id","account_id");--> statement-breakpoint
CREATE INDEX "cloud_uploads_expires_idx" ON "cloud_uploads" USING btree ("expires_at");