import {
  Actions,
  AppLink,
  Button,
  ButtonLinkStyle,
  Card,
  FactRows,
  FormError,
  Narrow,
  Notice,
  Stack,
  Text,
  describeError,
} from '@sukoyaka/shared';
import { useState } from 'react';
import { useCreateMynaSecretQuestion } from '../api/myna-secret-question';
import { MynaPage } from '../parts/MynaPage';
import { mynaPagePaths } from '../paths';
import { secretQuestionDraft } from './draft';

/** `/myna_connection/secret_question/confirm`: review what /new chose, then register it. */
export function ConfirmSecretQuestionPage() {
  const [draft] = useState(() => secretQuestionDraft.get());
  const create = useCreateMynaSecretQuestion();

  if (create.isSuccess) {
    return (
      <MynaPage title="秘密の質問を登録しました">
        <Narrow>
          <Card>
            <Stack $gap={2}>
              <Notice role="status">秘密の質問を登録しました。</Notice>
              <Text>マイナポータルから健診結果、お薬、医療費の情報を取り込みましょう。</Text>
              <Actions>
                <ButtonLinkStyle as={AppLink} href={mynaPagePaths.import}>
                  情報を取り込む
                </ButtonLinkStyle>
                <AppLink href={mynaPagePaths.top}>マイナポータル連携に戻る</AppLink>
              </Actions>
            </Stack>
          </Card>
        </Narrow>
      </MynaPage>
    );
  }
  return (
    <MynaPage title="秘密の質問の確認">
      <Narrow>
        <Card>
          {draft ? (
            <Stack $gap={2}>
              <Text>次の内容で登録します。答えはこのあと確認できませんので、控えておく場合は安全な場所に保管してください。</Text>
              <FactRows>
                <dt>質問</dt>
                <dd>{draft.question}</dd>
                <dt>答え</dt>
                <dd>{draft.answer}</dd>
              </FactRows>
              {create.isError ? <FormError>{describeError(create.error)}</FormError> : null}
              <Button
                block
                busy={create.isPending}
                onClick={() =>
                  create.mutate({ questionId: draft.questionId, answer: draft.answer }, { onSuccess: () => secretQuestionDraft.clear() })
                }
              >
                登録する
              </Button>
              <Actions $align="center">
                <AppLink href={mynaPagePaths.secretQuestionNew}>修正する</AppLink>
              </Actions>
            </Stack>
          ) : (
            <Stack $gap={2}>
              <Text>登録する内容が見つかりません。お手数ですが、質問を選ぶところからやり直してください。</Text>
              <Actions>
                <ButtonLinkStyle as={AppLink} href={mynaPagePaths.secretQuestionNew}>
                  質問を選ぶ
                </ButtonLinkStyle>
              </Actions>
            </Stack>
          )}
        </Card>
      </Narrow>
    </MynaPage>
  );
}
