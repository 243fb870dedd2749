import { sql } from 'drizzle-orm';
import { uuid } from 'drizzle-orm/pg-core';

/**
 * `id`: a uuid the database generates, version 7 (time first: `uuid_v7()`, migration 0040), so a
 * new row's key lands at the right edge of its index rather than on a random page of it
 * (docs/decisions/0041-time-ordered-row-ids.md). Its own module: platform.ts uses it too, and
 * columns.ts imports platform.ts.
 */
export const generatedId = () =>
  uuid('id')
    .primaryKey()
    .default(sql`uuid_v7()`);
