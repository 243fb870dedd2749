CREATE TABLE "gift_image_files" (
	"gift_id" uuid NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"hash" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "gift_image_files_gift_id_width_pk" PRIMARY KEY("gift_id","width")
);
--> statement-breakpoint
CREATE TABLE "gift_images" (
	"gift_id" uuid PRIMARY KEY NOT NULL,
	"alt" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_images_size_ck" CHECK ("gift_images"."width" > 0 and "gift_images"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "gift_image_files" ADD CONSTRAINT "gift_image_files_gift_id_gift_images_gift_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gift_images"("gift_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_images" ADD CONSTRAINT "gift_images_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_image_files_hash_idx" ON "gift_image_files" USING btree ("hash");