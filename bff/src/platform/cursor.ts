// The keyset cursor of every list in every area: a page ends at its last row's (timestamp, id),
// and the next page is the rows strictly before it in the list's order (newest first).
import { ErrorCodes, isCanonicalUuid } from '@sukoyaka/contract';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { HttpError } from './errors';

/** Where a page ended: the last row's timestamp and id. */
export interface CursorPosition {
  at: Date;
  id: string;
}

const MESSAGE = 'カーソルの形式が正しくありません';
const SEPARATOR = '|';
/** Canonical `Date#toISOString()` output with a four-digit year: no ±yyyyyy years, no offsets. */
const ISO_INSTANT = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export const invalidCursor = () => new HttpError(400, ErrorCodes.invalidParameters, MESSAGE, { cursor: [MESSAGE] });

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(`${position.at.toISOString()}${SEPARATOR}${position.id}`, 'utf8').toString('base64url');
}

/**
 * The position a cursor names, validated to what the database can compare: anything else (not
 * base64url, a missing or extra part, a time JavaScript accepts but PostgreSQL cannot store such as
 * year +275760 or 0000, an id that is not a UUID) is a 400 naming `cursor`, never a failed query.
 */
export function decodeCursor(cursor: string): CursorPosition {
  // Node's base64url decoder skips what it cannot read: only a cursor that encodes back to itself
  // is one this server wrote.
  const bytes = Buffer.from(cursor, 'base64url');
  if (cursor.length === 0 || bytes.toString('base64url') !== cursor) throw invalidCursor();
  const parts = bytes.toString('utf8').split(SEPARATOR);
  if (parts.length !== 2) throw invalidCursor();
  const [text, id] = parts as [string, string];
  const year = ISO_INSTANT.exec(text)?.[1];
  const at = new Date(text);
  // Year 0000 is valid ISO 8601 but not a PostgreSQL year; the round trip refuses 02-30 and the like.
  if (!year || Number(year) < 1 || Number.isNaN(at.getTime()) || at.toISOString() !== text) throw invalidCursor();
  // As PostgreSQL prints it (any version: ids come from the database).
  if (!isCanonicalUuid(id)) throw invalidCursor();
  return { at, id };
}

/**
 * Rows strictly after the position in newest-first order, as one row comparison: with an index on
 * (owner, at DESC, id DESC) it is a single index range, however deep the page (an OR of the two
 * conditions is not, and is filtered row by row). `after` is a decoded position or placeholders of
 * a prepared statement (bind the time as an ISO string).
 */
export function keysetBefore(at: AnyPgColumn, id: AnyPgColumn, after: CursorPosition | { at: Placeholder; id: Placeholder }): SQL {
  const time = after.at instanceof Date ? after.at.toISOString() : after.at;
  return sql`(${at}, ${id}) < (${time}::timestamptz, ${after.id}::uuid)`;
}

/**
 * Cuts a page from rows fetched with `limit + 1`: the extra row only tells that a next page
 * exists, and the cursor names the page's last row.
 */
export function keysetPage<Row>(
  rows: Row[],
  limit: number,
  position: (row: Row) => CursorPosition,
): { rows: Row[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const page = rows.slice(0, limit);
  return { rows: page, nextCursor: encodeCursor(position(page[page.length - 1]!)) };
}
