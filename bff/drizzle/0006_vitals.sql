CREATE TABLE "blood_sugars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"client_record_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"glucose" integer NOT NULL,
	"timing" text NOT NULL,
	CONSTRAINT "blood_sugars_client_record_uq" UNIQUE("user_id","source","client_record_id"),
	CONSTRAINT "blood_sugars_source_ck" CHECK ("blood_sugars"."source" in ('manual', 'wearable', 'app')),
	CONSTRAINT "blood_sugars_bounds_ck" CHECK ("blood_sugars"."glucose" between 20 and 800),
	CONSTRAINT "blood_sugars_timing_ck" CHECK ("blood_sugars"."timing" in ('fasting', 'beforeMeal', 'afterMeal', 'random'))
);
--> statement-breakpoint
CREATE TABLE "body_temperatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"client_record_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"temperature" numeric(4, 2) NOT NULL,
	CONSTRAINT "body_temperatures_client_record_uq" UNIQUE("user_id","source","client_record_id"),
	CONSTRAINT "body_temperatures_source_ck" CHECK ("body_temperatures"."source" in ('manual', 'wearable', 'app')),
	CONSTRAINT "body_temperatures_bounds_ck" CHECK ("body_temperatures"."temperature" between 34 and 42)
);
--> statement-breakpoint
CREATE TABLE "steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"steps" integer NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"client_record_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "steps_user_day_uq" UNIQUE("user_id","day"),
	CONSTRAINT "steps_source_ck" CHECK ("steps"."source" in ('manual', 'wearable', 'app')),
	CONSTRAINT "steps_bounds_ck" CHECK ("steps"."steps" between 0 and 100000)
);
--> statement-breakpoint
CREATE TABLE "vital_goals" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"daily_steps" integer,
	"target_weight" numeric(4, 1),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vital_goals_bounds_ck" CHECK (("vital_goals"."daily_steps" is null or "vital_goals"."daily_steps" between 1000 and 50000) and ("vital_goals"."target_weight" is null or "vital_goals"."target_weight" between 20 and 300))
);
--> statement-breakpoint
CREATE TABLE "weights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"client_record_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"weight" numeric(4, 1) NOT NULL,
	"body_fat" numeric(3, 1),
	CONSTRAINT "weights_client_record_uq" UNIQUE("user_id","source","client_record_id"),
	CONSTRAINT "weights_source_ck" CHECK ("weights"."source" in ('manual', 'wearable', 'app')),
	CONSTRAINT "weights_bounds_ck" CHECK ("weights"."weight" between 20 and 300 and ("weights"."body_fat" is null or "weights"."body_fat" between 1 and 75))
);
--> statement-breakpoint
CREATE TABLE "activity_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_events_user_kind_day_uq" UNIQUE("user_id","kind","day")
);
--> statement-breakpoint
ALTER TABLE "blood_pressures" ADD COLUMN "source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "blood_pressures" ADD COLUMN "client_record_id" text;--> statement-breakpoint
ALTER TABLE "blood_pressures" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "height" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "blood_sugars" ADD CONSTRAINT "blood_sugars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "body_temperatures" ADD CONSTRAINT "body_temperatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steps" ADD CONSTRAINT "steps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vital_goals" ADD CONSTRAINT "vital_goals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weights" ADD CONSTRAINT "weights_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blood_sugars_user_measured_idx" ON "blood_sugars" USING btree ("user_id","measured_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "body_temperatures_user_measured_idx" ON "body_temperatures" USING btree ("user_id","measured_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "steps_user_day_idx" ON "steps" USING btree ("user_id","day" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "weights_user_measured_idx" ON "weights" USING btree ("user_id","measured_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "activity_events_created_idx" ON "activity_events" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "blood_pressures" ADD CONSTRAINT "blood_pressures_client_record_uq" UNIQUE("user_id","source","client_record_id");--> statement-breakpoint
ALTER TABLE "blood_pressures" ADD CONSTRAINT "blood_pressures_source_ck" CHECK ("blood_pressures"."source" in ('manual', 'wearable', 'app'));--> statement-breakpoint
ALTER TABLE "blood_pressures" ADD CONSTRAINT "blood_pressures_bounds_ck" CHECK ("blood_pressures"."systolic" between 60 and 300 and "blood_pressures"."diastolic" between 30 and 200 and "blood_pressures"."diastolic" < "blood_pressures"."systolic" and ("blood_pressures"."pulse" is null or "blood_pressures"."pulse" between 20 and 250));