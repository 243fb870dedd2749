CREATE TABLE "announcement_reads" (
	"user_id" uuid NOT NULL,
	"announcement_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "announcement_reads_user_id_announcement_id_pk" PRIMARY KEY("user_id","announcement_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"association_id" uuid,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"body" text NOT NULL,
	"link_path" text,
	"link_label" text,
	"publish_from" timestamp with time zone NOT NULL,
	"publish_until" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_link_ck" CHECK ("announcements"."link_path" is null or "announcements"."link_path" like '/%'),
	CONSTRAINT "announcements_window_ck" CHECK ("announcements"."publish_until" is null or "announcements"."publish_until" > "announcements"."publish_from")
);
--> statement-breakpoint
CREATE TABLE "document_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enquete_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"response_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"choice_id" uuid,
	"scale" integer,
	"text" text
);
--> statement-breakpoint
CREATE TABLE "enquete_choices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enquete_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enquete_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"scale_min" integer,
	"scale_max" integer,
	"scale_min_label" text,
	"scale_max_label" text,
	CONSTRAINT "enquete_questions_scale_ck" CHECK ("enquete_questions"."kind" <> 'scale' or ("enquete_questions"."scale_min" is not null and "enquete_questions"."scale_max" is not null and "enquete_questions"."scale_min" < "enquete_questions"."scale_max"))
);
--> statement-breakpoint
CREATE TABLE "enquete_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enquete_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "enquete_responses_once_uq" UNIQUE("enquete_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "enquetes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"association_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faq_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"association_id" uuid,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faq_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"association_id" uuid,
	"receipt_number" text NOT NULL,
	"category" text NOT NULL,
	"body" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inquiries_receipt_number_unique" UNIQUE("receipt_number")
);
--> statement-breakpoint
CREATE TABLE "site_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"association_id" uuid,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_documents_version_uq" UNIQUE NULLS NOT DISTINCT("association_id","kind","version"),
	CONSTRAINT "site_documents_version_ck" CHECK ("site_documents"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "operator_roles" (
	"operator_id" uuid NOT NULL,
	"association_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_roles_operator_id_association_id_pk" PRIMARY KEY("operator_id","association_id")
);
--> statement-breakpoint
CREATE TABLE "operator_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"operator_id" uuid,
	"authenticity_token" text NOT NULL,
	"second_factor_at" timestamp with time zone,
	"pending_totp_secret" text,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "operator_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"totp_secret" text,
	"totp_enabled_at" timestamp with time zone,
	"totp_last_step" bigint,
	"failed_auth_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operators_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "operator_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "association_id" uuid;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_files" ADD CONSTRAINT "document_files_document_id_site_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."site_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquete_answers" ADD CONSTRAINT "enquete_answers_response_id_enquete_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."enquete_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquete_answers" ADD CONSTRAINT "enquete_answers_question_id_enquete_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."enquete_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquete_answers" ADD CONSTRAINT "enquete_answers_choice_id_enquete_choices_id_fk" FOREIGN KEY ("choice_id") REFERENCES "public"."enquete_choices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquete_choices" ADD CONSTRAINT "enquete_choices_question_id_enquete_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."enquete_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquete_questions" ADD CONSTRAINT "enquete_questions_enquete_id_enquetes_id_fk" FOREIGN KEY ("enquete_id") REFERENCES "public"."enquetes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquete_responses" ADD CONSTRAINT "enquete_responses_enquete_id_enquetes_id_fk" FOREIGN KEY ("enquete_id") REFERENCES "public"."enquetes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquete_responses" ADD CONSTRAINT "enquete_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquetes" ADD CONSTRAINT "enquetes_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faq_categories" ADD CONSTRAINT "faq_categories_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faq_questions" ADD CONSTRAINT "faq_questions_category_id_faq_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."faq_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_documents" ADD CONSTRAINT "site_documents_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_roles" ADD CONSTRAINT "operator_roles_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_roles" ADD CONSTRAINT "operator_roles_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_visible_idx" ON "announcements" USING btree ("publish_from" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "announcements_association_idx" ON "announcements" USING btree ("association_id");--> statement-breakpoint
CREATE INDEX "document_files_document_idx" ON "document_files" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "enquete_answers_response_idx" ON "enquete_answers" USING btree ("response_id");--> statement-breakpoint
CREATE INDEX "enquete_answers_question_idx" ON "enquete_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "enquete_choices_question_idx" ON "enquete_choices" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "enquete_questions_enquete_idx" ON "enquete_questions" USING btree ("enquete_id","position");--> statement-breakpoint
CREATE INDEX "enquete_responses_user_idx" ON "enquete_responses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "enquetes_association_idx" ON "enquetes" USING btree ("association_id","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "faq_categories_association_idx" ON "faq_categories" USING btree ("association_id");--> statement-breakpoint
CREATE INDEX "faq_questions_category_idx" ON "faq_questions" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "inquiries_user_idx" ON "inquiries" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "operator_roles_association_idx" ON "operator_roles" USING btree ("association_id");--> statement-breakpoint
CREATE INDEX "operator_sessions_operator_idx" ON "operator_sessions" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "operator_sessions_expires_idx" ON "operator_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "audit_logs_operator_idx" ON "audit_logs" USING btree ("operator_id","created_at");