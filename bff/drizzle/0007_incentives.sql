CREATE TABLE "earning_marks" (
	"event_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"user_id" uuid NOT NULL,
	"menu_id" uuid,
	"day" date NOT NULL,
	"outcome" text NOT NULL,
	"transfer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "earning_marks_event_id_currency_pk" PRIMARY KEY("event_id","currency")
);
--> statement-breakpoint
CREATE TABLE "gift_challenge_draws" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"transfer_id" uuid NOT NULL,
	"roll" integer NOT NULL,
	"odds_basis_points" integer NOT NULL,
	"user_gift_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_challenge_draws_transfer_uq" UNIQUE("transfer_id")
);
--> statement-breakpoint
CREATE TABLE "gift_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gift_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"code_sealed" text NOT NULL,
	"user_gift_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_codes_hash_uq" UNIQUE("gift_id","code_hash"),
	CONSTRAINT "gift_codes_user_gift_uq" UNIQUE("user_gift_id")
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cost" integer NOT NULL,
	"kind" text NOT NULL,
	"stock" integer,
	"challenge_prize" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_cost_ck" CHECK ("gifts"."cost" between 1 and 10000000),
	CONSTRAINT "gifts_stock_ck" CHECK ("gifts"."stock" is null or "gifts"."stock" >= 0),
	CONSTRAINT "gifts_kind_ck" CHECK ("gifts"."kind" in ('digital_code', 'delivery'))
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"program_id" uuid,
	"balance" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_key_uq" UNIQUE("key"),
	CONSTRAINT "ledger_accounts_kind_ck" CHECK ("ledger_accounts"."kind" in ('member', 'issuing', 'redemption', 'expiry', 'adjustment')),
	CONSTRAINT "ledger_accounts_member_ck" CHECK (("ledger_accounts"."kind" = 'member') = ("ledger_accounts"."user_id" is not null) and ("ledger_accounts"."kind" = 'member') = ("ledger_accounts"."balance" is not null)),
	CONSTRAINT "ledger_accounts_balance_ck" CHECK ("ledger_accounts"."balance" is null or "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transfer_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "ledger_entries_amount_ck" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"debit_account_id" uuid NOT NULL,
	"credit_account_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"program_id" uuid,
	"description" text NOT NULL,
	"reference" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_idempotency_uq" UNIQUE("idempotency_key"),
	CONSTRAINT "ledger_transfers_amount_ck" CHECK ("ledger_transfers"."amount" > 0),
	CONSTRAINT "ledger_transfers_accounts_ck" CHECK ("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id")
);
--> statement-breakpoint
CREATE TABLE "point_agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"agreed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_agreements_uq" UNIQUE("user_id","program_id","version")
);
--> statement-breakpoint
CREATE TABLE "point_campaign_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_campaign_entries_uq" UNIQUE("campaign_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "point_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"partner_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_campaigns_period_ck" CHECK ("point_campaigns"."starts_at" < "point_campaigns"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "point_lot_uses" (
	"lot_id" uuid NOT NULL,
	"transfer_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "point_lot_uses_lot_id_transfer_id_pk" PRIMARY KEY("lot_id","transfer_id"),
	CONSTRAINT "point_lot_uses_amount_ck" CHECK ("point_lot_uses"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "point_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"grant_transfer_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"remaining" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_lots_amount_ck" CHECK ("point_lots"."amount" > 0 and "point_lots"."remaining" between 0 and "point_lots"."amount")
);
--> statement-breakpoint
CREATE TABLE "point_menus" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid,
	"kind" text NOT NULL,
	"event_kind" text NOT NULL,
	"title" text NOT NULL,
	"points" integer NOT NULL,
	"daily_limit" integer,
	"total_limit" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_menus_points_ck" CHECK ("point_menus"."points" between 1 and 100000),
	CONSTRAINT "point_menus_limits_ck" CHECK (("point_menus"."daily_limit" is null or "point_menus"."daily_limit" >= 1) and ("point_menus"."total_limit" is null or "point_menus"."total_limit" >= 1)),
	CONSTRAINT "point_menus_kind_ck" CHECK ("point_menus"."kind" in ('vital_recorded', 'step_goal_reached', 'enquete_answered', 'campaign_entered'))
);
--> statement-breakpoint
CREATE TABLE "point_programs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"association_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"expiry_months" integer DEFAULT 36 NOT NULL,
	"requires_consent" boolean DEFAULT false NOT NULL,
	"consent_version" integer DEFAULT 1 NOT NULL,
	"consent_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_programs_expiry_ck" CHECK ("point_programs"."expiry_months" between 1 and 120),
	CONSTRAINT "point_programs_consent_version_ck" CHECK ("point_programs"."consent_version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "user_gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"gift_id" uuid NOT NULL,
	"transfer_id" uuid,
	"source" text NOT NULL,
	"delivery_state" text NOT NULL,
	"used_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_gifts_transfer_uq" UNIQUE("transfer_id")
);
--> statement-breakpoint
ALTER TABLE "earning_marks" ADD CONSTRAINT "earning_marks_event_id_activity_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."activity_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earning_marks" ADD CONSTRAINT "earning_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earning_marks" ADD CONSTRAINT "earning_marks_menu_id_point_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."point_menus"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earning_marks" ADD CONSTRAINT "earning_marks_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_challenge_draws" ADD CONSTRAINT "gift_challenge_draws_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_challenge_draws" ADD CONSTRAINT "gift_challenge_draws_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_challenge_draws" ADD CONSTRAINT "gift_challenge_draws_user_gift_id_user_gifts_id_fk" FOREIGN KEY ("user_gift_id") REFERENCES "public"."user_gifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_user_gift_id_user_gifts_id_fk" FOREIGN KEY ("user_gift_id") REFERENCES "public"."user_gifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_program_id_point_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."point_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_program_id_point_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."point_programs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_program_id_point_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."point_programs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_agreements" ADD CONSTRAINT "point_agreements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_agreements" ADD CONSTRAINT "point_agreements_program_id_point_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."point_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_campaign_entries" ADD CONSTRAINT "point_campaign_entries_campaign_id_point_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."point_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_campaign_entries" ADD CONSTRAINT "point_campaign_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_campaigns" ADD CONSTRAINT "point_campaigns_program_id_point_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."point_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_lot_uses" ADD CONSTRAINT "point_lot_uses_lot_id_point_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."point_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_lot_uses" ADD CONSTRAINT "point_lot_uses_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_lots" ADD CONSTRAINT "point_lots_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_lots" ADD CONSTRAINT "point_lots_grant_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("grant_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_menus" ADD CONSTRAINT "point_menus_program_id_point_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."point_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_programs" ADD CONSTRAINT "point_programs_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_gifts" ADD CONSTRAINT "user_gifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_gifts" ADD CONSTRAINT "user_gifts_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_gifts" ADD CONSTRAINT "user_gifts_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "earning_marks_menu_idx" ON "earning_marks" USING btree ("menu_id","user_id","day");--> statement-breakpoint
CREATE INDEX "gift_challenge_draws_user_idx" ON "gift_challenge_draws" USING btree ("user_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "gift_codes_free_idx" ON "gift_codes" USING btree ("gift_id") WHERE "gift_codes"."user_gift_id" is null;--> statement-breakpoint
CREATE INDEX "gifts_program_idx" ON "gifts" USING btree ("program_id","position");--> statement-breakpoint
CREATE INDEX "ledger_accounts_user_idx" ON "ledger_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transfer_idx" ON "ledger_entries" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_user_idx" ON "ledger_transfers" USING btree ("user_id","program_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "point_campaigns_program_idx" ON "point_campaigns" USING btree ("program_id","ends_at");--> statement-breakpoint
CREATE INDEX "point_lot_uses_transfer_idx" ON "point_lot_uses" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "point_lots_account_expiry_idx" ON "point_lots" USING btree ("account_id","expires_at","id");--> statement-breakpoint
CREATE INDEX "point_lots_due_idx" ON "point_lots" USING btree ("expires_at") WHERE "point_lots"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "point_menus_program_idx" ON "point_menus" USING btree ("program_id");--> statement-breakpoint
CREATE INDEX "point_programs_association_idx" ON "point_programs" USING btree ("association_id");--> statement-breakpoint
CREATE INDEX "user_gifts_user_idx" ON "user_gifts" USING btree ("user_id","created_at" desc,"id" desc);