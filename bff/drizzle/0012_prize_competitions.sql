CREATE TABLE "prize_competition_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"competition_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"transfer_id" uuid,
	"entered_at" timestamp with time zone NOT NULL,
	"result" text,
	"prize" text,
	CONSTRAINT "prize_competition_entries_uq" UNIQUE("competition_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "prize_competitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"association_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"entry_kind" text NOT NULL,
	"steps_required" integer,
	"coin_cost" integer,
	"prizes" text NOT NULL,
	"secret" text NOT NULL,
	"secret_hash" text NOT NULL,
	"published_at" timestamp with time zone,
	"drawn_at" timestamp with time zone,
	"draw_seed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prize_competitions_period_ck" CHECK ("prize_competitions"."ends_at" > "prize_competitions"."starts_at"),
	CONSTRAINT "prize_competitions_entry_ck" CHECK (("prize_competitions"."entry_kind" = 'steps' and "prize_competitions"."steps_required" >= 1) or ("prize_competitions"."entry_kind" = 'coins' and "prize_competitions"."coin_cost" >= 1))
);
--> statement-breakpoint
ALTER TABLE "prize_competition_entries" ADD CONSTRAINT "prize_competition_entries_competition_id_prize_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."prize_competitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_competition_entries" ADD CONSTRAINT "prize_competition_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_competition_entries" ADD CONSTRAINT "prize_competition_entries_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_competitions" ADD CONSTRAINT "prize_competitions_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prize_competition_entries_user_idx" ON "prize_competition_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "prize_competitions_association_idx" ON "prize_competitions" USING btree ("association_id","ends_at" DESC NULLS LAST);