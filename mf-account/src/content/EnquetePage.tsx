import type { Enquete, EnqueteAnswer, EnqueteQuestion } from '@sukoyaka/contract';
import { ENQUETE_REQUIRED_MESSAGE, ENQUETE_TEXT_MAX, EnqueteErrorCodes, missingRequiredAnswers } from '@sukoyaka/contract/content-terms';
import {
  AppError,
  AppLink,
  Button,
  ButtonLinkStyle,
  FieldErrorText,
  FormError,
  Heading,
  LoadingSkeleton,
  MemberOnly,
  Stack,
  Text,
  TextAreaField,
  describeError,
  japaneseDate,
  usePageTitle,
  useParams,
  LoadFailure,
} from '@sukoyaka/shared';
import { Checkbox, RadioGroup } from '@sukoyaka/shared/widgets';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useAnswerEnquete } from './api/answer-enquete';
import { useEnquete } from './api/get-enquete';
import { BodyText } from './parts';
import { CardPage } from '../parts/CardPage';

type Draft = Record<string, EnqueteAnswer>;

const Group = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1)};
  legend {
    font-weight: 700;
    margin-bottom: ${({ theme }) => theme.spacing(1)};
  }
`;

const legendOf = (question: EnqueteQuestion, index: number) => `Q${index + 1}. ${question.text}${question.required ? '（必須）' : ''}`;

function QuestionField({
  question,
  index,
  answer,
  error,
  onChange,
}: {
  question: EnqueteQuestion;
  index: number;
  answer: EnqueteAnswer | undefined;
  error: string | undefined;
  onChange: (answer: EnqueteAnswer) => void;
}) {
  const legend = legendOf(question, index);
  if (question.kind === 'single') {
    return (
      <RadioGroup
        legend={legend}
        options={question.choices.map((choice) => ({ value: choice.id, label: choice.label }))}
        value={answer?.choiceIds?.[0] ?? null}
        onChange={(value) => onChange({ questionId: question.id, choiceIds: [value] })}
        error={error}
        optional={!question.required}
      />
    );
  }
  if (question.kind === 'scale') {
    const min = question.scaleMin ?? 1;
    const max = question.scaleMax ?? 5;
    const values = Array.from({ length: max - min + 1 }, (_, offset) => min + offset);
    return (
      <RadioGroup
        legend={legend}
        inline
        hint={
          question.scaleMinLabel && question.scaleMaxLabel
            ? `${min}：${question.scaleMinLabel} 〜 ${max}：${question.scaleMaxLabel}`
            : undefined
        }
        options={values.map((value) => ({ value: String(value), label: String(value) }))}
        value={answer?.scale === undefined ? null : String(answer.scale)}
        onChange={(value) => onChange({ questionId: question.id, scale: Number(value) })}
        error={error}
        optional={!question.required}
      />
    );
  }
  if (question.kind === 'multiple') {
    const chosen = new Set(answer?.choiceIds ?? []);
    return (
      <Group aria-invalid={error ? true : undefined}>
        <legend>{legend}</legend>
        {question.choices.map((choice) => (
          <Checkbox
            key={choice.id}
            label={choice.label}
            checked={chosen.has(choice.id)}
            onChange={(event) => {
              const next = new Set(chosen);
              if (event.target.checked) next.add(choice.id);
              else next.delete(choice.id);
              onChange({ questionId: question.id, choiceIds: question.choices.map((c) => c.id).filter((id) => next.has(id)) });
            }}
          />
        ))}
        {error ? <FieldErrorText role="alert">{error}</FieldErrorText> : null}
      </Group>
    );
  }
  return (
    <TextAreaField
      label={legend}
      value={answer?.text ?? ''}
      maxLength={ENQUETE_TEXT_MAX}
      onChange={(event) => onChange({ questionId: question.id, text: event.target.value })}
      error={error}
      optional={!question.required}
    />
  );
}

function Answered({ enquete, justNow }: { enquete: Enquete; justNow: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (justNow) heading.current?.focus();
  }, [justNow]);
  return (
    <Stack $gap={2}>
      <Heading ref={heading} tabIndex={-1}>
        {justNow ? 'ご回答ありがとうございました' : 'このアンケートには回答済みです'}
      </Heading>
      <Text>
        「{enquete.title}」に{enquete.answeredAt ? `${japaneseDate(enquete.answeredAt)}に` : ''}回答しました。
        ポイントの対象となるアンケートでは、ポイントが付与されます。
      </Text>
      <Stack $gap={1}>
        <div>
          <ButtonLinkStyle as={AppLink} href="/incentives" $variant="secondary">
            コイン・ポイントを見る
          </ButtonLinkStyle>
        </div>
        <AppLink href="/enquetes">アンケートの一覧へ戻る</AppLink>
      </Stack>
    </Stack>
  );
}

function EnqueteForm({ enquete }: { enquete: Enquete }) {
  usePageTitle(enquete.title);
  const [draft, setDraft] = useState<Draft>({});
  const [missing, setMissing] = useState<Set<string>>(new Set());
  const [justAnswered, setJustAnswered] = useState(false);
  const answer = useAnswerEnquete();
  const formRef = useRef<HTMLFormElement>(null);
  const closed = enquete.closesAt !== null && Date.parse(enquete.closesAt) <= Date.now();

  if (enquete.answeredAt) return <Answered enquete={enquete} justNow={justAnswered} />;
  const alreadyAnswered = answer.error instanceof AppError && answer.error.code === EnqueteErrorCodes.alreadyAnswered;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const answers = Object.values(draft);
    // The same rule the bff applies, before sending.
    const left = new Set(missingRequiredAnswers(enquete.questions, answers));
    setMissing(left);
    if (left.size > 0) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    answer.mutate({ enqueteId: enquete.id, answers }, { onSuccess: () => setJustAnswered(true) });
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="enquete-heading">
      <Stack $gap={2.5}>
        <Stack $gap={1}>
          <Heading id="enquete-heading">{enquete.title}</Heading>
          {enquete.description ? <BodyText text={enquete.description} /> : null}
          {enquete.closesAt ? <Text $muted>回答期限：{japaneseDate(enquete.closesAt)}</Text> : null}
        </Stack>
        {closed ? <FormError>このアンケートの回答受付は終了しました。</FormError> : null}
        {answer.error && !alreadyAnswered ? <FormError>{describeError(answer.error)}</FormError> : null}
        {alreadyAnswered ? <FormError>このアンケートには回答済みです。</FormError> : null}
        {enquete.questions.map((question, index) => (
          <QuestionField
            key={question.id}
            question={question}
            index={index}
            answer={draft[question.id]}
            error={missing.has(question.id) ? ENQUETE_REQUIRED_MESSAGE : undefined}
            onChange={(value) => {
              setDraft((current) => ({ ...current, [question.id]: value }));
              setMissing((current) => {
                if (!current.has(question.id)) return current;
                const next = new Set(current);
                next.delete(question.id);
                return next;
              });
            }}
          />
        ))}
        <Button type="submit" block busy={answer.isPending} disabled={closed}>
          {answer.isPending ? '送信しています…' : '回答を送信する'}
        </Button>
      </Stack>
    </form>
  );
}

function EnqueteLoader({ enqueteId }: { enqueteId: string }) {
  const { data, error, isPending, refetch } = useEnquete(enqueteId);
  if (isPending) return <LoadingSkeleton label="アンケートを読み込んでいます" rows={5} />;
  if (error) {
    const missing = error instanceof AppError && (error.statusCode === 404 || error.statusCode === 400);
    return missing ? (
      <Stack $gap={1.5}>
        <Heading>アンケートが見つかりません</Heading>
        <Text>受付が終了したか、URLが正しくない可能性があります。</Text>
        <AppLink href="/enquetes">アンケートの一覧へ</AppLink>
      </Stack>
    ) : (
      <LoadFailure what="アンケート" error={error} retry={() => void refetch()} />
    );
  }
  return <EnqueteForm enquete={data} />;
}

/** `/enquetes/:id`: answer an enquete once; required questions are checked here and by the bff. */
export function EnquetePage() {
  usePageTitle('アンケート');
  const { enqueteId = '' } = useParams();
  return (
    <CardPage max={720}>
      <MemberOnly>{() => <EnqueteLoader enqueteId={enqueteId} />}</MemberOnly>
    </CardPage>
  );
}
