// Pictures of gifts (issue 27, decision 0016): checked by their bytes, decoded and re-encoded by
// sharp (libvips) into a few widths of WebP without metadata, stored in the database (PGlite and
// PostgreSQL alike) and served under their content hash with a year's cache.
import { createHash } from 'node:crypto';
import { ErrorCodes, GIFT_IMAGE_PATH, GIFT_IMAGE_TYPE_MESSAGE, GIFT_IMAGE_WIDTHS, type GiftImage } from '@sukoyaka/contract';
import type { FastifyInstance } from 'fastify';
import { asc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database, Executor } from '../db/client';
import { giftImageFiles, giftImages } from '../db/schema';
import { HttpError } from '../platform/errors';

/** What a stored file is served as: never anything a browser would run. */
const STORED_TYPE = 'image/webp';
/** Uploads larger than this many pixels are refused before decoding (a "decompression bomb"). */
const MAX_INPUT_PIXELS = 50_000_000;
const MIN_SIDE = 16;

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** The picture's type by its first bytes (magic numbers), whatever the uploader called it. */
export function imageKindOf(bytes: Uint8Array): ImageKind | null {
  const starts = (offset: number, ...values: number[]) => values.every((value, index) => bytes[offset + index] === value);
  if (starts(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  // RIFF, four bytes of size, WEBP.
  if (starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return null;
}

export interface ProcessedImage {
  width: number;
  height: number;
  files: { width: number; height: number; hash: string; content: Buffer }[];
}

const refuse = (message: string) => new HttpError(400, ErrorCodes.invalidParameters, message, { contentBase64: [message] });

/**
 * Decodes the picture and writes it again as WebP in each of GIFT_IMAGE_WIDTHS (never wider than
 * it came). Nothing of the upload is copied but its pixels: EXIF (GPS included), XMP and ICC
 * metadata are dropped, the orientation applied first so the picture stands as it was taken.
 */
export async function processGiftImage(bytes: Buffer): Promise<ProcessedImage> {
  const kind = imageKindOf(bytes);
  if (!kind) throw refuse(GIFT_IMAGE_TYPE_MESSAGE);
  const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .metadata()
    .catch(() => {
      throw refuse('画像の内容を読み取れませんでした');
    });
  // The container must be what its first bytes said (a PNG header on something else is refused).
  if (meta.format !== kind || !meta.width || !meta.height) throw refuse(GIFT_IMAGE_TYPE_MESSAGE);
  const upright = (meta.orientation ?? 1) >= 5 ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
  if (upright.width < MIN_SIDE || upright.height < MIN_SIDE) throw refuse(`画像は縦横${MIN_SIDE}px以上にしてください`);
  const widths = [...new Set(GIFT_IMAGE_WIDTHS.map((width) => Math.min(width, upright.width)))];
  try {
    const files = await Promise.all(
      widths.map(async (width) => {
        const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true });
        return { width: info.width, height: info.height, hash: createHash('sha256').update(data).digest('hex'), content: data };
      }),
    );
    const widest = files.at(-1)!;
    return { width: widest.width, height: widest.height, files };
  } catch {
    throw refuse('画像の内容を読み取れませんでした');
  }
}

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
      contentType: STORED_TYPE,
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

/** The pictures of these gifts, by gift id (a gift without one is absent). */
export async function giftImagesOf(db: Executor, giftIds: readonly string[]): Promise<Map<string, GiftImage>> {
  const out = new Map<string, GiftImage>();
  if (giftIds.length === 0) return out;
  const ids = [...new Set(giftIds)];
  const [images, files] = await Promise.all([
    db.select().from(giftImages).where(inArray(giftImages.giftId, ids)),
    db
      .select({ giftId: giftImageFiles.giftId, width: giftImageFiles.width, hash: giftImageFiles.hash })
      .from(giftImageFiles)
      .where(inArray(giftImageFiles.giftId, ids))
      .orderBy(asc(giftImageFiles.width)),
  ]);
  for (const image of images) {
    out.set(image.giftId, {
      alt: image.alt,
      width: image.width,
      height: image.height,
      variants: files.filter((file) => file.giftId === image.giftId).map((file) => ({ url: giftImageUrl(file.hash), width: file.width })),
    });
  }
  return out;
}

const FILE_PATTERN = /^([0-9a-f]{64})\.webp$/;

/**
 * GET /media/gift-images/<sha-256>.webp — a stored picture, to anyone (a gift's picture is no one's
 * personal data). The name is its content hash, so it never changes: cached for a year. Only
 * image/webp files are stored, and the answer says so with nosniff, never as HTML or SVG.
 */
export function giftImagesRoute(options: { db: Database }) {
  return async (app: FastifyInstance) => {
    app.get<{ Params: { file: string } }>(`${GIFT_IMAGE_PATH}/:file`, async (request, reply) => {
      const match = FILE_PATTERN.exec(request.params.file);
      const [file] = match
        ? await options.db
            .select({ contentType: giftImageFiles.contentType, content: giftImageFiles.content })
            .from(giftImageFiles)
            .where(eq(giftImageFiles.hash, match[1]!))
            .limit(1)
        : [];
      if (!file || file.contentType !== STORED_TYPE) {
        return reply
          .code(404)
          .header('content-type', 'text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .send('画像が見つかりませんでした。');
      }
      return reply
        .header('content-type', STORED_TYPE)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', `"${match![1]}"`)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('x-content-type-options', 'nosniff')
        .send(file.content);
    });
  };
}
