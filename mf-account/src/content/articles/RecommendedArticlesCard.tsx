import { AppLink, Button, List, LoadingSkeleton, SectionHeading, Stack, Text } from '@sukoyaka/shared';
import { useArticleRecommendations } from './api/articles';

/**
 * Home's one card of articles: chosen by the bff from the member's latest check-up, with its one
 * line of reason (「健診の LDL コレステロールの結果から」); otherwise the newest articles.
 */
export function RecommendedArticlesCard() {
  const { data, error, isPending, refetch } = useArticleRecommendations();
  return (
    <Stack $gap={1.5}>
      <SectionHeading id="home-articles">おすすめの健康記事</SectionHeading>
      {isPending ? (
        <LoadingSkeleton label="おすすめの記事を読み込んでいます" rows={2} />
      ) : error ? (
        <Stack $gap={1}>
          <Text role="alert">おすすめの記事を読み込めませんでした。</Text>
          <div>
            <Button variant="secondary" onClick={() => void refetch()}>
              再読み込み
            </Button>
          </div>
        </Stack>
      ) : (
        <>
          {data.reason ? <Text $muted>{data.reason}</Text> : null}
          {data.items.length === 0 ? (
            <Text $muted>公開中の記事はまだありません。</Text>
          ) : (
            <List $gap={0.5} aria-label="おすすめの健康記事">
              {data.items.map((article) => (
                <li key={article.id}>
                  <AppLink href={`/articles/${article.id}`}>{article.title}</AppLink>
                </li>
              ))}
            </List>
          )}
          <AppLink href="/articles">健康記事をすべて見る</AppLink>
        </>
      )}
    </Stack>
  );
}
