import type { OperatorFaqCategory } from '@sukoyaka/contract';
import { contentCalls } from '@sukoyaka/contract/content';
import {
  Button,
  Card,
  EmptyState,
  FormError,
  Heading,
  List,
  Notice,
  SectionHeading,
  Stack,
  Text,
  TextAreaField,
  TextField,
  useContractForm,
  useFormValues,
  usePageTitle,
} from '@sukoyaka/shared';
import { Checkbox } from '@sukoyaka/shared/widgets';
import { useState } from 'react';
import { useOperatorFaq, useSaveFaqCategory, useSaveFaqQuestion } from '../api/content';
import { useCurrentAssociation } from '../parts/association';
import { QueryState } from '../parts/states';

/** /admin/faq: the association's FAQ categories and questions (hidden ones too), and new ones. */
export function FaqPage() {
  usePageTitle('よくある質問 | すこやか運営管理');
  const { association, canEdit } = useCurrentAssociation();
  const faq = useOperatorFaq(association.associationId);
  return (
    <Stack $gap={3}>
      <Heading>よくある質問</Heading>
      <Text>{association.associationName}の会員に表示する「よくある質問」です。非表示にした質問は会員には見えません。</Text>
      {!canEdit ? <Notice>閲覧者の権限では変更できません。</Notice> : null}
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
    </Stack>
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
  const form = useContractForm({ schema: contentCalls.saveOperatorFaqCategory.input, mutation: save, onSuccess: () => setName('') });
  return (
    <Card aria-labelledby="new-faq-category">
      <SectionHeading id="new-faq-category">カテゴリを追加する</SectionHeading>
      {form.formError ? <FormError>{form.formError}</FormError> : null}
      <form {...form.formProps(() => ({ associationId: association.associationId, name }))}>
        <Stack $gap={2}>
          <TextField
            label="カテゴリ名"
            name="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={form.errors.name}
          />
          <div>
            <Button type="submit" busy={form.isPending}>
              追加する
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
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
    schema: contentCalls.saveOperatorFaqQuestion.input,
    mutation: save,
    onSuccess: reset,
  });
  return (
    <details>
      <summary>質問を追加する</summary>
      {form.formError ? <FormError>{form.formError}</FormError> : null}
      <form {...form.formProps(() => ({ associationId: association.associationId, categoryId, ...values }))}>
        <Stack $gap={2}>
          <TextField {...field('question', form.errors)} label="質問" />
          <TextAreaField {...field('answer', form.errors)} label="回答" />
          <Checkbox
            label="会員に表示する"
            checked={values.visible}
            onChange={(event) => setValues({ ...values, visible: event.target.checked })}
          />
          <div>
            <Button type="submit" busy={form.isPending}>
              追加する
            </Button>
          </div>
        </Stack>
      </form>
    </details>
  );
}
