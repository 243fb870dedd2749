import type { OperatorProgram } from '@sukoyaka/contract';
import { useRemoveGiftImage, useSetGiftImage } from '../api/areas';
import { useCurrentAssociation } from '../parts/association';
import { PictureForm } from '../parts/PictureForm';
import { loadIncentiveCalls } from '@sukoyaka/shared';

/** Sets or removes a gift's picture with its alternative text (the catalogue shows a placeholder without one). */
export function GiftImageForm({ gift }: { gift: OperatorProgram['gifts'][number] }) {
  const { association } = useCurrentAssociation();
  return (
    <PictureForm
      name={gift.name}
      current={gift.image}
      loadSchema={() => loadIncentiveCalls().then((calls) => calls.setOperatorGiftImage.input)}
      upload={useSetGiftImage(association.associationId)}
      inputOf={({ alt, contentBase64 }) => ({ giftId: gift.id, alt, contentBase64 })}
      altLabel="代替テキスト（画像の内容を短く）"
      altHint="画面読み上げで画像の代わりに読まれます。例: 緑のしま模様のタオル"
      remove={useRemoveGiftImage(association.associationId)}
      removeInput={{ giftId: gift.id }}
      removalText="画像を削除すると、会員のギフト一覧には代わりの絵が表示されます。よろしいですか？"
    />
  );
}
