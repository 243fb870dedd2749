import type { OperatorArticle } from '@sukoyaka/contract';
import { articleCategories, articleCategoryLabels } from '@sukoyaka/contract/content-terms';
import { Notice, TextAreaField, TextField, type BoundField, type FieldErrors } from '@sukoyaka/shared';
import { Checkbox, Select } from '@sukoyaka/shared/widgets';
import { japanLocalNow, japanLocalOf, japanMoment } from '../parts/datetime';

export const BODY_HINT =
  '空行で段落を分けます。「## 」で始まる行は見出し、「- 」で始まる行は箇条書き、**太字**、[文言](/faq) はサイト内へのリンクになります。HTML は使えません（文字のまま表示されます）。';

/** An article's fields as the forms hold them: the creating form and the editor alike. */
export type ArticleValues = {
  title: string;
  category: string;
  body: string;
  withQuiz: boolean;
  quizQuestion: string;
  quizCorrect: string;
  /** The other choices, one a line. */
  quizOthers: string;
  quizExplanation: string;
  publishFrom: string;
  publishUntil: string;
};

type TextName = { [Key in keyof ArticleValues]: ArticleValues[Key] extends string ? Key : never }[keyof ArticleValues] & string;

/** A new article: no quiz, starting now. */
export const emptyArticleValues = (): ArticleValues => ({
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
});

/**
 * An existing article as the editor starts from it. The quiz comes back as the operator wrote it —
 * the correct choice apart, the others in the order members see them — so saving it unchanged
 * keeps the order (the bff compares the choices, decision 0030).
 */
export function articleValuesOf(item: OperatorArticle): ArticleValues {
  const quiz = item.quiz;
  return {
    title: item.title,
    category: item.category,
    body: item.body,
    withQuiz: quiz !== null,
    quizQuestion: quiz?.question ?? '',
    quizCorrect: quiz ? (quiz.choices[quiz.answer] ?? '') : '',
    quizOthers: quiz ? quiz.choices.filter((_, index) => index !== quiz.answer).join('\n') : '',
    quizExplanation: quiz?.explanation ?? '',
    publishFrom: japanLocalOf(item.publishFrom),
    publishUntil: japanLocalOf(item.publishUntil),
  };
}

export const otherChoicesOf = (values: Pick<ArticleValues, 'quizOthers'>) =>
  values.quizOthers
    .split('\n')
    .map((choice) => choice.trim())
    .filter((choice) => choice.length > 0);

/**
 * What the create and update calls take of those fields. The update replaces the whole article,
 * so the quiz is always sent: null removes it.
 */
export function articleInput(values: ArticleValues) {
  return {
    title: values.title,
    category: values.category,
    body: values.body,
    quiz: values.withQuiz
      ? {
          question: values.quizQuestion,
          correctChoice: values.quizCorrect,
          otherChoices: otherChoicesOf(values),
          explanation: values.quizExplanation,
        }
      : null,
    publishFrom: japanMoment(values.publishFrom),
    publishUntil: values.publishUntil ? japanMoment(values.publishUntil) : null,
  };
}

/**
 * The fields of one article, bound by the form's `useFormValues`. `quizLocked`: members have
 * answered its quiz, so its question, choices and answer stay (409 article_quiz_answered); they
 * show read-only, and the explanation may still be mended.
 */
export function ArticleFields({
  values,
  setWithQuiz,
  set,
  field,
  errors,
  quizLocked = false,
}: {
  values: ArticleValues;
  setWithQuiz: (withQuiz: boolean) => void;
  set: (name: 'category') => (event: { target: { value: string } }) => void;
  field: (name: TextName, errors: FieldErrors, errorKey?: string) => BoundField;
  errors: FieldErrors;
  quizLocked?: boolean;
}) {
  return (
    <>
      <TextField {...field('title', errors)} label="タイトル" />
      <Select
        label="カテゴリ"
        value={values.category}
        onChange={set('category')}
        error={errors.category}
        options={articleCategories.map((category) => ({ value: category, label: articleCategoryLabels[category] }))}
      />
      <TextAreaField {...field('body', errors)} label="本文" hint={BODY_HINT} rows={10} />
      <Checkbox
        label="クイズをつける"
        checked={values.withQuiz}
        disabled={quizLocked}
        onChange={(event) => setWithQuiz(event.target.checked)}
      />
      {values.withQuiz ? (
        <>
          {quizLocked ? <Notice>回答した会員がいるため、クイズの問題・選択肢・正解は変更できません。解説は直せます。</Notice> : null}
          <TextField {...field('quizQuestion', errors, 'quiz.question')} label="クイズの問題" readOnly={quizLocked} />
          <TextField {...field('quizCorrect', errors, 'quiz.correctChoice')} label="正解の選択肢" readOnly={quizLocked} />
          <TextAreaField
            {...field('quizOthers', errors, 'quiz.otherChoices')}
            label="ほかの選択肢（1行に1つ、1〜4個）"
            hint="会員には、正解を含めた選択肢が順不同で表示されます。"
            rows={4}
            readOnly={quizLocked}
          />
          <TextAreaField {...field('quizExplanation', errors, 'quiz.explanation')} label="解説" rows={3} />
        </>
      ) : null}
      <TextField {...field('publishFrom', errors)} label="掲載開始日時" type="datetime-local" />
      <TextField {...field('publishUntil', errors)} label="掲載終了日時" type="datetime-local" optional />
    </>
  );
}
