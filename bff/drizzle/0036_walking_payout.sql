ALTER TABLE "walking_events" ADD COLUMN "payout_after_user_id" uuid;--> statement-breakpoint
ALTER TABLE "walking_events" ADD COLUMN "paid_out_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "walking_events_payout_idx" ON "walking_events" USING btree ("closed_at") WHERE "walking_events"."closed_at" is not null and "walking_events"."paid_out_at" is null;--> statement-breakpoint
-- Events closed before this release were paid in their close's transaction. One whose results' fan-out had not finished resumes as a payout from the fan-out's position: its credits replay by their keys, and the rest get their result mail once (notification_deliveries).
UPDATE "walking_events" SET "payout_after_user_id" = f."after_user_id" FROM "notification_fanouts" f WHERE f."kind" = 'walking_result' AND f."item_id" = "walking_events"."id" AND f."done_at" IS NULL AND "walking_events"."closed_at" IS NOT NULL;--> statement-breakpoint
UPDATE "walking_events" SET "paid_out_at" = "closed_at" WHERE "closed_at" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "notification_fanouts" f WHERE f."kind" = 'walking_result' AND f."item_id" = "walking_events"."id" AND f."done_at" IS NULL);--> statement-breakpoint
-- A participant paid nothing had no reward recorded: 0 now, so a null reward means "not paid yet".
UPDATE "walking_participants" SET "reward_points" = 0 FROM "walking_events" e WHERE e."id" = "walking_participants"."event_id" AND e."closed_at" IS NOT NULL AND "walking_participants"."reward_points" IS NULL;--> statement-breakpoint
UPDATE "notification_fanouts" SET "done_at" = now() WHERE "kind" = 'walking_result' AND "done_at" IS NULL;
