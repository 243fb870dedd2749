import type { UserMynaSecretQuestion } from '@sukoyaka/contract';
import {
  Actions,
  AppLink,
  Button,
  Card,
  FormError,
  LoadingSkeleton,
  Narrow,
  Notice,
  Stack,
  Text,
  TextField,
  navigate,
  safeReturnPath,
  useContractForm,
  LoadFailure,
  loadMynaCalls,
} from '@sukoyaka/shared';
import { useState } from 'react';
import { useAnswerMynaSecretQuestion, useUserMynaSecretQuestion } from '../api/myna-secret-question';
import { formatDateTime } from '../format';
import { MynaPage } from '../parts/MynaPage';
import { mynaPagePaths } from '../paths';
import { LinkStep } from '../parts/LinkStep';

/** Where to go once answered: `return_to` when it names a page of this site, else the connection's top. */
function returnTarget(search: string = window.location.search): string {
  const requested = new URLSearchParams(search).get('return_to');
  return requested ? safeReturnPath(requested) : mynaPagePaths.top;
}

/**
 * `/myna_connection/verify?return_to=…`: the answer to the member's secret question, before any
 * My Number data is shown (the bff refuses the reads without it and the client sends the member
 * here); then back where they came from.
 */
export function VerifyPage() {
  const question = useUserMynaSecretQuestion();
  return (
    <MynaPage title="秘密の質問の確認">
      <Narrow>
        <Card>
          {question.isPending ? <LoadingSkeleton label="秘密の質問を読み込んでいます" rows={2} /> : null}
          {question.isError ? <LoadFailure what="秘密の質問" error={question.error} retry={() => void question.refetch()} /> : null}
          {question.data ? <Answer question={question.data} /> : null}
        </Card>
      </Narrow>
    </MynaPage>
  );
}

function isLocked(question: UserMynaSecretQuestion): question is UserMynaSecretQuestion & { lockedUntil: string } {
  return question.lockedUntil !== null && new Date(question.lockedUntil).getTime() > Date.now();
}

function Answer({ question }: { question: UserMynaSecretQuestion }) {
  const [answer, setAnswer] = useState('');
  const form = useContractForm({
    loadSchema: () => loadMynaCalls().then((calls) => calls.authenticateUserMynaSecretQuestion.input),
    mutation: useAnswerMynaSecretQuestion(),
    onSuccess: () => navigate(returnTarget()),
    onError: () => setAnswer(''),
    // The schema loads when the member starts answering (the first change in the form) or presses
    // in it, not at its first focus: the answer's field has focus as the page shows, and the
    // records pages that send the member here show without the myna module and zod (issue 27).
    loadSchemaOn: 'input',
  });

  if (!question.registered || !question.question) {
    return (
      <LinkStep href={mynaPagePaths.secretQuestionGuidance} action="秘密の質問を登録する" gap={2}>
        マイナポータルの情報を見るには、先に秘密の質問を登録してください。
      </LinkStep>
    );
  }
  if (isLocked(question)) {
    return (
      <Stack $gap={2}>
        <Notice role="alert">
          答えを続けて間違えたため、秘密の質問はロックされています。{formatDateTime(question.lockedUntil)}以降にもう一度お試しください。
        </Notice>
        <Text>答えを忘れた場合は、パスワードで本人確認をしてから秘密の質問を再設定できます。</Text>
        <Actions>
          <AppLink href={mynaPagePaths.secretQuestionResetGuidance}>秘密の質問を再設定する</AppLink>
        </Actions>
      </Stack>
    );
  }
  return (
    <form {...form.formProps(() => ({ answer }))}>
      <Stack $gap={2}>
        <Text>健診結果などの大切な情報を守るため、秘密の質問に答えてください。確認後15分間は、答え直さずに見ることができます。</Text>
        {form.formError ? <FormError>{form.formError}</FormError> : null}
        {/* Plain text, not a password field: answers are often typed in kana, which a password field's IME refuses. */}
        <TextField
          label={question.question.text}
          name="answer"
          autoComplete="off"
          value={answer}
          onChange={(event) => setAnswer(event.target.value)}
          error={form.errors.answer}
          hint={`あと${question.remainingAttempts}回間違えると、30分間ロックされます。`}
          required
          autoFocus
        />
        <Button type="submit" block busy={form.isPending}>
          {form.isPending ? '確認しています…' : '確認する'}
        </Button>
        <Actions $gap={2} $align="center">
          <AppLink href={mynaPagePaths.secretQuestionResetGuidance}>答えを忘れた方</AppLink>
          <AppLink href={mynaPagePaths.top}>マイナポータル連携に戻る</AppLink>
        </Actions>
      </Stack>
    </form>
  );
}
