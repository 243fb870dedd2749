import { z } from 'zod/mini';
import { documented } from '../documented';
import { defineCall } from '../define';
import { requiredText } from '../fields';
import { operatorRecordId } from '../operators/shared';

/*
 * Pictures of gifts (issue 27): an operator uploads one per gift with its alternative text; the
 * bff checks the bytes (JPEG, PNG or WebP by their magic numbers, whatever the browser said),
 * re-encodes them without metadata into GIFT_IMAGE_WIDTHS and serves each under a URL holding its
 * content hash (GIFT_IMAGE_PATH), so the browser may keep it a year. Decision 0016.
 */

/** The largest picture an operator may upload, before base64. */
export const GIFT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const GIFT_IMAGE_MAX_MESSAGE = '画像は5MB以内にしてください';
const GIFT_IMAGE_BASE64_MAX = Math.ceil(GIFT_IMAGE_MAX_BYTES / 3) * 4;
/** The widths each picture is stored in (narrower when the upload is narrower). */
export const GIFT_IMAGE_WIDTHS = [320, 640] as const;
/** Where the bff serves the stored pictures: `${GIFT_IMAGE_PATH}/<sha-256>.webp`. */
export const GIFT_IMAGE_PATH = '/media/gift-images';
export const GIFT_IMAGE_TYPE_MESSAGE = 'JPEG・PNG・WebPの画像を選んでください';

/** A gift's picture as a page shows it: alt text, the largest size (for the aspect ratio) and each width. */
export const giftImageSchema = z.object({
  alt: z.string(),
  width: z.number().check(z.int()),
  height: z.number().check(z.int()),
  /** Narrowest first; `url` holds the file's content hash. */
  variants: z.array(z.object({ url: z.string(), width: z.number().check(z.int()) })),
});
export type GiftImage = z.infer<typeof giftImageSchema>;

export const setOperatorGiftImage = defineCall({
  name: 'setOperatorGiftImage',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  // Whatever the schema's limit lets through, as UTF-8 (three bytes a character at most): a
  // picture somewhat too large gets the schema's Japanese message rather than a bare 413.
  maxBodyBytes: GIFT_IMAGE_BASE64_MAX * 3 + 64 * 1024,
  summary:
    "Sets (or replaces) the picture of one of the association's gifts with its alternative text: JPEG, PNG or WebP by content (5 MB at most), re-encoded as WebP without metadata in 320 and 640 px widths; audited.",
  input: () =>
    z.object({
      giftId: operatorRecordId('ギフトID'),
      alt: requiredText('代替テキスト', 200),
      /** The picture's bytes, base64. */
      contentBase64: documented(
        z
          .string({ error: '画像を選んでください' })
          .check(
            z.minLength(1, '画像を選んでください'),
            z.maxLength(GIFT_IMAGE_BASE64_MAX, GIFT_IMAGE_MAX_MESSAGE),
            z.regex(/^[A-Za-z0-9+/]*={0,2}$/, '画像の内容を読み取れませんでした'),
          ),
        {
          contentEncoding: 'base64',
          contentMediaType: 'image/png',
          minLength: 4,
          allOf: [{ pattern: '^([A-Za-z0-9+/]{4})*([A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$' }],
          description: 'A JPEG, PNG or WebP picture in base64 (the type is read from its bytes), at most 5 MB, at least 16 px each way.',
        },
      ),
    }),
  output: () => z.object({ giftId: z.string(), image: giftImageSchema }),
});

export const removeOperatorGiftImage = defineCall({
  name: 'removeOperatorGiftImage',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  summary:
    "Removes the picture of one of the association's gifts: its stored files are deleted (their URLs answer 404) and the catalogue shows the placeholder again. Removing a gift without a picture answers the same and records nothing. Audited.",
  input: () => z.object({ giftId: operatorRecordId('ギフトID') }),
  output: () => z.object({ giftId: z.string(), image: z.null() }),
});
