CREATE TABLE "platform_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"host" text NOT NULL,
	"storage" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_parts" (
	"id" text PRIMARY KEY NOT NULL,
	"size" bigint,
	"offset" bigint DEFAULT 0 NOT NULL,
	"metadata" jsonb,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "upload_parts_created_idx" ON "upload_parts" USING btree ("created_at");