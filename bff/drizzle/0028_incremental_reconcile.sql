-- Issue 28: the incremental reconcile reads what changed since its last pass by these ranges. On a
-- large database create them by hand, CONCURRENTLY, before the release (IF NOT EXISTS then skips them).
CREATE INDEX IF NOT EXISTS "gift_challenge_draws_created_idx" ON "gift_challenge_draws" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gift_orders_cancelled_idx" ON "gift_orders" USING btree ("cancelled_at") WHERE "gift_orders"."cancelled_at" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ledger_transfers_created_idx" ON "ledger_transfers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "prize_competition_entries_entered_idx" ON "prize_competition_entries" USING btree ("entered_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_gifts_created_idx" ON "user_gifts" USING btree ("created_at");