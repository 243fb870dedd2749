import type { OperatorProgram } from '@sukoyaka/contract';
import { GIFT_IMAGE_MAX_BYTES, GIFT_IMAGE_MAX_MESSAGE, GIFT_IMAGE_TYPE_MESSAGE, incentiveCalls } from '@sukoyaka/contract/incentives';
import {
  Actions,
  Button,
  FormError,
  LabelledField,
  Notice,
  Stack,
  Text,
  TextField,
  describeError,
  useContractForm,
} from '@sukoyaka/shared';
import { useState } from 'react';
import { useRemoveGiftImage, useSetGiftImage } from '../api/areas';
import { useCurrentAssociation } from '../parts/association';
import { readFileBase64 } from '../parts/file-text';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * Sets a gift's picture with its alternative text (what a screen reader says instead). The file's
 * size and type are checked here for a quick answer; the bff checks the bytes themselves.
 */
export function GiftImageForm({ gift }: { gift: OperatorProgram['gifts'][number] }) {
  const { association } = useCurrentAssociation();
  const upload = useSetGiftImage(association.associationId);
  const [alt, setAlt] = useState(gift.image?.alt ?? '');
  const [contentBase64, setContentBase64] = useState('');
  const [fileError, setFileError] = useState<string | undefined>();
  const [done, setDone] = useState<'set' | 'removed' | null>(null);
  const form = useContractForm({
    schema: incentiveCalls.setOperatorGiftImage.input,
    mutation: upload,
    beforeSubmit: () => setDone(null),
    onSuccess: () => setDone('set'),
  });
  const choose = (file: File | undefined) => {
    setContentBase64('');
    setFileError(undefined);
    if (!file) return;
    if (file.type && !ACCEPTED.includes(file.type)) return setFileError(GIFT_IMAGE_TYPE_MESSAGE);
    if (file.size > GIFT_IMAGE_MAX_BYTES) return setFileError(GIFT_IMAGE_MAX_MESSAGE);
    void readFileBase64(file).then(setContentBase64, () => setFileError('画像を読み込めませんでした'));
  };
  return (
    <details>
      <summary>{gift.image ? `「${gift.name}」の画像を変更する` : `「${gift.name}」の画像を設定する`}</summary>
      {form.formError ? <FormError>{form.formError}</FormError> : null}
      {done ? <Notice role="status">{done === 'set' ? '画像を設定しました。' : '画像を削除しました。'}</Notice> : null}
      <form {...form.formProps(() => ({ giftId: gift.id, alt, contentBase64 }))}>
        <Stack $gap={2}>
          <LabelledField label="画像（JPEG・PNG・WebP、5MBまで）" error={fileError ?? form.errors.contentBase64}>
            {({ $invalid: _invalid, ...control }) => (
              <input
                {...control}
                name="contentBase64"
                type="file"
                accept={ACCEPTED.join(',')}
                onChange={(event) => choose(event.target.files?.[0])}
              />
            )}
          </LabelledField>
          <TextField
            name="alt"
            label="代替テキスト（画像の内容を短く）"
            hint="画面読み上げで画像の代わりに読まれます。例: 緑のしま模様のタオル"
            value={alt}
            onChange={(event) => setAlt(event.target.value)}
            error={form.errors.alt}
          />
          <div>
            <Button type="submit" busy={form.isPending} disabled={Boolean(fileError)}>
              画像を保存する
            </Button>
          </div>
        </Stack>
      </form>
      {gift.image ? <RemoveGiftImage gift={gift} onRemoved={() => setDone('removed')} /> : null}
    </details>
  );
}

/** Removes the picture after a confirmation: the catalogue shows the placeholder, the files are deleted. */
function RemoveGiftImage({ gift, onRemoved }: { gift: OperatorProgram['gifts'][number]; onRemoved: () => void }) {
  const { association } = useCurrentAssociation();
  const remove = useRemoveGiftImage(association.associationId);
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <div>
        <Button variant="text" onClick={() => setConfirming(true)}>
          画像を削除する
        </Button>
      </div>
    );
  }
  return (
    <Stack $gap={1} role="group" aria-label={`「${gift.name}」の画像の削除`}>
      <Text>画像を削除すると、会員のギフト一覧には代わりの絵が表示されます。よろしいですか？</Text>
      {remove.isError ? <FormError>{describeError(remove.error)}</FormError> : null}
      <Actions>
        <Button busy={remove.isPending} onClick={() => remove.mutate({ giftId: gift.id }, { onSuccess: onRemoved })}>
          削除する
        </Button>
        <Button variant="secondary" onClick={() => setConfirming(false)} disabled={remove.isPending}>
          やめる
        </Button>
      </Actions>
    </Stack>
  );
}
