import { parseArticleBody } from '@sukoyaka/contract/content';
import { ArticleBlocks } from '@sukoyaka/shared/widgets';

/**
 * An article's body (decision 0030): the contract's parse of its Markdown subset, drawn by the
 * shared rendering mf-admin's preview uses too (mf-shared's ArticleBlocks).
 */
export function ArticleBody({ body }: { body: string }) {
  return <ArticleBlocks blocks={parseArticleBody(body)} />;
}
