CREATE INDEX IF NOT EXISTS "gift_codes_free_order_idx" ON "gift_codes" USING btree ("gift_id","created_at","id") WHERE "gift_codes"."user_gift_id" is null;--> statement-breakpoint
DROP INDEX IF EXISTS "gift_codes_free_idx";
