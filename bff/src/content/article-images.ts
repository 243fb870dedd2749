// Articles' hero images (issue 29, decision 0030): checked and re-encoded by platform/images.ts as
// gift pictures are, stored in the database and served under their content hash.
import { ARTICLE_IMAGE_PATH, ARTICLE_IMAGE_TYPE_MESSAGE, ARTICLE_IMAGE_WIDTHS, type StoredImage } from '@sukoyaka/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { articleImageFiles, articleImages } from '../db/schema';
import { processImage, STORED_IMAGE_TYPE, storedImagesRoute, type ProcessedImage } from '../platform/images';

export const processArticleImage = (bytes: Buffer): Promise<ProcessedImage> =>
  processImage(bytes, ARTICLE_IMAGE_WIDTHS, ARTICLE_IMAGE_TYPE_MESSAGE);

export const articleImageUrl = (hash: string) => `${ARTICLE_IMAGE_PATH}/${hash}.webp`;

/** Replaces the article's hero image and its files, in the caller's transaction. */
export async function storeArticleImage(db: Executor, articleId: string, alt: string, image: ProcessedImage, now: Date): Promise<void> {
  await db.delete(articleImages).where(eq(articleImages.articleId, articleId));
  await db.insert(articleImages).values({ articleId, alt, width: image.width, height: image.height, createdAt: now });
  await db.insert(articleImageFiles).values(
    image.files.map((file) => ({
      articleId,
      width: file.width,
      height: file.height,
      hash: file.hash,
      contentType: STORED_IMAGE_TYPE,
      content: file.content,
    })),
  );
}

/** Deletes the article's hero image and its files, in the caller's transaction; answers the hashes deleted (none: it had none). */
export async function removeArticleImage(db: Executor, articleId: string): Promise<string[]> {
  const files = await db
    .delete(articleImageFiles)
    .where(eq(articleImageFiles.articleId, articleId))
    .returning({ hash: articleImageFiles.hash });
  await db.delete(articleImages).where(eq(articleImages.articleId, articleId));
  return files.map((file) => file.hash);
}

/** The hero images of these articles (a page of them), by article id; an article without one is absent. */
export async function articleImagesOf(db: Executor, articleIds: readonly string[]): Promise<Map<string, StoredImage>> {
  const out = new Map<string, StoredImage>();
  if (articleIds.length === 0) return out;
  const ids = [...new Set(articleIds)];
  const [images, files] = await Promise.all([
    db.select().from(articleImages).where(inArray(articleImages.articleId, ids)),
    db
      .select({ articleId: articleImageFiles.articleId, width: articleImageFiles.width, hash: articleImageFiles.hash })
      .from(articleImageFiles)
      .where(inArray(articleImageFiles.articleId, ids))
      .orderBy(asc(articleImageFiles.width)),
  ]);
  for (const image of images) {
    out.set(image.articleId, {
      alt: image.alt,
      width: image.width,
      height: image.height,
      variants: files
        .filter((file) => file.articleId === image.articleId)
        .map((file) => ({ url: articleImageUrl(file.hash), width: file.width })),
    });
  }
  return out;
}

/**
 * GET /media/article-images/<sha-256>.webp — a stored hero image, to anyone: an article's picture
 * is no one's personal data, and its URL (a hash) reveals nothing of an unpublished article.
 */
export function articleImagesRoute(options: { db: Database }) {
  return storedImagesRoute(ARTICLE_IMAGE_PATH, async (hash) => {
    const [file] = await options.db
      .select({ contentType: articleImageFiles.contentType, content: articleImageFiles.content })
      .from(articleImageFiles)
      .where(eq(articleImageFiles.hash, hash))
      .limit(1);
    return file;
  });
}
