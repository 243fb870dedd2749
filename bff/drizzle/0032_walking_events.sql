CREATE TABLE "walking_buckets" (
	"event_id" uuid NOT NULL,
	"board" text NOT NULL,
	"bucket" integer NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "walking_buckets_event_id_board_bucket_pk" PRIMARY KEY("event_id","board","bucket"),
	CONSTRAINT "walking_buckets_count_ck" CHECK ("walking_buckets"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "walking_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"participant_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"day" date NOT NULL,
	"steps" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"counted" integer NOT NULL,
	"decided_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "walking_days_uq" UNIQUE("participant_id","day"),
	CONSTRAINT "walking_days_status_ck" CHECK ("walking_days"."status" in ('counted', 'held', 'approved', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "walking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"association_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"grace_days" integer NOT NULL,
	"mode" text NOT NULL,
	"team_size" integer NOT NULL,
	"daily_limit" integer NOT NULL,
	"finish_steps" integer,
	"finish_points" integer DEFAULT 0 NOT NULL,
	"rank_rewards" text DEFAULT '[]' NOT NULL,
	"team_rank_rewards" text DEFAULT '[]' NOT NULL,
	"participants" integer DEFAULT 0 NOT NULL,
	"teams" integer DEFAULT 0 NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "walking_events_period_ck" CHECK ("walking_events"."ends_on" >= "walking_events"."starts_on"),
	CONSTRAINT "walking_events_team_size_ck" CHECK ("walking_events"."team_size" between 2 and 10),
	CONSTRAINT "walking_events_counts_ck" CHECK ("walking_events"."participants" >= 0 and "walking_events"."teams" >= 0)
);
--> statement-breakpoint
CREATE TABLE "walking_participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"team_id" uuid,
	"total" bigint DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"reward_points" integer,
	CONSTRAINT "walking_participants_uq" UNIQUE("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "walking_teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"invite_code" text NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "walking_teams_invite_code_uq" UNIQUE("invite_code"),
	CONSTRAINT "walking_teams_members_ck" CHECK ("walking_teams"."members" between 0 and 10)
);
--> statement-breakpoint
ALTER TABLE "walking_buckets" ADD CONSTRAINT "walking_buckets_event_id_walking_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."walking_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walking_days" ADD CONSTRAINT "walking_days_participant_id_walking_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."walking_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walking_days" ADD CONSTRAINT "walking_days_event_id_walking_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."walking_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walking_events" ADD CONSTRAINT "walking_events_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walking_events" ADD CONSTRAINT "walking_events_program_id_point_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."point_programs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walking_participants" ADD CONSTRAINT "walking_participants_event_id_walking_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."walking_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walking_participants" ADD CONSTRAINT "walking_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walking_participants" ADD CONSTRAINT "walking_participants_team_id_walking_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."walking_teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walking_teams" ADD CONSTRAINT "walking_teams_event_id_walking_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."walking_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "walking_days_held_idx" ON "walking_days" USING btree ("event_id","day","id") WHERE "walking_days"."status" = 'held';--> statement-breakpoint
CREATE INDEX "walking_events_association_idx" ON "walking_events" USING btree ("association_id","ends_on" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "walking_events_open_idx" ON "walking_events" USING btree ("ends_on") WHERE "walking_events"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "walking_participants_board_idx" ON "walking_participants" USING btree ("event_id","total" desc,"id");--> statement-breakpoint
CREATE INDEX "walking_participants_user_idx" ON "walking_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "walking_participants_team_idx" ON "walking_participants" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "walking_teams_board_idx" ON "walking_teams" USING btree ("event_id","total" desc,"id");