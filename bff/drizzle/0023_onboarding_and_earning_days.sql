ALTER TABLE "users" ADD COLUMN "onboarded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "earning_marks_transfer_idx" ON "earning_marks" USING btree ("transfer_id");--> statement-breakpoint
-- Members who joined before the welcome existed are not asked (issue 27): only new members are.
UPDATE "users" SET "onboarded_at" = "created_at" WHERE "onboarded_at" IS NULL;
