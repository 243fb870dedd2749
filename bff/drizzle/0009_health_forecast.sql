CREATE TABLE "doctor_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"association_id" uuid,
	"name" text NOT NULL,
	"name_kana" text NOT NULL,
	"title" text NOT NULL,
	"specialty" text NOT NULL,
	"qualifications" text[] DEFAULT '{}'::text[] NOT NULL,
	"career" text[] DEFAULT '{}'::text[] NOT NULL,
	"message" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_forecast_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sealed" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "doctor_profiles" ADD CONSTRAINT "doctor_profiles_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_forecast_snapshots" ADD CONSTRAINT "health_forecast_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "doctor_profiles_association_uq" ON "doctor_profiles" USING btree (coalesce("association_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE INDEX "health_forecast_snapshots_user_saved_idx" ON "health_forecast_snapshots" USING btree ("user_id","saved_at" desc,"id" desc);