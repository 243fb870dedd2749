ALTER TABLE "steps" DROP CONSTRAINT "steps_bounds_ck";--> statement-breakpoint
ALTER TABLE "steps" ADD COLUMN "status" text DEFAULT 'counted' NOT NULL;--> statement-breakpoint
ALTER TABLE "earning_marks" ADD COLUMN "points" integer;--> statement-breakpoint
ALTER TABLE "point_programs" ADD COLUMN "daily_point_ceiling" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "steps_held_idx" ON "steps" USING btree ("day" desc) WHERE "steps"."status" = 'held';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "earning_marks_user_day_idx" ON "earning_marks" USING btree ("user_id","currency","day");--> statement-breakpoint
ALTER TABLE "steps" ADD CONSTRAINT "steps_status_ck" CHECK ("steps"."status" in ('counted', 'held')) NOT VALID;--> statement-breakpoint
ALTER TABLE "steps" ADD CONSTRAINT "steps_bounds_ck" CHECK ("steps"."steps" between 0 and 200000) NOT VALID;--> statement-breakpoint
ALTER TABLE "point_programs" ADD CONSTRAINT "point_programs_daily_ceiling_ck" CHECK ("point_programs"."daily_point_ceiling" between 1 and 1000000) NOT VALID;--> statement-breakpoint
-- Hand-written (issue 24 #3): coin competition entries were booked as gift redemptions ('redeem')
-- with no gift behind them. Re-kind those transfers as 'competition', the kind entries now get,
-- so the reconcile's redemption and competition invariants hold for existing data. Only the
-- transfers an entry points at change; amounts and entries stay as they were.
UPDATE "ledger_transfers" SET "kind" = 'competition'
WHERE "kind" = 'redeem' AND "id" IN (SELECT "transfer_id" FROM "prize_competition_entries" WHERE "transfer_id" IS NOT NULL);
