import type { OperatorArticle } from '@sukoyaka/contract';
import { articleCategoryLabels } from '@sukoyaka/contract/content-terms';
import { Button, EmptyState, FormError, describeError, useContractForm, useFormValues, loadContentCalls } from '@sukoyaka/shared';
import { Checkbox, GiftPicture } from '@sukoyaka/shared/widgets';
import { useState } from 'react';
import { useCreateArticle, useOperatorArticles, usePublishArticle } from '../api/articles';
import { useCurrentAssociation } from '../parts/association';
import { AdminPage, DataTable, FormCard } from '../parts/page-frame';
import { useEditing } from '../parts/editor-frame';
import { PublishPeriod } from '../parts/period';
import { QueryState } from '../parts/states';
import { ArticleEditor } from './ArticleEditor';
import { ArticleFields, articleInput, emptyArticleValues } from './ArticleFields';
import { ArticleImageForm } from './ArticleImageForm';
import { PUBLISH_STATE_LABELS } from '../parts/publish-states';

/** /admin/articles: the association's health articles with their quizzes; publishing mails the members once. */
export function ArticlesPage() {
  const { association, canEdit } = useCurrentAssociation();
  const list = useOperatorArticles(association.associationId);
  const edit = useEditing<OperatorArticle>();
  return (
    <AdminPage
      title="健康記事"
      intro={`${association.associationName}の会員に表示する健康記事とクイズです。公開すると、掲載開始日時から会員の一覧に表示され、お知らせメールが1回届きます。`}
      readOnlyNotice="閲覧者の権限では作成・編集・公開できません。"
    >
      {edit.notice}
      {canEdit && edit.editing ? <ArticleEditor key={edit.editing.id} item={edit.editing} onDone={edit.done} /> : null}
      {canEdit && !edit.editing ? <CreateArticleForm /> : null}
      <QueryState query={list} label="健康記事">
        {(data) => {
          const items = data.pages.flatMap((page) => page.items);
          if (items.length === 0) return <EmptyState title="健康記事はまだありません" />;
          return (
            <DataTable
              caption="健康記事の一覧"
              columns={['タイトル', '状態', '掲載期間', { label: 'クイズ回答', number: true }, { label: '正解', number: true }, '操作']}
              more={list}
            >
              {items.map((item) => (
                <ArticleRow key={item.id} item={item} onEdit={() => edit.start(item)} />
              ))}
            </DataTable>
          );
        }}
      </QueryState>
    </AdminPage>
  );
}

function ArticleRow({ item, onEdit }: { item: OperatorArticle; onEdit: () => void }) {
  const { association, canEdit } = useCurrentAssociation();
  const publish = usePublishArticle(association.associationId);
  const published = item.publishedAt !== null;
  return (
    <tr>
      <th scope="row">
        {item.heroImage ? <GiftPicture picture={item.heroImage} width={96} lazy /> : null}
        {item.title}
        <br />
        <small>
          {articleCategoryLabels[item.category]}・約{item.readingMinutes}分{item.quiz ? '・クイズあり' : ''}
        </small>
      </th>
      <td className="nowrap">{PUBLISH_STATE_LABELS[item.state]}</td>
      <td>
        <PublishPeriod from={item.publishFrom} until={item.publishUntil} />
      </td>
      <td className="number">{item.quiz ? item.quizAnswers : '―'}</td>
      <td className="number">{item.quiz ? item.quizCorrect : '―'}</td>
      <td>
        {canEdit ? (
          <Button variant="secondary" onClick={onEdit} aria-label={`${item.title}を編集する`}>
            編集する
          </Button>
        ) : null}{' '}
        {canEdit ? (
          <Button
            variant="secondary"
            busy={publish.isPending}
            onClick={() => publish.mutate({ associationId: association.associationId, articleId: item.id, published: !published })}
            aria-label={`${item.title}を${published ? '非公開にする' : '公開する'}`}
          >
            {published ? '非公開にする' : '公開する'}
          </Button>
        ) : null}
        {publish.isError ? <FormError>{describeError(publish.error)}</FormError> : null}
        {canEdit ? <ArticleImageForm article={item} /> : null}
      </td>
    </tr>
  );
}

function CreateArticleForm() {
  const { association } = useCurrentAssociation();
  const create = useCreateArticle(association.associationId);
  const empty = () => ({ ...emptyArticleValues(), publish: true });
  const { values, setValues, set, field, reset } = useFormValues(empty);
  const [done, setDone] = useState<string | null>(null);
  const form = useContractForm({
    loadSchema: () => loadContentCalls().then((calls) => calls.createOperatorArticle.input),
    mutation: create,
    beforeSubmit: () => setDone(null),
    onSuccess: (result: OperatorArticle) => {
      setDone(result.publishedAt ? `「${result.title}」を公開しました。` : `「${result.title}」を下書きとして保存しました。`);
      reset();
    },
  });
  return (
    <FormCard
      id="new-article"
      heading="健康記事を作成する"
      form={form}
      done={done}
      submitLabel="保存する"
      submits={() => ({ associationId: association.associationId, ...articleInput(values), publish: values.publish })}
    >
      <ArticleFields
        values={values}
        setWithQuiz={(withQuiz) => setValues({ ...values, withQuiz })}
        set={set}
        field={field}
        errors={form.errors}
      />
      <Checkbox
        label="すぐに公開する（外すと下書き）"
        checked={values.publish}
        onChange={(event) => setValues({ ...values, publish: event.target.checked })}
      />
    </FormCard>
  );
}
