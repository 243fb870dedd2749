CREATE TABLE "import_map_entries" (
	"package" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"manifest" jsonb NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_map_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"package" text NOT NULL,
	"version" text NOT NULL,
	"previous_version" text,
	"action" text NOT NULL,
	"revision" integer NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "import_map_history_package_idx" ON "import_map_history" USING btree ("package","id");