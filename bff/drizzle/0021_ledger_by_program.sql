-- Issue 27: the operators' dashboard reads one association's point programs over a period. On a
-- large database create it by hand with CREATE INDEX CONCURRENTLY before the release; IF NOT EXISTS
-- then skips it here.
CREATE INDEX IF NOT EXISTS "ledger_transfers_program_created_idx" ON "ledger_transfers" USING btree ("program_id","created_at");
