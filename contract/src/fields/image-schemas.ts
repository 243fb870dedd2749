import { z } from 'zod/mini';
import { documented } from '../documented';
import { IMAGE_BASE64_MAX, IMAGE_MAX_MESSAGE } from '../images';

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
