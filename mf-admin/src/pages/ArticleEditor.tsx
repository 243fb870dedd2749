import type { ArticleCategory, OperatorArticle } from '@sukoyaka/contract';
import { articleCategoryLabels, parseArticleBody, readingMinutes } from '@sukoyaka/contract/content-terms';
import { Badge, Heading, List, Stack, Text, useContractForm, useFormValues, loadContentCalls } from '@sukoyaka/shared';
import { ArticleBlocks, GiftPicture } from '@sukoyaka/shared/widgets';
import { useUpdateArticle } from '../api/articles';
import { useCurrentAssociation } from '../parts/association';
import { EditorCard, savedMessage } from '../parts/editor-frame';
import { ArticleFields, articleInput, articleValuesOf, otherChoicesOf, type ArticleValues } from './ArticleFields';

/**
 * Editing an article (published or not) beside a preview drawn by the members' own rendering of
 * its body (mf-shared's ArticleBlocks), as it will read once saved. Saving keeps its published
 * state (publishing is the row's button); the bff audits the fields it changed. A quiz members
 * have answered keeps its question, choices and answer.
 */
export function ArticleEditor({ item, onDone }: { item: OperatorArticle; onDone: (message: string | null) => void }) {
  const { association } = useCurrentAssociation();
  const update = useUpdateArticle(association.associationId);
  const { values, setValues, set, field } = useFormValues(() => articleValuesOf(item));
  const form = useContractForm({
    loadSchema: () => loadContentCalls().then((calls) => calls.updateOperatorArticle.input),
    mutation: update,
    onSuccess: (result: OperatorArticle) => onDone(savedMessage(result)),
  });
  const quizLocked = item.quiz !== null && item.quizAnswers > 0;
  return (
    <EditorCard
      id="edit-article"
      title={`健康記事を編集する：${item.title}`}
      published={item.publishedAt ? '公開中の記事です。保存すると、会員にはすぐに新しい内容が表示されます。' : null}
      formError={form.formError}
      formLabel="健康記事の編集"
      formProps={form.formProps(() => ({ associationId: association.associationId, articleId: item.id, ...articleInput(values) }))}
      busy={form.isPending}
      onCancel={() => onDone(null)}
      fields={
        <ArticleFields
          values={values}
          setWithQuiz={(withQuiz) => setValues({ ...values, withQuiz })}
          set={set}
          field={field}
          errors={form.errors}
          quizLocked={quizLocked}
        />
      }
      preview={<ArticlePreview values={values} item={item} />}
    />
  );
}

/** The article as the member's page draws it, from the values being edited. */
function ArticlePreview({ values, item }: { values: ArticleValues; item: OperatorArticle }) {
  const others = otherChoicesOf(values);
  return (
    <Stack $gap={1.5}>
      <Text $muted>
        <Badge>{articleCategoryLabels[values.category as ArticleCategory]}</Badge> 読了時間 約{readingMinutes(values.body)}分
      </Text>
      <Heading as="h2">{values.title || '（タイトル未入力）'}</Heading>
      {item.heroImage ? <GiftPicture picture={item.heroImage} width={320} /> : null}
      <ArticleBlocks blocks={parseArticleBody(values.body)} preview />
      {values.withQuiz ? (
        <Stack $gap={1}>
          <Text as="h3" style={{ margin: 0, fontWeight: 700 }}>
            クイズ：{values.quizQuestion || '（問題未入力）'}
          </Text>
          <List aria-label="クイズの選択肢（会員には順不同で表示）">
            {[values.quizCorrect, ...others]
              .filter((choice) => choice.trim().length > 0)
              .map((choice, index) => (
                <li key={index}>
                  {choice}
                  {index === 0 ? '（正解）' : ''}
                </li>
              ))}
          </List>
        </Stack>
      ) : null}
    </Stack>
  );
}
