import { z } from 'zod/mini';
import { documented } from './documented';

/*
 * Uploaded pictures (gift pictures, decision 0016; articles' hero images, decision 0030): the
 * bff checks the bytes (JPEG, PNG or WebP by their magic numbers, whatever the browser said),
 * re-encodes them without metadata into a few widths and serves each under a URL holding its
 * content hash, so the browser may keep it a year.
 */

/** The largest picture an operator may upload, before base64. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_MESSAGE = '画像は5MB以内にしてください';
export const IMAGE_BASE64_MAX = Math.ceil(IMAGE_MAX_BYTES / 3) * 4;
export const IMAGE_TYPE_MESSAGE = 'JPEG・PNG・WebPの画像を選んでください';
/**
 * A call's body limit for an upload: whatever the schema's limit lets through, as UTF-8 (three
 * bytes a character at most), so a picture somewhat too large gets the schema's Japanese message
 * rather than a bare 413.
 */
export const IMAGE_UPLOAD_MAX_BODY_BYTES = IMAGE_BASE64_MAX * 3 + 64 * 1024;

/** A picture as a page shows it: alt text, the largest size (for the aspect ratio) and each width. */
export const imageSchema = z.object({
  alt: z.string(),
  width: z.number().check(z.int()),
  height: z.number().check(z.int()),
  /** Narrowest first; `url` holds the file's content hash. */
  variants: z.array(z.object({ url: z.string(), width: z.number().check(z.int()) })),
});
export type StoredImage = z.infer<typeof imageSchema>;

/** The uploaded picture's bytes, base64 (`contentBase64`). */
export const imageContentBase64 = () =>
  documented(
    z
      .string({ error: '画像を選んでください' })
      .check(
        z.minLength(1, '画像を選んでください'),
        z.maxLength(IMAGE_BASE64_MAX, IMAGE_MAX_MESSAGE),
        z.regex(/^[A-Za-z0-9+/]*={0,2}$/, '画像の内容を読み取れませんでした'),
      ),
    {
      contentEncoding: 'base64',
      contentMediaType: 'image/png',
      minLength: 4,
      allOf: [{ pattern: '^([A-Za-z0-9+/]{4})*([A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$' }],
      description: 'A JPEG, PNG or WebP picture in base64 (the type is read from its bytes), at most 5 MB, at least 16 px each way.',
    },
  );
