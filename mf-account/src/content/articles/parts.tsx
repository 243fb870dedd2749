import type { ArticleSummary } from '@sukoyaka/contract';
import { articleCategoryLabels } from '@sukoyaka/contract/content';
import { AppLink, japaneseDate } from '@sukoyaka/shared';
import styled from 'styled-components';
import { Badge } from '../parts';

const ItemLink = styled(AppLink)`
  display: block;
  min-height: 44px;
  padding: ${({ theme }) => theme.spacing(1.5, 2)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  strong {
    display: block;
    overflow-wrap: anywhere;
  }
  span.excerpt {
    display: block;
    margin-top: ${({ theme }) => theme.spacing(0.5)};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.small};
    overflow-wrap: anywhere;
  }
`;

export const ArticleMeta = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(1)};
  align-items: center;
  font-size: ${({ theme }) => theme.fontSizes.small};
  color: ${({ theme }) => theme.colors.textMuted};
  margin-bottom: ${({ theme }) => theme.spacing(0.5)};
`;

/** One article in a list: category, date, reading time, quiz and saved marks, title and excerpt. */
export function ArticleItem({ article }: { article: ArticleSummary }) {
  return (
    <li>
      <ItemLink href={`/articles/${article.id}`}>
        <ArticleMeta>
          <Badge>{articleCategoryLabels[article.category]}</Badge>
          <span>{japaneseDate(article.publishedAt)}</span>
          <span>約{article.readingMinutes}分</span>
          {article.hasQuiz ? <Badge $tone="accent">クイズ</Badge> : null}
          {article.saved ? <span>保存済み</span> : null}
        </ArticleMeta>
        <strong>{article.title}</strong>
        <span className="excerpt">{article.excerpt}</span>
      </ItemLink>
    </li>
  );
}
