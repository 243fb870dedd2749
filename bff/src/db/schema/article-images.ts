import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { articles } from './articles';
import { bytea, createdAt } from './columns';

// Articles' hero images (bff/src/content/article-images.ts, decision 0030), stored as gift
// pictures are (decision 0016): one row per article, and its re-encoded files one per width.

export const articleImages = pgTable(
  'article_images',
  {
    articleId: uuid('article_id')
      .primaryKey()
      .references(() => articles.id, { onDelete: 'cascade' }),
    alt: text('alt').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (table) => [check('article_images_size_ck', sql`${table.width} > 0 and ${table.height} > 0`)],
);

/** The files of an article's hero image, one per width, found by the SHA-256 of their bytes (their URL). */
export const articleImageFiles = pgTable(
  'article_image_files',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => articleImages.articleId, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Hex SHA-256 of `content`. */
    hash: text('hash').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (table) => [primaryKey({ columns: [table.articleId, table.width] }), index('article_image_files_hash_idx').on(table.hash)],
);
