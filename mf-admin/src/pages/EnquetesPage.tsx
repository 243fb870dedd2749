import type { EnqueteState, OperatorEnquete } from '@sukoyaka/contract';
import {
  Button,
  EmptyState,
  FormError,
  Link,
  Stack,
  Text,
  TextAreaField,
  TextField,
  describeError,
  useContractForm,
  useFormValues,
  loadContentCalls,
} from '@sukoyaka/shared';
import { Checkbox, Select } from '@sukoyaka/shared/widgets';
import { useState } from 'react';
import { useCloseEnquete, useCreateEnquete, useOperatorEnquetes, usePublishEnquete } from '../api/content';
import { useCurrentAssociation } from '../parts/association';
import { formatJapanTime, japanMoment } from '../parts/datetime';
import { AdminPage, DataTable, FormCard } from '../parts/page-frame';
import { QueryState } from '../parts/states';

import { adminPaths } from '../paths';

const STATE_LABELS: Record<EnqueteState, string> = { draft: '下書き', open: '回答受付中', closed: '終了' };
const KIND_LABELS = { single: '単一選択', multiple: '複数選択', scale: '段階評価', text: '自由記述' } as const;
type Kind = keyof typeof KIND_LABELS;

interface QuestionDraft {
  kind: Kind;
  text: string;
  required: boolean;
  choices: string;
}

const newQuestion = (): QuestionDraft => ({ kind: 'single', text: '', required: true, choices: '' });

/** /admin/enquetes: the association's enquetes, opening and closing them, their results, a new one. */
export function EnquetesPage() {
  const { association, canEdit } = useCurrentAssociation();
  const list = useOperatorEnquetes(association.associationId);
  return (
    <AdminPage
      title="アンケート"
      intro="会員に回答してもらうアンケートです。結果は運営担当者だけが見られます（回答者は表示されません）。"
      readOnlyNotice="閲覧者の権限では作成・公開できません。"
    >
      <QueryState query={list} label="アンケート">
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState title="アンケートはまだありません" />
          ) : (
            <DataTable caption="アンケートの一覧" columns={['タイトル', '状態', { label: '回答数', number: true }, '回答期限', '操作']}>
              {data.items.map((item) => (
                <EnqueteRow key={item.id} item={item} />
              ))}
            </DataTable>
          )
        }
      </QueryState>
      {canEdit ? <CreateEnqueteForm /> : null}
    </AdminPage>
  );
}

function EnqueteRow({ item }: { item: OperatorEnquete }) {
  const { association, canEdit } = useCurrentAssociation();
  const publish = usePublishEnquete(association.associationId);
  const close = useCloseEnquete(association.associationId);
  const input = { associationId: association.associationId, enqueteId: item.id };
  return (
    <tr>
      <th scope="row">{item.title}</th>
      <td className="nowrap">{STATE_LABELS[item.state]}</td>
      <td className="number">{item.responseCount}</td>
      <td>{formatJapanTime(item.closesAt)}</td>
      <td>
        <Stack $gap={1}>
          <Link to={`${adminPaths.enquetes}/${item.id}`} aria-label={`${item.title}の結果を見る`}>
            結果を見る
          </Link>
          {canEdit && item.state === 'draft' ? (
            <Button
              variant="secondary"
              busy={publish.isPending}
              onClick={() => publish.mutate(input)}
              aria-label={`${item.title}を公開する`}
            >
              公開する
            </Button>
          ) : null}
          {canEdit && item.state === 'open' ? (
            <Button
              variant="secondary"
              busy={close.isPending}
              onClick={() => close.mutate(input)}
              aria-label={`${item.title}の回答受付を終了する`}
            >
              受付を終了する
            </Button>
          ) : null}
          {publish.isError || close.isError ? <FormError>{describeError(publish.error ?? close.error)}</FormError> : null}
        </Stack>
      </td>
    </tr>
  );
}

function CreateEnqueteForm() {
  const { association } = useCurrentAssociation();
  const create = useCreateEnquete(association.associationId);
  const { values, field, reset } = useFormValues(() => ({ title: '', description: '', closesAt: '' }));
  const [questions, setQuestions] = useState<QuestionDraft[]>([newQuestion()]);
  const [done, setDone] = useState<string | null>(null);
  const form = useContractForm({
    loadSchema: () => loadContentCalls().then((calls) => calls.createOperatorEnquete.input),
    mutation: create,
    beforeSubmit: () => setDone(null),
    onSuccess: (result: OperatorEnquete) => {
      setDone(`「${result.title}」を下書きとして作成しました。一覧の「公開する」で会員に公開されます。`);
      reset();
      setQuestions([newQuestion()]);
    },
  });
  const change = (index: number, patch: Partial<QuestionDraft>) =>
    setQuestions(questions.map((question, at) => (at === index ? { ...question, ...patch } : question)));
  return (
    <FormCard
      id="new-enquete"
      heading="アンケートを作成する"
      form={form}
      done={done}
      submitLabel="下書きとして作成する"
      submits={() => ({
        associationId: association.associationId,
        title: values.title,
        description: values.description,
        closesAt: values.closesAt ? japanMoment(values.closesAt) : null,
        questions: questions.map((question) => ({
          kind: question.kind,
          text: question.text,
          required: question.required,
          choices:
            question.kind === 'single' || question.kind === 'multiple'
              ? question.choices
                  .split('\n')
                  .map((line) => line.trim())
                  .filter(Boolean)
              : [],
          ...(question.kind === 'scale' ? { scaleMin: 1, scaleMax: 5 } : {}),
        })),
      })}
    >
      <TextField {...field('title', form.errors)} label="タイトル" />
      <TextAreaField {...field('description', form.errors)} label="説明" optional />
      <TextField {...field('closesAt', form.errors)} label="回答期限" type="datetime-local" optional />
      {questions.map((question, index) => (
        <fieldset key={index}>
          <legend>設問{index + 1}</legend>
          <Stack $gap={1}>
            <Select
              label="種類"
              value={question.kind}
              onChange={(event) => change(index, { kind: event.target.value as Kind })}
              options={(Object.keys(KIND_LABELS) as Kind[]).map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
            />
            <TextField
              label="設問文"
              name={`questions.${index}.text`}
              value={question.text}
              onChange={(event) => change(index, { text: event.target.value })}
              error={form.errors[`questions.${index}.text`]}
            />
            {question.kind === 'single' || question.kind === 'multiple' ? (
              <TextAreaField
                label="選択肢（1行に1つ）"
                error={form.errors[`questions.${index}.choices`]}
                name={`questions.${index}.choices`}
                value={question.choices}
                onChange={(event) => change(index, { choices: event.target.value })}
              />
            ) : null}
            {question.kind === 'scale' ? <Text $muted>1〜5の5段階で回答してもらいます。</Text> : null}
            <Checkbox
              label="回答必須"
              checked={question.required}
              onChange={(event) => change(index, { required: event.target.checked })}
            />
            {questions.length > 1 ? (
              <div>
                <Button variant="text" onClick={() => setQuestions(questions.filter((_, at) => at !== index))}>
                  設問{index + 1}を削除
                </Button>
              </div>
            ) : null}
          </Stack>
        </fieldset>
      ))}
      {form.errors.questions ? <FormError>{form.errors.questions}</FormError> : null}
      <div>
        <Button variant="secondary" onClick={() => setQuestions([...questions, newQuestion()])}>
          設問を追加
        </Button>
      </div>
    </FormCard>
  );
}
