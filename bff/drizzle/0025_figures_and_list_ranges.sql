CREATE TABLE "health_activity_days" (
	"association_id" uuid NOT NULL,
	"day" date NOT NULL,
	"user_id" uuid NOT NULL,
	"records" integer NOT NULL,
	CONSTRAINT "health_activity_days_association_id_day_user_id_pk" PRIMARY KEY("association_id","day","user_id"),
	CONSTRAINT "health_activity_days_records_ck" CHECK ("health_activity_days"."records" > 0)
);
--> statement-breakpoint
DROP INDEX IF EXISTS "myna_dispensings_list_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "myna_medical_bills_list_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "myna_medical_exams_list_idx";--> statement-breakpoint
ALTER TABLE "health_activity_days" ADD CONSTRAINT "health_activity_days_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_activity_days" ADD CONSTRAINT "health_activity_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "health_activity_days_user_idx" ON "health_activity_days" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "announcements_association_publish_idx" ON "announcements" USING btree ("association_id","publish_from" desc,"id" desc);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "announcements_site_wide_publish_idx" ON "announcements" USING btree ("publish_from" desc,"id" desc) WHERE "announcements"."association_id" is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ledger_transfers_user_coins_idx" ON "ledger_transfers" USING btree ("user_id","created_at" desc,"id" desc) WHERE "ledger_transfers"."program_id" is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ledger_transfers_user_gift_actions_idx" ON "ledger_transfers" USING btree ("user_id","created_at" desc,"id" desc) WHERE "ledger_transfers"."kind" in ('redeem', 'challenge');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "point_lots_grant_transfer_idx" ON "point_lots" USING btree ("grant_transfer_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "prize_competition_entries_transfer_idx" ON "prize_competition_entries" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_logs_association_operator_idx" ON "audit_logs" USING btree ("association_id","created_at" desc,"id" desc) WHERE "audit_logs"."operator_id" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "myna_dispensings_list_idx" ON "myna_dispensings" USING btree ("user_id","dispensed_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "myna_medical_bills_list_idx" ON "myna_medical_bills" USING btree ("user_id","month_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "myna_medical_exams_list_idx" ON "myna_medical_exams" USING btree ("user_id","examined_at" desc,"id" desc);--> statement-breakpoint
-- Issue 28: health_activity_days kept in the transaction of every change of a reading (triggers:
-- no write path can miss it) and of a member's association. A record moves one member's row of
-- one day by one; the row goes when its last record does.
CREATE OR REPLACE FUNCTION "health_activity_note"(member uuid, on_day date, delta integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  association uuid;
BEGIN
  SELECT "association_id" INTO association FROM "users" WHERE "id" = member;
  -- A member without an association (or one being deleted) is in no association's figures.
  IF association IS NULL THEN RETURN; END IF;
  IF delta > 0 THEN
    INSERT INTO "health_activity_days" ("association_id", "day", "user_id", "records") VALUES (association, on_day, member, delta)
    ON CONFLICT ("association_id", "day", "user_id") DO UPDATE SET "records" = "health_activity_days"."records" + excluded."records";
  ELSE
    DELETE FROM "health_activity_days"
      WHERE "association_id" = association AND "day" = on_day AND "user_id" = member AND "records" <= -delta;
    IF NOT FOUND THEN
      UPDATE "health_activity_days" SET "records" = "records" + delta
        WHERE "association_id" = association AND "day" = on_day AND "user_id" = member;
    END IF;
  END IF;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "health_activity_reading"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "health_activity_note"(OLD."user_id", (OLD."measured_at" AT TIME ZONE 'Asia/Tokyo')::date, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "health_activity_note"(NEW."user_id", (NEW."measured_at" AT TIME ZONE 'Asia/Tokyo')::date, 1); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "health_activity_steps"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "health_activity_note"(OLD."user_id", OLD."day", -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "health_activity_note"(NEW."user_id", NEW."day", 1); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A member whose association is set or changes: their rows are those of their readings, again.
CREATE OR REPLACE FUNCTION "health_activity_member"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "health_activity_days" WHERE "user_id" = NEW."id";
  IF NEW."association_id" IS NULL THEN RETURN NULL; END IF;
  INSERT INTO "health_activity_days" ("association_id", "day", "user_id", "records")
  SELECT NEW."association_id", r.day, NEW."id", count(*)::int FROM (
    SELECT ("measured_at" AT TIME ZONE 'Asia/Tokyo')::date AS day FROM "blood_pressures" WHERE "user_id" = NEW."id"
    UNION ALL SELECT ("measured_at" AT TIME ZONE 'Asia/Tokyo')::date FROM "blood_sugars" WHERE "user_id" = NEW."id"
    UNION ALL SELECT ("measured_at" AT TIME ZONE 'Asia/Tokyo')::date FROM "weights" WHERE "user_id" = NEW."id"
    UNION ALL SELECT ("measured_at" AT TIME ZONE 'Asia/Tokyo')::date FROM "body_temperatures" WHERE "user_id" = NEW."id"
    UNION ALL SELECT "day" FROM "steps" WHERE "user_id" = NEW."id"
  ) r GROUP BY r.day;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "blood_pressures_health_activity" AFTER INSERT OR DELETE OR UPDATE OF "user_id", "measured_at" ON "blood_pressures" FOR EACH ROW EXECUTE FUNCTION "health_activity_reading"();--> statement-breakpoint
CREATE TRIGGER "blood_sugars_health_activity" AFTER INSERT OR DELETE OR UPDATE OF "user_id", "measured_at" ON "blood_sugars" FOR EACH ROW EXECUTE FUNCTION "health_activity_reading"();--> statement-breakpoint
CREATE TRIGGER "weights_health_activity" AFTER INSERT OR DELETE OR UPDATE OF "user_id", "measured_at" ON "weights" FOR EACH ROW EXECUTE FUNCTION "health_activity_reading"();--> statement-breakpoint
CREATE TRIGGER "body_temperatures_health_activity" AFTER INSERT OR DELETE OR UPDATE OF "user_id", "measured_at" ON "body_temperatures" FOR EACH ROW EXECUTE FUNCTION "health_activity_reading"();--> statement-breakpoint
CREATE TRIGGER "steps_health_activity" AFTER INSERT OR DELETE OR UPDATE OF "user_id", "day" ON "steps" FOR EACH ROW EXECUTE FUNCTION "health_activity_steps"();--> statement-breakpoint
CREATE TRIGGER "users_health_activity" AFTER UPDATE OF "association_id" ON "users" FOR EACH ROW WHEN (OLD."association_id" IS DISTINCT FROM NEW."association_id") EXECUTE FUNCTION "health_activity_member"();--> statement-breakpoint
-- The roll-up of the readings already there, 10,000 members at a time (a million members is a
-- hundred statements of bounded size, never one statement over every reading). Each batch is one
-- range of user ids, read on each table's (user_id, …) index; the tables are analyzed first so
-- that a freshly loaded database plans those ranges as index scans, not as whole-table scans.
ANALYZE "users", "blood_pressures", "blood_sugars", "weights", "body_temperatures", "steps";--> statement-breakpoint
DO $$
DECLARE
  low uuid := '00000000-0000-0000-0000-000000000000';
  high uuid;
BEGIN
  LOOP
    high := NULL;
    SELECT s."id" INTO high FROM (SELECT "id" FROM "users" WHERE "id" > low ORDER BY "id" LIMIT 10000) s ORDER BY s."id" DESC LIMIT 1;
    EXIT WHEN high IS NULL;
    INSERT INTO "health_activity_days" ("association_id", "day", "user_id", "records")
    SELECT u."association_id", r.day, r.user_id, count(*)::int FROM (
      SELECT "user_id", ("measured_at" AT TIME ZONE 'Asia/Tokyo')::date AS day FROM "blood_pressures" WHERE "user_id" > low AND "user_id" <= high
      UNION ALL SELECT "user_id", ("measured_at" AT TIME ZONE 'Asia/Tokyo')::date FROM "blood_sugars" WHERE "user_id" > low AND "user_id" <= high
      UNION ALL SELECT "user_id", ("measured_at" AT TIME ZONE 'Asia/Tokyo')::date FROM "weights" WHERE "user_id" > low AND "user_id" <= high
      UNION ALL SELECT "user_id", ("measured_at" AT TIME ZONE 'Asia/Tokyo')::date FROM "body_temperatures" WHERE "user_id" > low AND "user_id" <= high
      UNION ALL SELECT "user_id", "day" FROM "steps" WHERE "user_id" > low AND "user_id" <= high
    ) r JOIN "users" u ON u."id" = r.user_id AND u."id" > low AND u."id" <= high
    WHERE u."association_id" IS NOT NULL
    GROUP BY u."association_id", r.day, r.user_id;
    low := high;
  END LOOP;
END $$;
