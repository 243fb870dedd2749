import { Actions, AppLink, ButtonLinkStyle, Card, List, LoadingSkeleton, Notice, Stack, Text, LoadFailure } from '@sukoyaka/shared';
import { useUserMynaSecretQuestion } from '../api/myna-secret-question';
import { MynaPage } from '../parts/MynaPage';
import { mynaPagePaths } from '../paths';

/** `/myna_connection/secret_question/guidance`: why a secret question, before choosing one. */
export function SecretQuestionGuidancePage() {
  const question = useUserMynaSecretQuestion();
  return (
    <MynaPage title="秘密の質問の登録">
      <Card>
        <Stack $gap={2}>
          <Text>
            マイナポータルから取り込んだ健診結果やお薬、医療費の情報はとても大切な個人情報です。ご本人以外が見ることのないよう、情報を見るときや書き出すときに、秘密の質問の答えをおたずねします。
          </Text>
          <List as="ol" style={{ paddingLeft: '1.5em', listStyle: 'decimal' }}>
            <li>質問を選び、答えを2回入力します。</li>
            <li>内容を確認して登録します。</li>
            <li>答えると、15分間は答え直さずに情報を見られます。</li>
          </List>
          <Text $muted>
            答えはご本人だけが知っている言葉にしてください。ひらがな・カタカナ、全角・半角、大文字・小文字の違いは区別しません。5回続けて間違えると30分間ロックされます。
          </Text>
          {question.isPending ? <LoadingSkeleton label="登録の状況を確認しています" rows={1} /> : null}
          {question.isError ? <LoadFailure what="登録の状況" error={question.error} retry={() => void question.refetch()} /> : null}
          {question.data?.registered ? (
            <Stack $gap={1}>
              <Notice role="status">秘密の質問はすでに登録されています。</Notice>
              <Actions>
                <ButtonLinkStyle as={AppLink} href={mynaPagePaths.top}>
                  マイナポータル連携に戻る
                </ButtonLinkStyle>
                <AppLink href={mynaPagePaths.secretQuestionResetGuidance}>秘密の質問を再設定する</AppLink>
              </Actions>
            </Stack>
          ) : null}
          {question.data && !question.data.registered ? (
            <Actions>
              <ButtonLinkStyle as={AppLink} href={mynaPagePaths.secretQuestionNew}>
                秘密の質問を選ぶ
              </ButtonLinkStyle>
            </Actions>
          ) : null}
        </Stack>
      </Card>
    </MynaPage>
  );
}

/** `/myna_connection/secret_question/reset/guidance`: a forgotten answer or a lock; the reset is behind the password. */
export function SecretQuestionResetGuidancePage() {
  return (
    <MynaPage title="秘密の質問の再設定">
      <Card>
        <Stack $gap={2}>
          <Text>秘密の質問の答えを忘れた場合や、答えを続けて間違えてロックされた場合は、秘密の質問を再設定できます。</Text>
          <List as="ol" style={{ paddingLeft: '1.5em', listStyle: 'decimal' }}>
            <li>ご本人確認のため、すこやかのパスワードを入力します。</li>
            <li>いまの秘密の質問と答えを消去します（ロックも解除されます）。</li>
            <li>新しい質問を選び、答えを登録します。</li>
          </List>
          <Text $muted>取り込んだ健診結果などの情報は、再設定しても消えません。</Text>
          <Actions>
            <ButtonLinkStyle as={AppLink} href={mynaPagePaths.changeSecretQuestion}>
              再設定に進む
            </ButtonLinkStyle>
            <AppLink href={mynaPagePaths.top}>マイナポータル連携に戻る</AppLink>
          </Actions>
        </Stack>
      </Card>
    </MynaPage>
  );
}
