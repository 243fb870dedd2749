import { z } from 'zod/mini';
import { cursor, pageSize } from '../fields';

/*
 * The My Number Portal connection (spec §2 /myna_connection/*, §7 the Myna calls; issue 12): what
 * every part of the area's schemas shares: the fields of its lists. Its error codes and their
 * messages are in the zod-free ../myna-terms (the pages name them without the schemas).
 */

/** A record's id in the lists and the detail call (a UUID). */
export const mynaRecordId = (label: string) => z.uuid({ error: `${label}の形式が正しくありません` });

/** A keyset-paginated list's input (spec: lists are paginated by the one cursor helper). */
export const mynaPageInput = { cursor: z.optional(cursor), limit: pageSize(20, 100) };

/** A calendar year of records (Japan time), e.g. the bills of 2025. */
export const mynaYear = z.coerce
  .number<number>({ error: '年は数値で指定してください' })
  .check(
    z.int('年は整数で指定してください'),
    z.gte(2000, '年は2000〜2099の範囲で指定してください'),
    z.lte(2099, '年は2000〜2099の範囲で指定してください'),
  );

/** A month in Japan time, yyyy-MM. */
export const mynaMonth = z
  .string({ error: '月の形式が正しくありません' })
  .check(z.regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])$/, '月の形式が正しくありません'));
