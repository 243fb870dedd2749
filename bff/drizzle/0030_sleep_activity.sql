-- Issue 29: sleeps count in the operators' health figures like every other vital: the statement
-- triggers of 0027, with its reading functions (a sleep's day is its wake moment's day in Japan).
CREATE TRIGGER "sleeps_health_activity_inserted" AFTER INSERT ON "sleeps" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "health_activity_readings_inserted"();
--> statement-breakpoint
CREATE TRIGGER "sleeps_health_activity_deleted" AFTER DELETE ON "sleeps" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "health_activity_readings_deleted"();
--> statement-breakpoint
CREATE TRIGGER "sleeps_health_activity_updated" AFTER UPDATE ON "sleeps" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "health_activity_readings_updated"();
