-- Issue 29: sleeps count in the operators' health figures like every other vital: the statement
-- triggers of 0027, with its reading functions (a sleep's day is its wake moment's day in Japan).
CREATE TRIGGER "sleeps_health_activity_inserted" AFTER INSERT ON "sleeps" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "health_activity_readings_inserted"();
--> statement-breakpoint
CREATE TRIGGER "sleeps_health_activity_deleted" AFTER DELETE ON "sleeps" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "health_activity_readings_deleted"();
--> statement-breakpoint
CREATE TRIGGER "sleeps_health_activity_updated" AFTER UPDATE ON "sleeps" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "health_activity_readings_updated"();
--> statement-breakpoint
-- A member whose association is set or changes: their rows are those of their readings again,
-- sleeps among them (0025's function, with the sixth table).
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
    UNION ALL SELECT ("measured_at" AT TIME ZONE 'Asia/Tokyo')::date FROM "sleeps" WHERE "user_id" = NEW."id"
    UNION ALL SELECT "day" FROM "steps" WHERE "user_id" = NEW."id"
  ) r GROUP BY r.day;
  RETURN NULL;
END $$;
