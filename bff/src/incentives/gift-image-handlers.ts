// The operator's call that sets a gift's picture (mf-admin): the gift's program checked against
// the operator's roles first, the picture processed before anything is stored (gift-images.ts).
import type { CallOutput, ParsedInput } from '@sukoyaka/contract';
import { eq } from 'drizzle-orm';
import { gifts } from '../db/schema';
import { HttpError, notFound } from '../platform/errors';
import type { CallContext } from '../platform/handlers';
import { auditOperator } from '../platform/operators';
import { giftImagesOf, processGiftImage, storeGiftImage } from './gift-images';
import { programFor } from './operator-handlers';

/** setOperatorGiftImage: one of the association's gifts (another's is 404), the picture checked before anything is stored. */
export async function setOperatorGiftImage(
  input: ParsedInput<'setOperatorGiftImage'>,
  context: CallContext<'operator'>,
): Promise<CallOutput<'setOperatorGiftImage'>> {
  const { db, actor, operator, now } = context;
  const giftId = input.giftId.toLowerCase();
  const [gift] = await db.select({ id: gifts.id, programId: gifts.programId }).from(gifts).where(eq(gifts.id, giftId));
  const giftNotFound = () => notFound('ギフトが見つかりませんでした。');
  // Coin gifts are the service's, not an association's: no operator changes them.
  if (!gift?.programId) throw giftNotFound();
  let program;
  try {
    program = await programFor(db, context, gift.programId, 'editor');
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw giftNotFound();
    throw error;
  }
  const image = await processGiftImage(Buffer.from(input.contentBase64, 'base64'));
  await db.transaction(async (tx) => {
    await storeGiftImage(tx, gift.id, input.alt, image, now);
    await auditOperator(
      tx,
      actor,
      'gift_image_set',
      operator.id,
      program.associationId,
      { giftId: gift.id, files: image.files.map((file) => file.hash) },
      now,
    );
  });
  const stored = (await giftImagesOf(db, [gift.id])).get(gift.id)!;
  return { giftId: gift.id, image: stored };
}
