CREATE TABLE "myna_medical_receipts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"paid_on" date NOT NULL,
	"year" integer NOT NULL,
	"payload" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "myna_medical_receipts" ADD CONSTRAINT "myna_medical_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "myna_medical_receipts_year_idx" ON "myna_medical_receipts" USING btree ("user_id","year","paid_on","id");