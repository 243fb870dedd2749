import {
  AppLink,
  Button,
  EmptyState,
  FormError,
  List,
  LoadFailure,
  LoadingSkeleton,
  MemberOnly,
  Stack,
  usePageTitle,
} from '@sukoyaka/shared';
import { CardPage } from '../../parts/CardPage';
import { useSavedArticles } from './api/articles';
import { ArticleItem } from './parts';

function SavedArticles() {
  const { data, error, isPending, fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError, refetch } = useSavedArticles();
  if (isPending) return <LoadingSkeleton label="保存した記事を読み込んでいます" rows={3} />;
  if (error && !data) return <LoadFailure what="保存した記事" error={error} retry={() => void refetch()} />;
  const items = data.pages.flatMap((page) => page.items);
  return (
    <Stack $gap={2}>
      {items.length === 0 ? (
        <EmptyState title="保存した記事はありません">記事の「保存する」を押すと、ここからすぐに読み返せます。</EmptyState>
      ) : (
        <List $gap={1} aria-label="保存した記事の一覧">
          {items.map((article) => (
            <ArticleItem key={article.id} article={article} />
          ))}
        </List>
      )}
      {isFetchNextPageError ? <FormError>保存した記事を読み込めませんでした。もう一度お試しください。</FormError> : null}
      {hasNextPage ? (
        <div>
          <Button variant="secondary" busy={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            もっと見る
          </Button>
        </div>
      ) : null}
      <AppLink href="/articles">健康記事の一覧へ</AppLink>
    </Stack>
  );
}

/** `/articles/saved`: the articles the member saved, last saved first. */
export function SavedArticlesPage() {
  usePageTitle('保存した記事');
  return (
    <CardPage max={720} title="保存した記事">
      <MemberOnly>{() => <SavedArticles />}</MemberOnly>
    </CardPage>
  );
}
