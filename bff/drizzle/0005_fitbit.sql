CREATE TABLE "fitbit_authorizations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"state_hash" text NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"code_verifier" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fitbit_authorizations_state_hash_unique" UNIQUE("state_hash")
);
--> statement-breakpoint
CREATE TABLE "fitbit_connections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"access_token" text NOT NULL,
	"refresh_token" text NOT NULL,
	"token_expires_at" timestamp with time zone NOT NULL,
	"scopes" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"connected_at" timestamp with time zone NOT NULL,
	"sync_started_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"last_sync_result" text,
	"last_synced_day" date,
	"last_synced_days" integer,
	CONSTRAINT "fitbit_connections_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "fitbit_authorizations" ADD CONSTRAINT "fitbit_authorizations_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitbit_authorizations" ADD CONSTRAINT "fitbit_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitbit_connections" ADD CONSTRAINT "fitbit_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fitbit_authorizations_user_idx" ON "fitbit_authorizations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "fitbit_connections_due_idx" ON "fitbit_connections" USING btree ("status","last_synced_at" asc nulls first);