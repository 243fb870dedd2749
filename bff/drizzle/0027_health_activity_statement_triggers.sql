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
-- For each kind of table (readings by their Japan day, steps by their day) and each kind of
-- statement, one trigger function; then the three statement triggers of each table. PostgreSQL
-- allows no column list on an UPDATE trigger with transition tables, so every update fires it;
-- an update that moves nothing nets to no change.
DO $do$
DECLARE
  kind text;
  day_of text;
  changed text;
  rows_of text;
  tbl text;
BEGIN
  FOREACH kind IN ARRAY ARRAY['readings', 'steps'] LOOP
    day_of := CASE kind WHEN 'steps' THEN '"day"' ELSE '("measured_at" AT TIME ZONE ''Asia/Tokyo'')::date' END;
    FOREACH changed IN ARRAY ARRAY['inserted', 'deleted', 'updated'] LOOP
      rows_of := CASE changed
        WHEN 'inserted' THEN format('SELECT "user_id", %s AS "day", 1 AS "delta" FROM new_rows', day_of)
        WHEN 'deleted' THEN format('SELECT "user_id", %s AS "day", -1 AS "delta" FROM old_rows', day_of)
        ELSE format('SELECT "user_id", %1$s AS "day", -1 AS "delta" FROM old_rows UNION ALL SELECT "user_id", %1$s, 1 FROM new_rows', day_of)
      END;
      EXECUTE format($f$CREATE OR REPLACE FUNCTION %I() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  PERFORM "health_activity_apply"(array_agg("user_id"), array_agg("day"), array_agg("delta")) FROM (%s) c;
  RETURN NULL;
END $body$$f$, 'health_activity_' || kind || '_' || changed, rows_of);
    END LOOP;
  END LOOP;
  FOREACH tbl IN ARRAY ARRAY['blood_pressures', 'blood_sugars', 'weights', 'body_temperatures', 'steps'] LOOP
    kind := CASE tbl WHEN 'steps' THEN 'steps' ELSE 'readings' END;
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', tbl || '_health_activity', tbl);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      tbl || '_health_activity_inserted', tbl, 'health_activity_' || kind || '_inserted');
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      tbl || '_health_activity_deleted', tbl, 'health_activity_' || kind || '_deleted');
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      tbl || '_health_activity_updated', tbl, 'health_activity_' || kind || '_updated');
  END LOOP;
END $do$;
--> statement-breakpoint
-- 0025's row triggers are gone with the DROP TRIGGER above; their functions with them.
DROP FUNCTION IF EXISTS "health_activity_reading"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "health_activity_steps"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "health_activity_note"(uuid, date, integer);
