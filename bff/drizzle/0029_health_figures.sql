CREATE TABLE "health_activity_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"association_id" uuid NOT NULL,
	"day" date NOT NULL,
	"gap" smallint NOT NULL,
	"members" integer NOT NULL,
	"records" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_activity_figures" (
	"association_id" uuid NOT NULL,
	"day" date NOT NULL,
	"gap" smallint NOT NULL,
	"members" integer NOT NULL,
	"records" integer NOT NULL,
	CONSTRAINT "health_activity_figures_association_id_day_gap_pk" PRIMARY KEY("association_id","day","gap"),
	CONSTRAINT "health_activity_figures_gap_ck" CHECK ("health_activity_figures"."gap" between 0 and 31)
);
--> statement-breakpoint
DROP INDEX "health_activity_days_user_idx";--> statement-breakpoint
ALTER TABLE "health_activity_figures" ADD CONSTRAINT "health_activity_figures_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "health_activity_deltas_association_day_idx" ON "health_activity_deltas" USING btree ("association_id","day");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "health_activity_days_user_day_idx" ON "health_activity_days" USING btree ("user_id","association_id","day");--> statement-breakpoint
-- Issue 28: the operators' health figures as counters per association, Japan day and gap (decision
-- 0022, schema/health.ts: health_activity_figures). Statement triggers on health_activity_days
-- turn each change of its rows into deltas: the records of each day, and for each member-day that
-- appears or goes, the gaps of the member's days around it before and after the change.
--
-- A trigger sees the table as it is after its statement, and takes the state before as that minus
-- its own transition tables: so one statement must change the table one way only. 0027's
-- health_activity_apply inserted, deleted and updated it in one statement of three CTEs; it becomes
-- three statements (their rows are disjoint: positive deltas insert, negative ones delete or lower).
CREATE OR REPLACE FUNCTION "health_activity_changes"(members uuid[], days date[], deltas integer[])
RETURNS TABLE ("association_id" uuid, "day" date, "user_id" uuid, "delta" integer) LANGUAGE sql STABLE AS $$
  SELECT u."association_id", c."day", c."member", sum(c."delta")::int
  FROM unnest(members, days, deltas) AS c("member", "day", "delta")
  JOIN "users" u ON u."id" = c."member"
  WHERE u."association_id" IS NOT NULL
  GROUP BY 1, 2, 3
  HAVING sum(c."delta") <> 0;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "health_activity_apply"(members uuid[], days date[], deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "health_activity_days" ("association_id", "day", "user_id", "records")
    SELECT c."association_id", c."day", c."user_id", c."delta" FROM "health_activity_changes"(members, days, deltas) c WHERE c."delta" > 0
    ON CONFLICT ("association_id", "day", "user_id") DO UPDATE SET "records" = "health_activity_days"."records" + excluded."records";
  -- The rows a removal empties, then (the rest of them) the ones it only lowers.
  DELETE FROM "health_activity_days" h USING "health_activity_changes"(members, days, deltas) c
    WHERE c."delta" < 0 AND h."association_id" = c."association_id" AND h."day" = c."day" AND h."user_id" = c."user_id"
      AND h."records" <= -c."delta";
  UPDATE "health_activity_days" h SET "records" = h."records" + c."delta" FROM "health_activity_changes"(members, days, deltas) c
    WHERE c."delta" < 0 AND h."association_id" = c."association_id" AND h."day" = c."day" AND h."user_id" = c."user_id";
END $$;
--> statement-breakpoint
-- The deltas of one statement's rows (sign 1: as they are now, -1: as they were). The records go
-- to gap 0 of their day. For the gaps: each member whose days appeared or went, from their last
-- day before the first change to their first day after the last one, now and before; the gaps of
-- those days in both states, netted. Everything outside that span keeps its gap.
CREATE OR REPLACE FUNCTION "health_activity_figures_apply"(assocs uuid[], members uuid[], days date[], records integer[], signs integer[])
RETURNS void LANGUAGE sql AS $$
  WITH "rows" AS (
    SELECT * FROM unnest(assocs, members, days, records, signs) AS r("association_id", "user_id", "day", "records", "sign")
  ), "keys" AS (
    SELECT "association_id", "user_id", "day", sum("sign") AS "sign" FROM "rows" GROUP BY 1, 2, 3 HAVING sum("sign") <> 0
  ), "spans" AS (
    SELECT k."association_id", k."user_id", min(k."day") AS "lo", max(k."day") AS "hi" FROM "keys" k GROUP BY 1, 2
  ), "bounds" AS (
    SELECT s."association_id", s."user_id",
      coalesce((SELECT max(h."day") FROM "health_activity_days" h
                WHERE h."user_id" = s."user_id" AND h."association_id" = s."association_id" AND h."day" < s."lo"), s."lo") AS "first",
      coalesce((SELECT min(h."day") FROM "health_activity_days" h
                WHERE h."user_id" = s."user_id" AND h."association_id" = s."association_id" AND h."day" > s."hi"), s."hi") AS "last"
    FROM "spans" s
  ), "now_days" AS (
    SELECT h."association_id", h."user_id", h."day" FROM "bounds" b JOIN "health_activity_days" h
      ON h."user_id" = b."user_id" AND h."association_id" = b."association_id" AND h."day" BETWEEN b."first" AND b."last"
  ), "then_days" AS (
    -- EXCEPT, not NOT EXISTS: over CTEs the planner chose a nested loop, quadratic in the days a
    -- statement adds (9,000 nights of one member: 3.97 s, now 0.36 s). Both sides are unique keys.
    (SELECT n."association_id", n."user_id", n."day" FROM "now_days" n
     EXCEPT SELECT k."association_id", k."user_id", k."day" FROM "keys" k WHERE k."sign" > 0)
    UNION ALL SELECT k."association_id", k."user_id", k."day" FROM "keys" k WHERE k."sign" < 0
  ), "gaps" AS (
    SELECT "association_id", "day", least(coalesce("day" - lag("day") OVER w, 31), 31) AS "gap", 1 AS "members"
    FROM "now_days" WINDOW w AS (PARTITION BY "association_id", "user_id" ORDER BY "day")
    UNION ALL
    SELECT "association_id", "day", least(coalesce("day" - lag("day") OVER w, 31), 31), -1
    FROM "then_days" WINDOW w AS (PARTITION BY "association_id", "user_id" ORDER BY "day")
  )
  INSERT INTO "health_activity_deltas" ("association_id", "day", "gap", "members", "records")
  SELECT "association_id", "day", "gap", sum("members")::int, 0 FROM "gaps" GROUP BY 1, 2, 3 HAVING sum("members") <> 0
  UNION ALL
  SELECT "association_id", "day", 0, 0, sum("sign" * "records")::int FROM "rows" GROUP BY 1, 2 HAVING sum("sign" * "records") <> 0;
$$;
--> statement-breakpoint
-- The members whose days change are locked (a transaction-level advisory lock each, in one order)
-- before their days are read: two transactions adding days of one member at once each compute the
-- gaps from the other's committed days, never from a state neither will leave (READ COMMITTED: the
-- statement after the lock sees what committed before it). A change of records only moves no gap
-- and takes no lock.
CREATE OR REPLACE FUNCTION "health_activity_figures_note"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  assocs uuid[];
  members uuid[];
  days date[];
  records integer[];
  signs integer[];
  moved boolean := true;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n."association_id"), array_agg(n."user_id"), array_agg(n."day"), array_agg(n."records"), array_agg(1)
      INTO assocs, members, days, records, signs FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o."association_id"), array_agg(o."user_id"), array_agg(o."day"), array_agg(o."records"), array_agg(-1)
      INTO assocs, members, days, records, signs FROM old_rows o;
  ELSE
    SELECT array_agg(c."association_id"), array_agg(c."user_id"), array_agg(c."day"), array_agg(c."records"), array_agg(c."sign")
      INTO assocs, members, days, records, signs
      FROM (SELECT n."association_id", n."user_id", n."day", n."records", 1 AS "sign" FROM new_rows n
            UNION ALL SELECT o."association_id", o."user_id", o."day", o."records", -1 FROM old_rows o) c;
    SELECT EXISTS (SELECT n."association_id", n."user_id", n."day" FROM new_rows n
                   EXCEPT SELECT o."association_id", o."user_id", o."day" FROM old_rows o)
        OR EXISTS (SELECT o."association_id", o."user_id", o."day" FROM old_rows o
                   EXCEPT SELECT n."association_id", n."user_id", n."day" FROM new_rows n)
      INTO moved;
  END IF;
  IF assocs IS NULL THEN RETURN NULL; END IF;
  IF moved THEN
    PERFORM pg_advisory_xact_lock(2801, l."key") FROM (SELECT DISTINCT hashtext(m::text) AS "key" FROM unnest(members) AS m ORDER BY 1) l;
  END IF;
  PERFORM "health_activity_figures_apply"(assocs, members, days, records, signs);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "health_activity_days_figures_inserted" AFTER INSERT ON "health_activity_days" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "health_activity_figures_note"();
--> statement-breakpoint
CREATE TRIGGER "health_activity_days_figures_deleted" AFTER DELETE ON "health_activity_days" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "health_activity_figures_note"();
--> statement-breakpoint
CREATE TRIGGER "health_activity_days_figures_updated" AFTER UPDATE ON "health_activity_days" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "health_activity_figures_note"();
--> statement-breakpoint
-- The figures of the members in (low, high] from their rows of health_activity_days: the backfill
-- below, and the scale bench's seed, which writes the roll-up with the triggers off.
CREATE OR REPLACE FUNCTION "health_activity_figures_add"(low uuid, high uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "health_activity_figures" ("association_id", "day", "gap", "members", "records")
  SELECT f."association_id", f."day", f."gap", sum(f."members")::int, sum(f."records")::int FROM (
    SELECT "association_id", "day", least(coalesce("day" - lag("day") OVER w, 31), 31) AS "gap", 1 AS "members", 0 AS "records"
    FROM "health_activity_days" WHERE "user_id" > low AND "user_id" <= high
    WINDOW w AS (PARTITION BY "association_id", "user_id" ORDER BY "day")
    UNION ALL SELECT "association_id", "day", 0, 0, "records" FROM "health_activity_days" WHERE "user_id" > low AND "user_id" <= high
  ) f GROUP BY 1, 2, 3
  ON CONFLICT ("association_id", "day", "gap") DO UPDATE
    SET "members" = "health_activity_figures"."members" + excluded."members", "records" = "health_activity_figures"."records" + excluded."records";
$$;
--> statement-breakpoint
-- The figures of the rows already there, 10,000 members at a time (as 0025's backfill).
DO $do$
DECLARE
  low uuid := '00000000-0000-0000-0000-000000000000';
  high uuid;
BEGIN
  LOOP
    high := NULL;
    SELECT s."id" INTO high FROM (SELECT "id" FROM "users" WHERE "id" > low ORDER BY "id" LIMIT 10000) s ORDER BY s."id" DESC LIMIT 1;
    EXIT WHEN high IS NULL;
    PERFORM "health_activity_figures_add"(low, high);
    low := high;
  END LOOP;
END $do$;
