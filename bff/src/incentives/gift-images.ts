// Pictures of gifts (issue 27, decision 0016): checked by their bytes, decoded and re-encoded by
// sharp (libvips) into a few widths of WebP without metadata, stored in the database (PGlite and
// PostgreSQL alike) and served under their content hash with a year's cache.
import { GIFT_IMAGE_PATH, GIFT_IMAGE_TYPE_MESSAGE, GIFT_IMAGE_WIDTHS, type GiftImage } from '@sukoyaka/contract';
import { eq, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../db/client';
import { giftImageFiles, giftImages } from '../db/schema';
import { processImage, STORED_IMAGE_TYPE, storedImagesRoute, type ProcessedImage } from '../platform/images';

export { imageKindOf, type ImageKind, type ProcessedImage } from '../platform/images';

/** The gift's picture re-encoded in GIFT_IMAGE_WIDTHS (platform/images.ts checks and re-encodes it). */
export const processGiftImage = (bytes: Buffer): Promise<ProcessedImage> => processImage(bytes, GIFT_IMAGE_WIDTHS, GIFT_IMAGE_TYPE_MESSAGE);

export const giftImageUrl = (hash: string) => `${GIFT_IMAGE_PATH}/${hash}.webp`;

/** Replaces the gift's picture and its files, in the caller's transaction. */
export async function storeGiftImage(db: Executor, giftId: string, alt: string, image: ProcessedImage, now = new Date()): Promise<void> {
  await db.delete(giftImages).where(eq(giftImages.giftId, giftId));
  await db.insert(giftImages).values({ giftId, alt, width: image.width, height: image.height, createdAt: now });
  await db.insert(giftImageFiles).values(
    image.files.map((file) => ({
      giftId,
      width: file.width,
      height: file.height,
      hash: file.hash,
      contentType: STORED_IMAGE_TYPE,
      content: file.content,
    })),
  );
}

/** Deletes the gift's picture and its files, in the caller's transaction; answers the hashes deleted (none: it had no picture). */
export async function removeGiftImage(db: Executor, giftId: string): Promise<string[]> {
  const files = await db.delete(giftImageFiles).where(eq(giftImageFiles.giftId, giftId)).returning({ hash: giftImageFiles.hash });
  await db.delete(giftImages).where(eq(giftImages.giftId, giftId));
  return files.map((file) => file.hash);
}

interface StoredGiftImage {
  alt: string;
  width: number;
  height: number;
  /** Its files, narrowest first. */
  files: Array<{ width: number; hash: string }>;
}

/**
 * A row of gift_images, named `row` in the statement (its table or an alias), as one JSON value
 * with its files, narrowest first. Written with the row's name: Drizzle writes a one-table
 * select's columns bare, and a bare "gift_id" inside the files' subquery would name that
 * subquery's own column (every file of every gift).
 */
const storedImage = (row: SQL) =>
  sql<StoredGiftImage>`json_build_object('alt', ${row}.alt, 'width', ${row}.width, 'height', ${row}.height, 'files',
    coalesce((select json_agg(json_build_object('width', f.width, 'hash', f.hash) order by f.width)
      from ${giftImageFiles} f where f.gift_id = ${row}.gift_id), '[]'::json))`;

/**
 * The picture of the gift whose id is in `giftId` (a column of the outer statement), or null: a
 * column of another statement, so a redemption reads its gift and the gift's picture at once
 * (issue 28). The column is written with its table's name, for the reason storedImage says.
 */
export const giftImageOf = (giftId: PgColumn) => {
  const outer = sql`${sql.identifier(getTableName(giftId.table))}.${sql.identifier(giftId.name)}`;
  return sql<StoredGiftImage | null>`(select ${storedImage(sql`i`)} from ${giftImages} i where i.gift_id = ${outer})`;
};

/** A stored picture as members see it: each file by its URL. */
export const toGiftImage = (image: StoredGiftImage): GiftImage => ({
  alt: image.alt,
  width: image.width,
  height: image.height,
  variants: image.files.map((file) => ({ url: giftImageUrl(file.hash), width: file.width })),
});

/** The pictures of these gifts, by gift id (a gift without one is absent). */
export async function giftImagesOf(db: Executor, giftIds: readonly string[]): Promise<Map<string, GiftImage>> {
  const out = new Map<string, GiftImage>();
  if (giftIds.length === 0) return out;
  const ids = [...new Set(giftIds)];
  // One statement: each picture with its files.
  const images = await db
    .select({ giftId: giftImages.giftId, image: storedImage(sql`${sql.identifier(getTableName(giftImages))}`) })
    .from(giftImages)
    .where(inArray(giftImages.giftId, ids));
  for (const { giftId, image } of images) out.set(giftId, toGiftImage(image));
  return out;
}

/** GET /media/gift-images/<sha-256>.webp — a stored picture, to anyone (a gift's picture is no one's personal data). */
export function giftImagesRoute(options: { db: Database }) {
  return storedImagesRoute(GIFT_IMAGE_PATH, async (hash) => {
    const [file] = await options.db
      .select({ contentType: giftImageFiles.contentType, content: giftImageFiles.content })
      .from(giftImageFiles)
      .where(eq(giftImageFiles.hash, hash))
      .limit(1);
    return file;
  });
}
