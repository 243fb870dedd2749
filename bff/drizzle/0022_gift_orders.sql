CREATE TABLE "delivery_addresses" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_gift_id" uuid NOT NULL,
	"association_id" uuid,
	"order_number" text NOT NULL,
	"address_sealed" text,
	"carrier" text,
	"tracking_number" text,
	"shipped_at" timestamp with time zone,
	"shipped_by" uuid,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_orders_user_gift_uq" UNIQUE("user_gift_id"),
	CONSTRAINT "gift_orders_number_uq" UNIQUE("order_number"),
	CONSTRAINT "gift_orders_shipped_ck" CHECK (("gift_orders"."shipped_at" is null) = ("gift_orders"."tracking_number" is null) and ("gift_orders"."shipped_at" is null) = ("gift_orders"."carrier" is null)),
	CONSTRAINT "gift_orders_closed_once_ck" CHECK ("gift_orders"."shipped_at" is null or "gift_orders"."cancelled_at" is null)
);
--> statement-breakpoint
ALTER TABLE "delivery_addresses" ADD CONSTRAINT "delivery_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_orders" ADD CONSTRAINT "gift_orders_user_gift_id_user_gifts_id_fk" FOREIGN KEY ("user_gift_id") REFERENCES "public"."user_gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_orders" ADD CONSTRAINT "gift_orders_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_orders_association_idx" ON "gift_orders" USING btree ("association_id","created_at" desc,"id" desc);--> statement-breakpoint
-- Physical gifts redeemed before orders existed become orders waiting for an address (the next
-- address their member saves fills it), taken by the program's association (the member's for a coin prize).
INSERT INTO "gift_orders" ("user_gift_id", "association_id", "order_number", "created_at")
SELECT ug."id", coalesce(p."association_id", u."association_id"),
       'ORD-' || to_char(ug."created_at" at time zone 'Asia/Tokyo', 'YYYYMMDD') || '-' || upper(substr(md5(ug."id"::text), 1, 6)),
       ug."created_at"
FROM "user_gifts" ug
JOIN "gifts" g ON g."id" = ug."gift_id"
LEFT JOIN "point_programs" p ON p."id" = g."program_id"
JOIN "users" u ON u."id" = ug."user_id"
WHERE g."kind" = 'delivery' AND ug."delivery_state" = 'preparing';
