import { normaliseSecretAnswer } from '@sukoyaka/contract/myna-terms';
import {
  Actions,
  AppLink,
  Button,
  ButtonLinkStyle,
  Card,
  FormError,
  LoadingSkeleton,
  Narrow,
  Notice,
  Stack,
  TextField,
  navigate,
  useContractForm,
  LoadFailure,
  loadMynaCalls,
} from '@sukoyaka/shared';
import { Select } from '@sukoyaka/shared/widgets';
import { useState } from 'react';
import { useMynaSecretQuestions, useUserMynaSecretQuestion } from '../api/myna-secret-question';
import { MynaPage } from '../parts/MynaPage';
import { mynaPagePaths } from '../paths';
import { secretQuestionDraft } from './draft';

/** `/myna_connection/secret_question/new`: choose a question and type the answer twice; /confirm registers it. */
export function NewSecretQuestionPage() {
  const questions = useMynaSecretQuestions();
  const own = useUserMynaSecretQuestion();
  const failed = questions.error ?? own.error;
  return (
    <MynaPage title="秘密の質問を選ぶ">
      <Narrow>
        <Card>
          {questions.isPending || own.isPending ? <LoadingSkeleton label="秘密の質問を読み込んでいます" rows={2} /> : null}
          {failed ? (
            <LoadFailure
              what="秘密の質問"
              error={failed}
              retry={() => {
                void questions.refetch();
                void own.refetch();
              }}
            />
          ) : null}
          {own.data?.registered ? (
            <Stack $gap={2}>
              <Notice role="status">秘密の質問はすでに登録されています。変更するには、再設定を行ってください。</Notice>
              <Actions>
                <ButtonLinkStyle as={AppLink} href={mynaPagePaths.secretQuestionResetGuidance}>
                  秘密の質問を再設定する
                </ButtonLinkStyle>
              </Actions>
            </Stack>
          ) : null}
          {questions.data && own.data && !own.data.registered ? <QuestionForm questions={questions.data.questions} /> : null}
        </Card>
      </Narrow>
    </MynaPage>
  );
}

function QuestionForm({ questions }: { questions: readonly { id: string; text: string }[] }) {
  const draft = secretQuestionDraft.get();
  const [questionId, setQuestionId] = useState(draft?.questionId ?? '');
  const [answer, setAnswer] = useState(draft?.answer ?? '');
  const [again, setAgain] = useState(draft?.answer ?? '');
  const form = useContractForm({
    loadSchema: () => loadMynaCalls().then((calls) => calls.createUserMynaSecretQuestion.input),
    // Compared as the bff compares answers: 「カワサキ」 and 「かわさき」 are the same answer.
    check: () =>
      normaliseSecretAnswer(again) !== normaliseSecretAnswer(answer)
        ? { answerAgain: '確認のため、同じ答えをもう一度入力してください' }
        : {},
    // Nothing is sent here: /confirm registers what is chosen.
    submit: (data) => Promise.resolve(data),
    onSuccess: (data) => {
      const question = questions.find((candidate) => candidate.id === data.questionId);
      secretQuestionDraft.set({ questionId: data.questionId, question: question?.text ?? '', answer: data.answer });
      navigate(mynaPagePaths.secretQuestionConfirm);
    },
  });
  return (
    <form {...form.formProps(() => ({ questionId, answer }))}>
      <Stack $gap={2.5}>
        {form.formError ? <FormError>{form.formError}</FormError> : null}
        <Select
          label="質問"
          name="questionId"
          placeholder="選択してください"
          options={questions.map((question) => ({ value: question.id, label: question.text }))}
          value={questionId}
          onChange={(event) => setQuestionId(event.target.value)}
          error={form.errors.questionId}
          required
        />
        {/* Plain text, not a password field: answers are often typed in kana, which a password field's IME refuses. */}
        <TextField
          label="答え"
          name="answer"
          autoComplete="off"
          maxLength={64}
          value={answer}
          onChange={(event) => setAnswer(event.target.value)}
          error={form.errors.answer}
          hint="ご本人だけが知っている言葉を、64文字以内で入力してください。"
          required
        />
        <TextField
          label="答え（確認のためもう一度）"
          name="answerAgain"
          autoComplete="off"
          maxLength={64}
          value={again}
          onChange={(event) => setAgain(event.target.value)}
          error={form.errors.answerAgain}
          required
        />
        <Button type="submit" block>
          確認に進む
        </Button>
        <Actions $align="center">
          <AppLink href={mynaPagePaths.secretQuestionGuidance}>戻る</AppLink>
        </Actions>
      </Stack>
    </form>
  );
}
