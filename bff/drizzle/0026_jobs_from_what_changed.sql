CREATE TABLE "notification_fanouts" (
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"association_id" uuid,
	"cutoff" timestamp with time zone NOT NULL,
	"after_user_id" uuid,
	"recipients" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "notification_fanouts_kind_item_id_pk" PRIMARY KEY("kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "job_state" (
	"name" text PRIMARY KEY NOT NULL,
	"lease_holder" text,
	"lease_until" timestamp with time zone,
	"watermark" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_events" ADD COLUMN IF NOT EXISTS "earning_pending" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Once, at the upgrade: events the earning job had already settled for every menu they match (the old pass's own test) leave the queue.
UPDATE "activity_events" e SET "earning_pending" = false
WHERE e."earning_pending" AND NOT EXISTS (
  SELECT 1 FROM "users" u
  JOIN "point_menus" m ON m."event_kind" = e."kind" AND e."created_at" >= m."created_at"
  LEFT JOIN "point_programs" p ON p."id" = m."program_id"
  WHERE u."id" = e."user_id" AND (m."program_id" IS NULL OR p."association_id" = u."association_id")
    AND NOT EXISTS (SELECT 1 FROM "earning_marks" k WHERE k."event_id" = e."id" AND k."currency" = coalesce(m."program_id"::text, 'coin'))
);--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "priority" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notification_fanouts_open_idx" ON "notification_fanouts" USING btree ("created_at") WHERE "notification_fanouts"."done_at" is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "point_lots_created_idx" ON "point_lots" USING btree ("created_at") WHERE "point_lots"."remaining" > 0;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "activity_events_pending_idx" ON "activity_events" USING btree ("created_at","id") WHERE "activity_events"."earning_pending";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "activity_events_pending_user_idx" ON "activity_events" USING btree ("user_id") WHERE "activity_events"."earning_pending";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outbox_messages_pending_priority_idx" ON "outbox_messages" USING btree ("priority","next_attempt_at") WHERE "outbox_messages"."status" = 'pending';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_association_member_idx" ON "users" USING btree ("association_id","id");