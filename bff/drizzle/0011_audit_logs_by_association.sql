CREATE TABLE "myna_agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"action" text NOT NULL,
	"version" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "myna_authorizations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"state_hash" text NOT NULL,
	"nonce_hash" text NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"code_verifier" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "myna_authorizations_state_hash_unique" UNIQUE("state_hash")
);
--> statement-breakpoint
CREATE TABLE "myna_data_keys" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"wrapped_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "myna_dispensings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"natural_key" text NOT NULL,
	"dispensed_at" timestamp with time zone NOT NULL,
	"month" text NOT NULL,
	"payload" text NOT NULL,
	"imported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "myna_import_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"phase" text NOT NULL,
	"counts" jsonb NOT NULL,
	"failure_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"requested_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "myna_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"access_token" text NOT NULL,
	"refresh_token" text,
	"token_expires_at" timestamp with time zone NOT NULL,
	"linked_at" timestamp with time zone NOT NULL,
	"last_imported_at" timestamp with time zone,
	CONSTRAINT "myna_links_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "myna_medical_bills" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"natural_key" text NOT NULL,
	"month_at" timestamp with time zone NOT NULL,
	"month" text NOT NULL,
	"year" integer NOT NULL,
	"payload" text NOT NULL,
	"imported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "myna_medical_exams" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"natural_key" text NOT NULL,
	"examined_at" timestamp with time zone NOT NULL,
	"payload" text NOT NULL,
	"imported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "myna_secret_questions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"question_id" text NOT NULL,
	"answer_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "myna_agreements" ADD CONSTRAINT "myna_agreements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "myna_authorizations" ADD CONSTRAINT "myna_authorizations_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "myna_authorizations" ADD CONSTRAINT "myna_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "myna_data_keys" ADD CONSTRAINT "myna_data_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "myna_dispensings" ADD CONSTRAINT "myna_dispensings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "myna_import_jobs" ADD CONSTRAINT "myna_import_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "myna_links" ADD CONSTRAINT "myna_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "myna_medical_bills" ADD CONSTRAINT "myna_medical_bills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "myna_medical_exams" ADD CONSTRAINT "myna_medical_exams_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "myna_secret_questions" ADD CONSTRAINT "myna_secret_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "myna_agreements_user_idx" ON "myna_agreements" USING btree ("user_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "myna_authorizations_user_idx" ON "myna_authorizations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "myna_dispensings_key_idx" ON "myna_dispensings" USING btree ("user_id","natural_key");--> statement-breakpoint
CREATE INDEX "myna_dispensings_list_idx" ON "myna_dispensings" USING btree ("user_id","dispensed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "myna_import_jobs_user_idx" ON "myna_import_jobs" USING btree ("user_id","requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "myna_import_jobs_due_idx" ON "myna_import_jobs" USING btree ("status","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "myna_import_jobs_active_idx" ON "myna_import_jobs" USING btree ("user_id") WHERE "myna_import_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "myna_medical_bills_key_idx" ON "myna_medical_bills" USING btree ("user_id","natural_key");--> statement-breakpoint
CREATE INDEX "myna_medical_bills_list_idx" ON "myna_medical_bills" USING btree ("user_id","month_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "myna_medical_bills_year_idx" ON "myna_medical_bills" USING btree ("user_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "myna_medical_exams_key_idx" ON "myna_medical_exams" USING btree ("user_id","natural_key");--> statement-breakpoint
CREATE INDEX "myna_medical_exams_list_idx" ON "myna_medical_exams" USING btree ("user_id","examined_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_logs_association_idx" ON "audit_logs" USING btree ("association_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);