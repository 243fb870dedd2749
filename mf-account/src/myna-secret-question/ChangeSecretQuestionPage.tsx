import { mynaPagePaths } from '@sukoyaka/contract/myna-terms';
import { Actions, AppLink, Button, FormError, List, Stack, describeError, navigate, usePageTitle } from '@sukoyaka/shared';
import { PasswordConfirmed } from '../step-up/PasswordConfirmed';
import { StepUpLayout } from '../step-up/StepUpLayout';
import { useResetMynaSecretQuestion } from './api/reset-user-myna-secret-question';

function Reset() {
  const reset = useResetMynaSecretQuestion();
  return (
    <Stack $gap={2}>
      <List as="ul" style={{ paddingLeft: '1.5em', listStyle: 'disc' }}>
        <li>いまの秘密の質問と答えを消去します（答えを続けて間違えたロックも解除されます）。</li>
        <li>続けて、新しい質問を選び、答えを登録します。</li>
        <li>取り込んだ健診結果などの情報は消えません。</li>
      </List>
      {reset.isError ? <FormError>{describeError(reset.error)}</FormError> : null}
      <Button
        block
        busy={reset.isPending}
        onClick={() => reset.mutate(undefined, { onSuccess: () => navigate(mynaPagePaths.secretQuestionNew) })}
      >
        秘密の質問を再設定する
      </Button>
      <Actions $align="center">
        <AppLink href={mynaPagePaths.top}>キャンセルしてマイナポータル連携に戻る</AppLink>
      </Actions>
    </Stack>
  );
}

/**
 * `/change_secret_question`: the My Number secret question is reset after the password step-up
 * (mf-account's /prompt_auth, which brings the member back here), then chosen anew on mf-myna's
 * /myna_connection/secret_question/new.
 */
export function ChangeSecretQuestionPage() {
  usePageTitle('秘密の質問の再設定');
  return (
    <StepUpLayout title="秘密の質問の再設定" lead="マイナポータル連携で使う秘密の質問を、新しいものに変更します。">
      <PasswordConfirmed>
        <Reset />
      </PasswordConfirmed>
    </StepUpLayout>
  );
}
