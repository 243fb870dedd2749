CREATE TABLE "sleeps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"client_record_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"minutes_asleep" integer NOT NULL,
	"awake_minutes" integer,
	"light_minutes" integer,
	"deep_minutes" integer,
	"rem_minutes" integer,
	CONSTRAINT "sleeps_client_record_uq" UNIQUE("user_id","source","client_record_id"),
	CONSTRAINT "sleeps_source_ck" CHECK ("sleeps"."source" in ('manual', 'wearable', 'app')),
	CONSTRAINT "sleeps_span_ck" CHECK ("sleeps"."started_at" < "sleeps"."measured_at" and "sleeps"."measured_at" - "sleeps"."started_at" <= interval '24 hours' and "sleeps"."minutes_asleep" between 0 and 1440),
	CONSTRAINT "sleeps_stages_ck" CHECK (("sleeps"."awake_minutes" is null and "sleeps"."light_minutes" is null and "sleeps"."deep_minutes" is null and "sleeps"."rem_minutes" is null) or ("sleeps"."awake_minutes" between 0 and 1440 and "sleeps"."light_minutes" between 0 and 1440 and "sleeps"."deep_minutes" between 0 and 1440 and "sleeps"."rem_minutes" between 0 and 1440))
);
--> statement-breakpoint
ALTER TABLE "sleeps" ADD CONSTRAINT "sleeps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sleeps_user_measured_idx" ON "sleeps" USING btree ("user_id","measured_at" desc,"id" desc);