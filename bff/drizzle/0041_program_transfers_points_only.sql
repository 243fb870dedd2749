CREATE INDEX IF NOT EXISTS "ledger_transfers_program_points_idx" ON "ledger_transfers" USING btree ("program_id","created_at") WHERE "ledger_transfers"."program_id" is not null;--> statement-breakpoint
DROP INDEX IF EXISTS "ledger_transfers_program_created_idx";
