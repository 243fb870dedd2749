-- Issue 28: health_activity_days kept by one set-based statement per writing statement, not by a
-- function call per row. A Fitbit sync, a native ingest or an import writes many readings in one
-- statement; the row triggers of 0025 looked up the member and upserted once per row (40,000
-- readings took seconds). These statement triggers read the statement's transition tables, net the
-- changes per member and Japan day, and apply them together. Same rules as 0025: a record moves its
-- member's row of its day by one, and the row goes with its last record; a member without an
-- association is in no association's figures.
CREATE OR REPLACE FUNCTION "health_activity_apply"(members uuid[], days date[], deltas integer[]) RETURNS void LANGUAGE sql AS $$
  WITH "changes" AS (
    SELECT u."association_id", c."day", c."member" AS "user_id", sum(c."delta")::int AS "delta"
    FROM unnest(members, days, deltas) AS c("member", "day", "delta")
    JOIN "users" u ON u."id" = c."member"
    WHERE u."association_id" IS NOT NULL
    GROUP BY 1, 2, 3
    HAVING sum(c."delta") <> 0
  ), "added" AS (
    INSERT INTO "health_activity_days" ("association_id", "day", "user_id", "records")
    SELECT "association_id", "day", "user_id", "delta" FROM "changes" WHERE "delta" > 0
    ON CONFLICT ("association_id", "day", "user_id") DO UPDATE SET "records" = "health_activity_days"."records" + excluded."records"
    RETURNING 1
  ), "emptied" AS (
    -- The rows a removal empties, and (the statement below) the ones it only lowers: disjoint.
    DELETE FROM "health_activity_days" h USING "changes" c
    WHERE c."delta" < 0 AND h."association_id" = c."association_id" AND h."day" = c."day" AND h."user_id" = c."user_id"
      AND h."records" <= -c."delta"
    RETURNING 1
  )
  UPDATE "health_activity_days" h SET "records" = h."records" + c."delta" FROM "changes" c
  WHERE c."delta" < 0 AND h."association_id" = c."association_id" AND h."day" = c."day" AND h."user_id" = c."user_id"
    AND h."records" > -c."delta";
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "health_activity_readings_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "health_activity_apply"(array_agg("user_id"), array_agg("day"), array_agg("delta")) FROM (SELECT "user_id", ("measured_at" AT TIME ZONE 'Asia/Tokyo')::date AS "day", 1 AS "delta" FROM new_rows) c;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "health_activity_readings_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "health_activity_apply"(array_agg("user_id"), array_agg("day"), array_agg("delta")) FROM (SELECT "user_id", ("measured_at" AT TIME ZONE 'Asia/Tokyo')::date AS "day", -1 AS "delta" FROM old_rows) c;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "health_activity_readings_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "health_activity_apply"(array_agg("user_id"), array_agg("day"), array_agg("delta")) FROM (SELECT "user_id", ("measured_at" AT TIME ZONE 'Asia/Tokyo')::date AS "day", -1 AS "delta" FROM old_rows UNION ALL SELECT "user_id", ("measured_at" AT TIME ZONE 'Asia/Tokyo')::date, 1 FROM new_rows) c;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "health_activity_steps_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "health_activity_apply"(array_agg("user_id"), array_agg("day"), array_agg("delta")) FROM (SELECT "user_id", "day" AS "day", 1 AS "delta" FROM new_rows) c;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "health_activity_steps_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "health_activity_apply"(array_agg("user_id"), array_agg("day"), array_agg("delta")) FROM (SELECT "user_id", "day" AS "day", -1 AS "delta" FROM old_rows) c;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "health_activity_steps_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "health_activity_apply"(array_agg("user_id"), array_agg("day"), array_agg("delta")) FROM (SELECT "user_id", "day" AS "day", -1 AS "delta" FROM old_rows UNION ALL SELECT "user_id", "day", 1 FROM new_rows) c;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "blood_pressures_health_activity" ON "blood_pressures";
--> statement-breakpoint
CREATE TRIGGER "blood_pressures_health_activity_inserted" AFTER INSERT ON "blood_pressures" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "health_activity_readings_inserted"();
--> statement-breakpoint
CREATE TRIGGER "blood_pressures_health_activity_deleted" AFTER DELETE ON "blood_pressures" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "health_activity_readings_deleted"();
--> statement-breakpoint
CREATE TRIGGER "blood_pressures_health_activity_updated" AFTER UPDATE ON "blood_pressures" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "health_activity_readings_updated"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "blood_sugars_health_activity" ON "blood_sugars";
--> statement-breakpoint
CREATE TRIGGER "blood_sugars_health_activity_inserted" AFTER INSERT ON "blood_sugars" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "health_activity_readings_inserted"();
--> statement-breakpoint
CREATE TRIGGER "blood_sugars_health_activity_deleted" AFTER DELETE ON "blood_sugars" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "health_activity_readings_deleted"();
--> statement-breakpoint
CREATE TRIGGER "blood_sugars_health_activity_updated" AFTER UPDATE ON "blood_sugars" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "health_activity_readings_updated"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "weights_health_activity" ON "weights";
--> statement-breakpoint
CREATE TRIGGER "weights_health_activity_inserted" AFTER INSERT ON "weights" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "health_activity_readings_inserted"();
--> statement-breakpoint
CREATE TRIGGER "weights_health_activity_deleted" AFTER DELETE ON "weights" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "health_activity_readings_deleted"();
--> statement-breakpoint
CREATE TRIGGER "weights_health_activity_updated" AFTER UPDATE ON "weights" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "health_activity_readings_updated"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "body_temperatures_health_activity" ON "body_temperatures";
--> statement-breakpoint
CREATE TRIGGER "body_temperatures_health_activity_inserted" AFTER INSERT ON "body_temperatures" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "health_activity_readings_inserted"();
--> statement-breakpoint
CREATE TRIGGER "body_temperatures_health_activity_deleted" AFTER DELETE ON "body_temperatures" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "health_activity_readings_deleted"();
--> statement-breakpoint
CREATE TRIGGER "body_temperatures_health_activity_updated" AFTER UPDATE ON "body_temperatures" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "health_activity_readings_updated"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "steps_health_activity" ON "steps";
--> statement-breakpoint
CREATE TRIGGER "steps_health_activity_inserted" AFTER INSERT ON "steps" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "health_activity_steps_inserted"();
--> statement-breakpoint
CREATE TRIGGER "steps_health_activity_deleted" AFTER DELETE ON "steps" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "health_activity_steps_deleted"();
--> statement-breakpoint
CREATE TRIGGER "steps_health_activity_updated" AFTER UPDATE ON "steps" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "health_activity_steps_updated"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "health_activity_reading"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "health_activity_steps"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "health_activity_note"(uuid, date, integer);
