CREATE TABLE "city_os_opt_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nonce_hash" text NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "city_os_opt_ins_nonce_hash_unique" UNIQUE("nonce_hash")
);
--> statement-breakpoint
ALTER TABLE "city_os_opt_ins" ADD CONSTRAINT "city_os_opt_ins_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "city_os_opt_ins" ADD CONSTRAINT "city_os_opt_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "city_os_opt_ins_user_idx" ON "city_os_opt_ins" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "city_os_opt_ins_expires_idx" ON "city_os_opt_ins" USING btree ("expires_at");