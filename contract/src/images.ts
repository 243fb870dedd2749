/*
 * Uploaded pictures (gift pictures, decision 0016; articles' hero images, decision 0030): the
 * bff checks the bytes (JPEG, PNG or WebP by their magic numbers, whatever the browser said),
 * re-encodes them without metadata into a few widths and serves each under a URL holding its
 * content hash, so the browser may keep it a year. The schemas are in fields/image-schemas.ts.
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
