import type { OperatorFaqCategory } from '@sukoyaka/contract';
import {
  Button,
  Card,
  EmptyState,
  List,
  SectionHeading,
  Stack,
  Text,
  TextAreaField,
  TextField,
  useContractForm,
  useFormValues,
  loadContentCalls,
} from '@sukoyaka/shared';
import { Checkbox } from '@sukoyaka/shared/widgets';
import { useState } from 'react';
import { useOperatorFaq, useSaveFaqCategory, useSaveFaqQuestion } from '../api/content';
import { useCurrentAssociation } from '../parts/association';
import { AdminPage, FormCard, FormDetails } from '../parts/page-frame';
import { QueryState } from '../parts/states';

/** /admin/faq: the association's FAQ categories and questions (hidden ones too), and new ones. */
export function FaqPage() {
  const { association, canEdit } = useCurrentAssociation();
  const faq = useOperatorFaq(association.associationId);
  return (
    <AdminPage
      title="よくある質問"
      intro={`${association.associationName}の会員に表示する「よくある質問」です。非表示にした質問は会員には見えません。`}
      readOnlyNotice="閲覧者の権限では変更できません。"
    >
      <QueryState query={faq} label="よくある質問">
        {(data) => (
          <Stack $gap={3}>
            {data.categories.length === 0 ? <EmptyState title="カテゴリはまだありません" /> : null}
            {data.categories.map((category) => (
              <CategoryCard key={category.id} category={category} />
            ))}
            {canEdit ? <NewCategoryForm /> : null}
          </Stack>
        )}
      </QueryState>
    </AdminPage>
  );
}

function CategoryCard({ category }: { category: OperatorFaqCategory }) {
  const { association, canEdit } = useCurrentAssociation();
  const save = useSaveFaqCategory(association.associationId);
  return (
    <Card aria-labelledby={`faq-${category.id}`}>
      <SectionHeading id={`faq-${category.id}`}>
        {category.name}
        {category.visible ? '' : '（非表示）'}
      </SectionHeading>
      {category.questions.length === 0 ? (
        <Text $muted>質問はまだありません。</Text>
      ) : (
        <List>
          {category.questions.map((question) => (
            <li key={question.id}>
              Q. {question.question}
              {question.visible ? '' : '（非表示）'}
            </li>
          ))}
        </List>
      )}
      {canEdit ? (
        <Stack $gap={1}>
          <div>
            <Button
              variant="secondary"
              busy={save.isPending}
              onClick={() =>
                save.mutate({
                  associationId: association.associationId,
                  categoryId: category.id,
                  name: category.name,
                  position: category.position,
                  visible: !category.visible,
                })
              }
            >
              {category.visible ? 'このカテゴリを非表示にする' : 'このカテゴリを表示する'}
            </Button>
          </div>
          <NewQuestionForm categoryId={category.id} />
        </Stack>
      ) : null}
    </Card>
  );
}

function NewCategoryForm() {
  const { association } = useCurrentAssociation();
  const save = useSaveFaqCategory(association.associationId);
  const [name, setName] = useState('');
  const form = useContractForm({
    loadSchema: () => loadContentCalls().then((calls) => calls.saveOperatorFaqCategory.input),
    mutation: save,
    onSuccess: () => setName(''),
  });
  return (
    <FormCard
      id="new-faq-category"
      heading="カテゴリを追加する"
      form={form}
      submitLabel="追加する"
      submits={() => ({ associationId: association.associationId, name })}
    >
      <TextField label="カテゴリ名" name="name" value={name} onChange={(event) => setName(event.target.value)} error={form.errors.name} />
    </FormCard>
  );
}

function NewQuestionForm({ categoryId }: { categoryId: string }) {
  const { association } = useCurrentAssociation();
  const save = useSaveFaqQuestion(association.associationId);
  const { values, setValues, field, reset } = useFormValues<{ question: string; answer: string; visible: boolean }>(() => ({
    question: '',
    answer: '',
    visible: true,
  }));
  const form = useContractForm({
    loadSchema: () => loadContentCalls().then((calls) => calls.saveOperatorFaqQuestion.input),
    mutation: save,
    onSuccess: reset,
  });
  return (
    <FormDetails
      summary="質問を追加する"
      form={form}
      submitLabel="追加する"
      submits={() => ({ associationId: association.associationId, categoryId, ...values })}
    >
      <TextField {...field('question', form.errors)} label="質問" />
      <TextAreaField {...field('answer', form.errors)} label="回答" />
      <Checkbox
        label="会員に表示する"
        checked={values.visible}
        onChange={(event) => setValues({ ...values, visible: event.target.checked })}
      />
    </FormDetails>
  );
}
