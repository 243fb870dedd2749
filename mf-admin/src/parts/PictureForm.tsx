import { IMAGE_MAX_BYTES, IMAGE_MAX_MESSAGE, IMAGE_TYPE_MESSAGE } from '@sukoyaka/contract';
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
  type FormMutation,
} from '@sukoyaka/shared';
import { useState } from 'react';
import type { z } from 'zod/mini';
import { readFileBase64 } from './file-text';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];

/** What the removal needs of its mutation (an area's `useRemove…Image()`). */
interface RemoveMutation<Input> {
  mutate: (input: Input, options: { onSuccess: () => void }) => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

export interface PictureFormProps<S extends z.ZodMiniType, RemoveInput> {
  /** What is pictured, as the summary and the removal name it (a gift's name, an article's title). */
  name: string;
  /** The picture there is now, or null. */
  current: { alt: string } | null;
  /**
   * The upload call's input schema (loaded at the form's first touch, through mf-shared's loader of the
   * area's calls), its mutation, and its input from the form's two values.
   */
  loadSchema: () => Promise<S>;
  upload: FormMutation<z.output<S>, unknown>;
  inputOf: (picture: { alt: string; contentBase64: string }) => unknown;
  altLabel: string;
  altHint: string;
  /** The removal call, its input, and what the member sees after it (the confirmation's sentence). */
  remove: RemoveMutation<RemoveInput>;
  removeInput: RemoveInput;
  removalText: string;
}

/**
 * Sets a picture with its alternative text (what a screen reader says instead), or removes it
 * after a confirmation: gifts' pictures and articles' hero images (decisions 0016 and 0030). The
 * file's size and type are checked here for a quick answer; the bff checks the bytes themselves.
 */
export function PictureForm<S extends z.ZodMiniType, RemoveInput>(props: PictureFormProps<S, RemoveInput>) {
  const [alt, setAlt] = useState(props.current?.alt ?? '');
  const [contentBase64, setContentBase64] = useState('');
  const [fileError, setFileError] = useState<string | undefined>();
  const [done, setDone] = useState<'set' | 'removed' | null>(null);
  const form = useContractForm({
    loadSchema: props.loadSchema,
    mutation: props.upload,
    beforeSubmit: () => setDone(null),
    onSuccess: () => setDone('set'),
  });
  const choose = (file: File | undefined) => {
    setContentBase64('');
    setFileError(undefined);
    if (!file) return;
    if (file.type && !ACCEPTED.includes(file.type)) return setFileError(IMAGE_TYPE_MESSAGE);
    if (file.size > IMAGE_MAX_BYTES) return setFileError(IMAGE_MAX_MESSAGE);
    void readFileBase64(file).then(setContentBase64, () => setFileError('画像を読み込めませんでした'));
  };
  return (
    <details>
      <summary>{props.current ? `「${props.name}」の画像を変更する` : `「${props.name}」の画像を設定する`}</summary>
      {form.formError ? <FormError>{form.formError}</FormError> : null}
      {done ? <Notice role="status">{done === 'set' ? '画像を設定しました。' : '画像を削除しました。'}</Notice> : null}
      <form {...form.formProps(() => props.inputOf({ alt, contentBase64 }))}>
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
            label={props.altLabel}
            hint={props.altHint}
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
      {props.current ? <RemovePicture {...props} onRemoved={() => setDone('removed')} /> : null}
    </details>
  );
}

function RemovePicture<S extends z.ZodMiniType, RemoveInput>({
  name,
  remove,
  removeInput,
  removalText,
  onRemoved,
}: PictureFormProps<S, RemoveInput> & { onRemoved: () => void }) {
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
    <Stack $gap={1} role="group" aria-label={`「${name}」の画像の削除`}>
      <Text>{removalText}</Text>
      {remove.isError ? <FormError>{describeError(remove.error)}</FormError> : null}
      <Actions>
        <Button busy={remove.isPending} onClick={() => remove.mutate(removeInput, { onSuccess: onRemoved })}>
          削除する
        </Button>
        <Button variant="secondary" onClick={() => setConfirming(false)} disabled={remove.isPending}>
          やめる
        </Button>
      </Actions>
    </Stack>
  );
}
