import { articleCategories, articleCategoryLabels, type ArticleCategory } from '@sukoyaka/contract/content-terms';
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
  Text,
  TextField,
  usePageTitle,
} from '@sukoyaka/shared';
import { Select } from '@sukoyaka/shared/widgets';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { CardPage } from '../../parts/CardPage';
import { useArticles } from './api/articles';
import { ArticleItem } from './parts';

const SearchRow = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(1)};
  align-items: flex-end;
  > div:first-child {
    flex: 1 1 12rem;
  }
`;

function Results({ q, category }: { q: string; category: ArticleCategory | '' }) {
  const { data, error, isPending, fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError, refetch } = useArticles(
    q,
    category,
  );
  if (isPending) return <LoadingSkeleton label="健康記事を読み込んでいます" rows={4} />;
  if (error && !data) return <LoadFailure what="健康記事" error={error} retry={() => void refetch()} />;
  const items = data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return q || category ? (
      <EmptyState title="該当する記事はありません">言葉やカテゴリを変えて、もう一度お探しください。</EmptyState>
    ) : (
      <EmptyState title="健康記事はまだありません">新しい記事が公開されると、ここに表示されます。</EmptyState>
    );
  }
  return (
    <Stack $gap={2}>
      {q ? (
        <Text $muted aria-live="polite">
          「{q}」を含む記事
        </Text>
      ) : null}
      <List $gap={1} aria-label="健康記事の一覧">
        {items.map((article) => (
          <ArticleItem key={article.id} article={article} />
        ))}
      </List>
      {isFetchNextPageError ? <FormError>健康記事を読み込めませんでした。もう一度お試しください。</FormError> : null}
      {hasNextPage ? (
        <div>
          <Button variant="secondary" busy={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            もっと見る
          </Button>
        </div>
      ) : null}
    </Stack>
  );
}

function Articles() {
  const [word, setWord] = useState('');
  const [q, setQ] = useState('');
  const [category, setCategory] = useState<ArticleCategory | ''>('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setQ(word.trim());
  };
  return (
    <Stack $gap={2}>
      <AppLink href="/articles/saved">保存した記事</AppLink>
      <SearchRow onSubmit={onSubmit} role="search" aria-label="健康記事の検索">
        <TextField label="記事を探す" value={word} maxLength={50} onChange={(event) => setWord(event.target.value)} />
        <Button type="submit" variant="secondary">
          検索
        </Button>
      </SearchRow>
      <Select
        label="カテゴリ"
        value={category}
        onChange={(event) => setCategory(event.target.value as ArticleCategory | '')}
        options={[{ value: '', label: 'すべて' }, ...articleCategories.map((value) => ({ value, label: articleCategoryLabels[value] }))]}
      />
      <Results q={q} category={category} />
    </Stack>
  );
}

/** `/articles`: the health articles the member may read, newest first; search by a word and a category. */
export function ArticlesPage() {
  usePageTitle('健康記事');
  return (
    <CardPage max={720} title="健康記事">
      <MemberOnly>{() => <Articles />}</MemberOnly>
    </CardPage>
  );
}
