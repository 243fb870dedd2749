ALTER TABLE "outbox_messages" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "sealed_response" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "attempt_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "claimed_by" text;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outbox_messages_claimed_idx" ON "outbox_messages" USING btree ("claimed_by") WHERE "outbox_messages"."claimed_by" is not null;--> statement-breakpoint
-- Hand-written (issue 24 #4): what was stored in the clear before sealing goes now. Recorded
-- replay answers are forgotten (a retry of such a call runs again; money moves stay single
-- through the ledger's own keys); settled mails lose their content (the links they carried).
DELETE FROM "idempotency_keys" WHERE "status" = 'done';--> statement-breakpoint
UPDATE "outbox_messages" SET "subject" = NULL, "body" = NULL WHERE "status" <> 'pending';
