// The operator's calls that set and remove a gift's picture (mf-admin): the gift's program checked
// against the operator's roles first, the picture processed before anything is stored (gift-images.ts).
import type { CallOutput, ParsedInput } from '@sukoyaka/contract';
import { eq } from 'drizzle-orm';
import { gifts } from '../db/schema';
import { HttpError, notFound } from '../platform/errors';
import type { CallContext } from '../platform/handlers';
import { auditOperator } from '../platform/operators';
import { giftImagesOf, processGiftImage, removeGiftImage, storeGiftImage } from './gift-images';
import { programFor } from './operator-handlers';

/** One of the association's gifts the operator may edit, with its association; another's is 404. */
async function editableGift(context: CallContext<'operator'>, giftId: string) {
  const { db } = context;
  const [gift] = await db.select({ id: gifts.id, programId: gifts.programId }).from(gifts).where(eq(gifts.id, giftId.toLowerCase()));
  const giftNotFound = () => notFound('ギフトが見つかりませんでした。');
  // Coin gifts are the service's, not an association's: no operator changes them.
  if (!gift?.programId) throw giftNotFound();
  try {
    const program = await programFor(db, context, gift.programId, 'editor');
    return { id: gift.id, associationId: program.associationId };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw giftNotFound();
    throw error;
  }
}

/** setOperatorGiftImage: one of the association's gifts (another's is 404), the picture checked before anything is stored. */
export async function setOperatorGiftImage(
  input: ParsedInput<'setOperatorGiftImage'>,
  context: CallContext<'operator'>,
): Promise<CallOutput<'setOperatorGiftImage'>> {
  const { db, actor, operator, now } = context;
  const gift = await editableGift(context, input.giftId);
  const image = await processGiftImage(Buffer.from(input.contentBase64, 'base64'));
  await db.transaction(async (tx) => {
    await storeGiftImage(tx, gift.id, input.alt, image, now);
    await auditOperator(
      tx,
      actor,
      'gift_image_set',
      operator.id,
      gift.associationId,
      { giftId: gift.id, files: image.files.map((file) => file.hash) },
      now,
    );
  });
  const stored = (await giftImagesOf(db, [gift.id])).get(gift.id)!;
  return { giftId: gift.id, image: stored };
}

/**
 * removeOperatorGiftImage: the picture and its files go (their URLs answer 404 from then on; a
 * browser that kept one shows it until it asks again, as for any cached file). The catalogue shows
 * the placeholder. A gift with no picture answers the same, and nothing is audited.
 */
export async function removeOperatorGiftImage(
  input: ParsedInput<'removeOperatorGiftImage'>,
  context: CallContext<'operator'>,
): Promise<CallOutput<'removeOperatorGiftImage'>> {
  const { db, actor, operator, now } = context;
  const gift = await editableGift(context, input.giftId);
  await db.transaction(async (tx) => {
    const files = await removeGiftImage(tx, gift.id);
    if (files.length > 0)
      await auditOperator(tx, actor, 'gift_image_removed', operator.id, gift.associationId, { giftId: gift.id, files }, now);
  });
  return { giftId: gift.id, image: null };
}
