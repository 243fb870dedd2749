import type { OperatorArticle } from '@sukoyaka/contract';
import { articleCategories, articleCategoryLabels, contentCalls } from '@sukoyaka/contract/content';
import { Button, EmptyState, FormError, TextAreaField, TextField, describeError, useContractForm, useFormValues } from '@sukoyaka/shared';
import { Checkbox, GiftPicture, Select } from '@sukoyaka/shared/widgets';
import { useState } from 'react';
import { useCreateArticle, useOperatorArticles, usePublishArticle } from '../api/articles';
import { useCurrentAssociation } from '../parts/association';
import { formatJapanTime, japanLocalNow, japanMoment } from '../parts/datetime';
import { AdminPage, DataTable, FormCard } from '../parts/page-frame';
import { QueryState } from '../parts/states';
import { STATE_LABELS } from './AnnouncementsPage';
import { ArticleImageForm } from './ArticleImageForm';

const BODY_HINT =
  '空行で段落を分けます。「## 」で始まる行は見出し、「- 」で始まる行は箇条書き、**太字**、[文言](/faq) はサイト内へのリンクになります。HTML は使えません（文字のまま表示されます）。';

/** /admin/articles: the association's health articles with their quizzes; publishing mails the members once. */
export function ArticlesPage() {
  const { association, canEdit } = useCurrentAssociation();
  const list = useOperatorArticles(association.associationId);
  return (
    <AdminPage
      title="健康記事"
      intro={`${association.associationName}の会員に表示する健康記事とクイズです。公開すると、掲載開始日時から会員の一覧に表示され、お知らせメールが1回届きます。`}
      readOnlyNotice="閲覧者の権限では作成・公開できません。"
    >
      {canEdit ? <CreateArticleForm /> : null}
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
                <ArticleRow key={item.id} item={item} />
              ))}
            </DataTable>
          );
        }}
      </QueryState>
    </AdminPage>
  );
}

function ArticleRow({ item }: { item: OperatorArticle }) {
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
      <td className="nowrap">{STATE_LABELS[item.state]}</td>
      <td>
        {formatJapanTime(item.publishFrom)} 〜 {item.publishUntil ? formatJapanTime(item.publishUntil) : ''}
      </td>
      <td className="number">{item.quiz ? item.quizAnswers : '―'}</td>
      <td className="number">{item.quiz ? item.quizCorrect : '―'}</td>
      <td>
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
  const empty = () => ({
    title: '',
    category: 'general',
    body: '',
    withQuiz: false,
    quizQuestion: '',
    quizCorrect: '',
    quizOthers: '',
    quizExplanation: '',
    publishFrom: japanLocalNow(),
    publishUntil: '',
    publish: true,
  });
  const { values, setValues, set, field, reset } = useFormValues(empty);
  const [done, setDone] = useState<string | null>(null);
  const form = useContractForm({
    schema: contentCalls.createOperatorArticle.input,
    mutation: create,
    beforeSubmit: () => setDone(null),
    onSuccess: (result: OperatorArticle) => {
      setDone(result.publishedAt ? `「${result.title}」を公開しました。` : `「${result.title}」を下書きとして保存しました。`);
      reset();
    },
  });
  const others = values.quizOthers
    .split('\n')
    .map((choice) => choice.trim())
    .filter((choice) => choice.length > 0);
  return (
    <FormCard
      id="new-article"
      heading="健康記事を作成する"
      form={form}
      done={done}
      submitLabel="保存する"
      submits={() => ({
        associationId: association.associationId,
        title: values.title,
        category: values.category,
        body: values.body,
        quiz: values.withQuiz
          ? { question: values.quizQuestion, correctChoice: values.quizCorrect, otherChoices: others, explanation: values.quizExplanation }
          : null,
        publishFrom: japanMoment(values.publishFrom),
        publishUntil: values.publishUntil ? japanMoment(values.publishUntil) : null,
        publish: values.publish,
      })}
    >
      <TextField {...field('title', form.errors)} label="タイトル" />
      <Select
        label="カテゴリ"
        value={values.category}
        onChange={set('category')}
        options={articleCategories.map((category) => ({ value: category, label: articleCategoryLabels[category] }))}
      />
      <TextAreaField {...field('body', form.errors)} label="本文" hint={BODY_HINT} rows={10} />
      <Checkbox
        label="クイズをつける"
        checked={values.withQuiz}
        onChange={(event) => setValues({ ...values, withQuiz: event.target.checked })}
      />
      {values.withQuiz ? (
        <>
          <TextField {...field('quizQuestion', form.errors, 'quiz.question')} label="クイズの問題" />
          <TextField {...field('quizCorrect', form.errors, 'quiz.correctChoice')} label="正解の選択肢" />
          <TextAreaField
            {...field('quizOthers', form.errors, 'quiz.otherChoices')}
            label="ほかの選択肢（1行に1つ、1〜4個）"
            hint="会員には、正解を含めた選択肢が順不同で表示されます。"
            rows={4}
          />
          <TextAreaField {...field('quizExplanation', form.errors, 'quiz.explanation')} label="解説" rows={3} />
        </>
      ) : null}
      <TextField {...field('publishFrom', form.errors)} label="掲載開始日時" type="datetime-local" />
      <TextField {...field('publishUntil', form.errors)} label="掲載終了日時" type="datetime-local" optional />
      <Checkbox
        label="すぐに公開する（外すと下書き）"
        checked={values.publish}
        onChange={(event) => setValues({ ...values, publish: event.target.checked })}
      />
    </FormCard>
  );
}
