CREATE TABLE "article_quiz_answers" (
	"user_id" uuid NOT NULL,
	"article_id" uuid NOT NULL,
	"choice" integer NOT NULL,
	"correct" boolean NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "article_quiz_answers_user_id_article_id_pk" PRIMARY KEY("user_id","article_id")
);
--> statement-breakpoint
CREATE TABLE "article_saves" (
	"user_id" uuid NOT NULL,
	"article_id" uuid NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "article_saves_user_id_article_id_pk" PRIMARY KEY("user_id","article_id")
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"association_id" uuid,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"body" text NOT NULL,
	"reading_minutes" integer NOT NULL,
	"quiz_question" text,
	"quiz_choices" jsonb,
	"quiz_answer" integer,
	"quiz_explanation" text,
	"publish_from" timestamp with time zone NOT NULL,
	"publish_until" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_window_ck" CHECK ("articles"."publish_until" is null or "articles"."publish_until" > "articles"."publish_from"),
	CONSTRAINT "articles_quiz_ck" CHECK (("articles"."quiz_question" is null and "articles"."quiz_choices" is null and "articles"."quiz_answer" is null and "articles"."quiz_explanation" is null)
        or ("articles"."quiz_question" is not null and "articles"."quiz_choices" is not null and "articles"."quiz_answer" >= 0 and "articles"."quiz_explanation" is not null))
);
--> statement-breakpoint
ALTER TABLE "point_menus" DROP CONSTRAINT "point_menus_kind_ck";--> statement-breakpoint
ALTER TABLE "article_quiz_answers" ADD CONSTRAINT "article_quiz_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_quiz_answers" ADD CONSTRAINT "article_quiz_answers_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_saves" ADD CONSTRAINT "article_saves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_saves" ADD CONSTRAINT "article_saves_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_quiz_answers_article_idx" ON "article_quiz_answers" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "article_saves_list_idx" ON "article_saves" USING btree ("user_id","saved_at" desc,"article_id" desc);--> statement-breakpoint
CREATE INDEX "articles_association_publish_idx" ON "articles" USING btree ("association_id","publish_from" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "articles_site_wide_publish_idx" ON "articles" USING btree ("publish_from" desc,"id" desc) WHERE "articles"."association_id" is null;--> statement-breakpoint
ALTER TABLE "point_menus" ADD CONSTRAINT "point_menus_kind_ck" CHECK ("point_menus"."kind" in ('vital_recorded', 'step_goal_reached', 'enquete_answered', 'campaign_entered', 'challenge_completed', 'article_quiz_correct')) NOT VALID;--> statement-breakpoint
ALTER TABLE "point_menus" VALIDATE CONSTRAINT "point_menus_kind_ck";