import { z } from 'zod/mini';
import { defineCall } from '../define';
import { requiredText, imageContentBase64, imageSchema, type StoredImage } from '../fields';
import { IMAGE_MAX_BYTES, IMAGE_MAX_MESSAGE, IMAGE_TYPE_MESSAGE, IMAGE_UPLOAD_MAX_BODY_BYTES } from '../images';
import { operatorRecordId } from '../operators/shared';

/*
 * Pictures of gifts (issue 27): an operator uploads one per gift with its alternative text; the
 * bff checks the bytes (JPEG, PNG or WebP by their magic numbers, whatever the browser said),
 * re-encodes them without metadata into GIFT_IMAGE_WIDTHS and serves each under a URL holding its
 * content hash (GIFT_IMAGE_PATH), so the browser may keep it a year. Decision 0016.
 */

/** The largest picture an operator may upload, before base64. */
export const GIFT_IMAGE_MAX_BYTES = IMAGE_MAX_BYTES;
export const GIFT_IMAGE_MAX_MESSAGE = IMAGE_MAX_MESSAGE;
/** The widths each picture is stored in (narrower when the upload is narrower). */
export const GIFT_IMAGE_WIDTHS = [320, 640] as const;
/** Where the bff serves the stored pictures: `${GIFT_IMAGE_PATH}/<sha-256>.webp`. */
export const GIFT_IMAGE_PATH = '/media/gift-images';
export const GIFT_IMAGE_TYPE_MESSAGE = IMAGE_TYPE_MESSAGE;

/** A gift's picture as a page shows it: alt text, the largest size (for the aspect ratio) and each width. */
export const giftImageSchema = imageSchema;
export type GiftImage = StoredImage;

export const setOperatorGiftImage = defineCall({
  name: 'setOperatorGiftImage',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  maxBodyBytes: IMAGE_UPLOAD_MAX_BODY_BYTES,
  summary:
    "Sets (or replaces) the picture of one of the association's gifts with its alternative text: JPEG, PNG or WebP by content (5 MB at most), re-encoded as WebP without metadata in 320 and 640 px widths; audited.",
  input: () =>
    z.object({
      giftId: operatorRecordId('ギフトID'),
      alt: requiredText('代替テキスト', 200),
      /** The picture's bytes, base64. */
      contentBase64: imageContentBase64(),
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
