import type { OperatorArticle } from '@sukoyaka/contract';
import { ARTICLE_IMAGE_MAX_BYTES, ARTICLE_IMAGE_MAX_MESSAGE, ARTICLE_IMAGE_TYPE_MESSAGE, contentCalls } from '@sukoyaka/contract/content';
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
import { useRemoveArticleImage, useSetArticleImage } from '../api/articles';
import { useCurrentAssociation } from '../parts/association';
import { readFileBase64 } from '../parts/file-text';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * Sets an article's hero image with its alternative text, as GiftImageForm does for a gift: the
 * file's size and type are checked here for a quick answer; the bff checks the bytes themselves.
 */
export function ArticleImageForm({ article }: { article: OperatorArticle }) {
  const { association } = useCurrentAssociation();
  const upload = useSetArticleImage(association.associationId);
  const [alt, setAlt] = useState(article.heroImage?.alt ?? '');
  const [contentBase64, setContentBase64] = useState('');
  const [fileError, setFileError] = useState<string | undefined>();
  const [done, setDone] = useState<'set' | 'removed' | null>(null);
  const form = useContractForm({
    schema: contentCalls.setOperatorArticleImage.input,
    mutation: upload,
    beforeSubmit: () => setDone(null),
    onSuccess: () => setDone('set'),
  });
  const choose = (file: File | undefined) => {
    setContentBase64('');
    setFileError(undefined);
    if (!file) return;
    if (file.type && !ACCEPTED.includes(file.type)) return setFileError(ARTICLE_IMAGE_TYPE_MESSAGE);
    if (file.size > ARTICLE_IMAGE_MAX_BYTES) return setFileError(ARTICLE_IMAGE_MAX_MESSAGE);
    void readFileBase64(file).then(setContentBase64, () => setFileError('画像を読み込めませんでした'));
  };
  return (
    <details>
      <summary>{article.heroImage ? `「${article.title}」の画像を変更する` : `「${article.title}」の画像を設定する`}</summary>
      {form.formError ? <FormError>{form.formError}</FormError> : null}
      {done ? <Notice role="status">{done === 'set' ? '画像を設定しました。' : '画像を削除しました。'}</Notice> : null}
      <form {...form.formProps(() => ({ associationId: association.associationId, articleId: article.id, alt, contentBase64 }))}>
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
            label="代替テキスト（画像の内容を日本語で短く、100文字まで）"
            hint="画面読み上げで画像の代わりに読まれます。例: 野菜たっぷりの朝ごはん"
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
      {article.heroImage ? <RemoveArticleImage article={article} onRemoved={() => setDone('removed')} /> : null}
    </details>
  );
}

/** Removes the hero image after a confirmation: the files are deleted, the article shows no picture. */
function RemoveArticleImage({ article, onRemoved }: { article: OperatorArticle; onRemoved: () => void }) {
  const { association } = useCurrentAssociation();
  const remove = useRemoveArticleImage(association.associationId);
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
    <Stack $gap={1} role="group" aria-label={`「${article.title}」の画像の削除`}>
      <Text>画像を削除すると、会員の記事には画像が表示されなくなります。よろしいですか？</Text>
      {remove.isError ? <FormError>{describeError(remove.error)}</FormError> : null}
      <Actions>
        <Button
          busy={remove.isPending}
          onClick={() => remove.mutate({ associationId: association.associationId, articleId: article.id }, { onSuccess: onRemoved })}
        >
          削除する
        </Button>
        <Button variant="secondary" onClick={() => setConfirming(false)} disabled={remove.isPending}>
          やめる
        </Button>
      </Actions>
    </Stack>
  );
}
