import type { ArticleSummary, StoredImage } from '@sukoyaka/contract';
import { articleCategoryLabels } from '@sukoyaka/contract/content-terms';
import { AppLink, japaneseDate } from '@sukoyaka/shared';
import styled from 'styled-components';
import { Badge } from '../parts';

const ItemLink = styled(AppLink)`
  display: flex;
  gap: ${({ theme }) => theme.spacing(1.5)};
  align-items: flex-start;
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

const srcSetOf = (picture: StoredImage) => picture.variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');

/** The stored file at least this wide (else the widest). */
const fileFor = (picture: StoredImage, width: number) =>
  (picture.variants.find((variant) => variant.width >= width) ?? picture.variants.at(-1))?.url;

/** Pictures keep a fixed frame (its ratio set before the file loads), cropped to fill it: nothing shifts. */
const PictureFrame = styled.div<{ $ratio: string; $width?: string }>`
  flex: none;
  width: ${({ $width }) => $width ?? '100%'};
  max-width: 100%;
  aspect-ratio: ${({ $ratio }) => $ratio};
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

/** The article's hero image across the page's width at 16:9 (the browser picks the file from srcset). */
export function ArticleHero({ picture }: { picture: StoredImage }) {
  return (
    <PictureFrame $ratio="16 / 9" data-testid="article-hero">
      <img
        src={fileFor(picture, 640)}
        srcSet={srcSetOf(picture)}
        sizes="(max-width: 720px) 100vw, 720px"
        width={picture.width}
        height={picture.height}
        alt={picture.alt}
        decoding="async"
      />
    </PictureFrame>
  );
}

/** A list card's thumbnail, 88 px wide at 4:3, loaded when it comes near. */
function ArticleThumbnail({ picture }: { picture: StoredImage }) {
  return (
    <PictureFrame $ratio="4 / 3" $width="88px" data-testid="article-thumbnail">
      <img
        src={fileFor(picture, 320)}
        srcSet={srcSetOf(picture)}
        sizes="88px"
        width={picture.width}
        height={picture.height}
        alt={picture.alt}
        loading="lazy"
        decoding="async"
      />
    </PictureFrame>
  );
}

const ItemText = styled.span`
  display: block;
  flex: 1;
  min-width: 0;
`;

/** One article in a list: category, date, reading time, quiz and saved marks, title and excerpt. */
export function ArticleItem({ article }: { article: ArticleSummary }) {
  return (
    <li>
      <ItemLink href={`/articles/${article.id}`}>
        {article.heroImage ? <ArticleThumbnail picture={article.heroImage} /> : null}
        <ItemText>
          <ArticleMeta>
            <Badge>{articleCategoryLabels[article.category]}</Badge>
            <span>{japaneseDate(article.publishedAt)}</span>
            <span>約{article.readingMinutes}分</span>
            {article.hasQuiz ? <Badge $tone="accent">クイズ</Badge> : null}
            {article.saved ? <span>保存済み</span> : null}
          </ArticleMeta>
          <strong>{article.title}</strong>
          <span className="excerpt">{article.excerpt}</span>
        </ItemText>
      </ItemLink>
    </li>
  );
}
