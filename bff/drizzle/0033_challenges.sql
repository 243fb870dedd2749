CREATE TABLE "challenge_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"challenge_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"month" date NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "challenge_entries_member_month_uq" UNIQUE("user_id","month","challenge_id"),
	CONSTRAINT "challenge_entries_month_ck" CHECK (extract(day from "challenge_entries"."month") = 1)
);
--> statement-breakpoint
CREATE TABLE "challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"association_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"menu_id" uuid NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"target_days" integer NOT NULL,
	"min_steps" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenges_kind_ck" CHECK ("challenges"."kind" in ('blood_pressure_days', 'step_days')),
	CONSTRAINT "challenges_target_ck" CHECK ("challenges"."target_days" between 1 and 28),
	CONSTRAINT "challenges_steps_ck" CHECK (("challenges"."kind" = 'step_days') = ("challenges"."min_steps" is not null))
);
--> statement-breakpoint
ALTER TABLE "point_menus" DROP CONSTRAINT "point_menus_kind_ck";--> statement-breakpoint
ALTER TABLE "challenge_entries" ADD CONSTRAINT "challenge_entries_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_entries" ADD CONSTRAINT "challenge_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_program_id_point_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."point_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_menu_id_point_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."point_menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenge_entries_challenge_idx" ON "challenge_entries" USING btree ("challenge_id");--> statement-breakpoint
CREATE INDEX "challenges_association_idx" ON "challenges" USING btree ("association_id","created_at");--> statement-breakpoint
ALTER TABLE "point_menus" ADD CONSTRAINT "point_menus_kind_ck" CHECK ("point_menus"."kind" in ('vital_recorded', 'step_goal_reached', 'enquete_answered', 'campaign_entered', 'challenge_completed')) NOT VALID;