// Uploaded pictures, whatever they show (gift pictures, decision 0016; articles' hero images,
// decision 0030): checked by their bytes, decoded and re-encoded by sharp (libvips) into a few
// widths of WebP without metadata, and served under their content hash with a year's cache. Each
// area keeps its own tables; this holds what does not depend on them.
import { createHash } from 'node:crypto';
import { ErrorCodes } from '@sukoyaka/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { HttpError } from './errors';

/** What a stored file is served as: never anything a browser would run. */
export const STORED_IMAGE_TYPE = 'image/webp';
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
 * Decodes the picture (the `contentBase64` field's bytes) and writes it again as WebP in each of
 * `widths` (never wider than it came). Nothing of the upload is copied but its pixels: EXIF (GPS
 * included), XMP and ICC metadata are dropped, the orientation applied first so the picture stands
 * as it was taken. Anything else is refused with 400 naming the field, `typeMessage` when the bytes
 * are no JPEG, PNG or WebP.
 */
export async function processImage(bytes: Buffer, widths: readonly number[], typeMessage: string): Promise<ProcessedImage> {
  const kind = imageKindOf(bytes);
  if (!kind) throw refuse(typeMessage);
  const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .metadata()
    .catch(() => {
      throw refuse('画像の内容を読み取れませんでした');
    });
  // The container must be what its first bytes said (a PNG header on something else is refused).
  if (meta.format !== kind || !meta.width || !meta.height) throw refuse(typeMessage);
  const upright = (meta.orientation ?? 1) >= 5 ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
  if (upright.width < MIN_SIDE || upright.height < MIN_SIDE) throw refuse(`画像は縦横${MIN_SIDE}px以上にしてください`);
  const sizes = [...new Set(widths.map((width) => Math.min(width, upright.width)))];
  try {
    const files = await Promise.all(
      sizes.map(async (width) => {
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

const FILE_PATTERN = /^([0-9a-f]{64})\.webp$/;

/** A stored file, found by its content hash: undefined when there is none. */
export type StoredImageLookup = (hash: string) => Promise<{ contentType: string; content: Buffer } | undefined>;

/**
 * GET <path>/<sha-256>.webp — a stored picture, to anyone (only pictures that are no one's
 * personal data are served this way). The name is its content hash, so it never changes: cached
 * for a year. Only image/webp files are stored, and the answer says so with nosniff, never as HTML
 * or SVG.
 */
export function storedImagesRoute(path: string, lookup: StoredImageLookup) {
  return async (app: FastifyInstance) => {
    app.get<{ Params: { file: string } }>(`${path}/:file`, async (request, reply) => {
      const match = FILE_PATTERN.exec(request.params.file);
      const file = match ? await lookup(match[1]!) : undefined;
      if (!file || file.contentType !== STORED_IMAGE_TYPE) {
        return reply
          .code(404)
          .header('content-type', 'text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .send('画像が見つかりませんでした。');
      }
      return reply
        .header('content-type', STORED_IMAGE_TYPE)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', `"${match![1]}"`)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('x-content-type-options', 'nosniff')
        .send(file.content);
    });
  };
}

/**
 * A demo picture (the demo's gifts and articles; no image files in the repository): simple SVG
 * shapes on a background, rasterised to PNG by sharp, to be stored as an operator's upload is.
 */
export async function drawDemoPicture(size: { width: number; height: number }, background: string, shapes: string): Promise<Buffer> {
  const { width, height } = size;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="${background}"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
