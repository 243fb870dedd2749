import type { Article, ArticleQuizResult } from '@sukoyaka/contract';
import { articleCategoryLabels, parseArticleBody } from '@sukoyaka/contract/content-terms';
import {
  AppError,
  AppLink,
  Button,
  ButtonLinkStyle,
  FormError,
  Heading,
  LoadFailure,
  LoadingSkeleton,
  MemberOnly,
  SectionHeading,
  Stack,
  Text,
  describeError,
  japaneseDate,
  usePageTitle,
  useParams,
} from '@sukoyaka/shared';
import { ArticleBlocks, RadioGroup } from '@sukoyaka/shared/widgets';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { CardPage } from '../../parts/CardPage';
import { Badge } from '../parts';
import { useAnswerArticleQuiz, useArticle, useSaveArticle } from './api/articles';
import { ArticleHero, ArticleMeta } from './parts';

const QuizBox = styled.section`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  padding-top: ${({ theme }) => theme.spacing(2)};
`;

function QuizResult({ quiz, result, justNow }: { quiz: NonNullable<Article['quiz']>; result: ArticleQuizResult; justNow: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (justNow) heading.current?.focus();
  }, [justNow]);
  return (
    <Stack $gap={1.5}>
      <SectionHeading ref={heading} tabIndex={-1} as="h3">
        {result.correct ? '正解です！' : '残念、不正解です'}
      </SectionHeading>
      <Text>あなたの回答：{quiz.choices[result.choice]}</Text>
      <Text>正解：{quiz.choices[result.answer]}</Text>
      <Text>{result.explanation}</Text>
      {result.correct ? (
        <Stack $gap={1}>
          <Text $muted>ポイントの対象となるクイズでは、初回の正解にポイントが付与されます。</Text>
          <div>
            <ButtonLinkStyle as={AppLink} href="/incentives" $variant="secondary">
              コイン・ポイントを見る
            </ButtonLinkStyle>
          </div>
        </Stack>
      ) : (
        <Text $muted>回答は1回のみです。</Text>
      )}
    </Stack>
  );
}

function Quiz({ article }: { article: Article }) {
  const quiz = article.quiz!;
  const [choice, setChoice] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [justNow, setJustNow] = useState(false);
  const answer = useAnswerArticleQuiz();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (choice === null) {
      setMissing(true);
      return;
    }
    answer.mutate({ articleId: article.id, choice: Number(choice) }, { onSuccess: () => setJustNow(true) });
  };
  return (
    <QuizBox aria-labelledby="article-quiz">
      <Stack $gap={1.5}>
        <SectionHeading id="article-quiz">クイズ</SectionHeading>
        {quiz.result ? (
          <QuizResult quiz={quiz} result={quiz.result} justNow={justNow} />
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <Stack $gap={1.5}>
              {answer.error ? <FormError>{describeError(answer.error)}</FormError> : null}
              <RadioGroup
                legend={quiz.question}
                options={quiz.choices.map((label, index) => ({ value: String(index), label }))}
                value={choice}
                onChange={(value) => {
                  setChoice(value);
                  setMissing(false);
                }}
                error={missing ? '回答を選んでください' : undefined}
                hint="回答は1回のみです。"
              />
              <div>
                <Button type="submit" busy={answer.isPending}>
                  {answer.isPending ? '送信しています…' : '回答する'}
                </Button>
              </div>
            </Stack>
          </form>
        )}
      </Stack>
    </QuizBox>
  );
}

function ArticleView({ article }: { article: Article }) {
  usePageTitle(article.title);
  const save = useSaveArticle();
  return (
    <Stack $gap={2.5}>
      <Stack $gap={1}>
        <ArticleMeta>
          <Badge>{articleCategoryLabels[article.category]}</Badge>
          <span>{japaneseDate(article.publishedAt)}</span>
          <span>読了時間 約{article.readingMinutes}分</span>
        </ArticleMeta>
        <Heading>{article.title}</Heading>
        {article.heroImage ? <ArticleHero picture={article.heroImage} /> : null}
        <div>
          <Button
            variant="secondary"
            aria-pressed={article.saved}
            busy={save.isPending}
            onClick={() => save.mutate({ articleId: article.id, saved: !article.saved })}
          >
            {article.saved ? '保存済み（解除する）' : '保存する'}
          </Button>
        </div>
        {save.error ? <FormError>{describeError(save.error)}</FormError> : null}
      </Stack>
      <ArticleBlocks blocks={parseArticleBody(article.body)} />
      {article.quiz ? <Quiz article={article} /> : null}
      <AppLink href="/articles">健康記事の一覧へ</AppLink>
    </Stack>
  );
}

function ArticleLoader({ articleId }: { articleId: string }) {
  const { data, error, isPending, refetch } = useArticle(articleId);
  if (isPending) return <LoadingSkeleton label="記事を読み込んでいます" rows={6} />;
  if (error) {
    const missing = error instanceof AppError && (error.statusCode === 404 || error.statusCode === 400);
    return missing ? (
      <Stack $gap={1.5}>
        <Heading>記事が見つかりません</Heading>
        <Text>掲載が終了したか、URLが正しくない可能性があります。</Text>
        <AppLink href="/articles">健康記事の一覧へ</AppLink>
      </Stack>
    ) : (
      <LoadFailure what="記事" error={error} retry={() => void refetch()} />
    );
  }
  return <ArticleView article={data} />;
}

/** `/articles/:articleId`: one article, its body, saving it, and its quiz (answered once). */
export function ArticlePage() {
  usePageTitle('健康記事');
  const { articleId = '' } = useParams();
  return (
    <CardPage max={720}>
      <MemberOnly>{() => <ArticleLoader articleId={articleId} />}</MemberOnly>
    </CardPage>
  );
}
