CREATE TABLE "article_image_files" (
	"article_id" uuid NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"hash" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "article_image_files_article_id_width_pk" PRIMARY KEY("article_id","width")
);
--> statement-breakpoint
CREATE TABLE "article_images" (
	"article_id" uuid PRIMARY KEY NOT NULL,
	"alt" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_images_size_ck" CHECK ("article_images"."width" > 0 and "article_images"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "article_image_files" ADD CONSTRAINT "article_image_files_article_id_article_images_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."article_images"("article_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_images" ADD CONSTRAINT "article_images_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_image_files_hash_idx" ON "article_image_files" USING btree ("hash");