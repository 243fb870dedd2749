// The services every timed vital shares (blood sugar, blood pressure, weight, temperature, sleep): save,
// list a period newest first, correct, delete, the latest, and the native apps' idempotent insert.
// Each type declares its table, its columns and its answer once (readingService below).
import {
  isUuid,
  VITAL_NOT_EDITABLE_MESSAGE,
  VITAL_NOT_FOUND_MESSAGE,
  VitalErrorCodes,
  japanDay,
  periodMoments,
  type VitalSource,
  type VitalType,
} from '@sukoyaka/contract';
import { and, desc, eq, getTableColumns, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { preparedPerDatabase } from '../db/prepared-statements';
import type { bloodPressures, bloodSugars, bodyTemperatures, sleeps, weights } from '../db/schema';
import { recordActivities, recordActivity, settleActivities, vitalRecordedKind } from '../platform/activity-events';
import { decodeCursor, keysetBefore, keysetPage } from '../platform/cursor';
import { HttpError, notFound } from '../platform/errors';

export type ReadingTable = typeof bloodPressures | typeof bloodSugars | typeof weights | typeof bodyTemperatures | typeof sleeps;

export const notEditable = () => new HttpError(409, VitalErrorCodes.readingNotEditable, VITAL_NOT_EDITABLE_MESSAGE);
export const readingNotFound = () => notFound(VITAL_NOT_FOUND_MESSAGE);

/**
 * A reading as its answer reads it: every column but the owner, the native app's record id and
 * the time of the last correction, which no answer shows. A list selects only these (issue 28: a
 * list call's bytes and timestamps read).
 */
export type AnsweredRow<T extends ReadingTable> = Omit<T['$inferSelect'], 'userId' | 'clientRecordId' | 'updatedAt'>;

/** What a list receives after validation (periodQuery). */
export interface PeriodInput {
  from?: string | undefined;
  to?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

/**
 * The service of one timed vital. `Values` is what the member enters (the table's own columns);
 * `toReading` turns a row into the contract's answer.
 */
export function readingService<T extends ReadingTable, Values extends Record<string, unknown>, Reading>(spec: {
  type: VitalType;
  table: T;
  /** The prepared statements' name prefix, e.g. `blood_sugars`. */
  name: string;
  toReading: (row: AnsweredRow<T>) => Reading;
}) {
  const { table, type } = spec;
  // Drizzle's builders do not accept a union of tables: each statement is written for `any` table
  // of the union, the values typed by the caller.
  const t = table as typeof bloodSugars;
  const kind = vitalRecordedKind(type);
  const { userId: _userId, clientRecordId: _clientRecordId, updatedAt: _updatedAt, ...answered } = getTableColumns(t);

  async function insert(tx: Executor, userId: string, values: Values & { measuredAt: Date }, source: VitalSource, now: Date) {
    const [row] = await tx
      .insert(t)
      .values({ ...(values as Record<string, unknown>), userId, source } as never)
      .returning();
    if (await recordActivity(tx, userId, kind, japanDay(values.measuredAt))) await settleActivities(tx, userId, now);
    return row as T['$inferSelect'];
  }

  /** A hand-entered reading, with its activity event and what it earns, in one transaction. */
  async function save(db: Executor, userId: string, values: Values & { measuredAt: Date }, now: Date): Promise<Reading> {
    const row = await db.transaction((tx) => insert(tx, userId, values, 'manual', now));
    return spec.toReading(row);
  }

  /**
   * The native apps' insert, for many readings at once: one statement stores those not yet stored
   * under (member, source, clientRecordId) and one reads the ids of the rest (`duplicate`, nothing
   * written). A record id twice in the batch is one reading: the first one sent. The caller
   * settles what the batch's new events earn (ingest.ts), once for the batch.
   */
  async function ingestMany(
    tx: Executor,
    userId: string,
    entries: Array<{ values: Values & { measuredAt: Date }; clientRecordId: string }>,
    source: VitalSource,
  ): Promise<Map<string, { status: 'stored' | 'duplicate'; id: string }>> {
    const results = new Map<string, { status: 'stored' | 'duplicate'; id: string }>();
    const firstSent = new Map<string, (typeof entries)[number]>();
    for (const entry of entries) if (!firstSent.has(entry.clientRecordId)) firstSent.set(entry.clientRecordId, entry);
    const unique = [...firstSent.values()];
    if (unique.length === 0) return results;
    const stored = await tx
      .insert(t)
      .values(
        unique.map(
          (entry) => ({ ...(entry.values as Record<string, unknown>), userId, source, clientRecordId: entry.clientRecordId }) as never,
        ),
      )
      .onConflictDoNothing({ target: [t.userId, t.source, t.clientRecordId] })
      .returning({ id: t.id, clientRecordId: t.clientRecordId, measuredAt: t.measuredAt });
    for (const row of stored) results.set(row.clientRecordId!, { status: 'stored', id: row.id });
    await recordActivities(
      tx,
      stored.map((row) => ({ userId, kind, day: japanDay(row.measuredAt) })),
    );
    const missing = unique.map((entry) => entry.clientRecordId).filter((id) => !results.has(id));
    if (missing.length > 0) {
      const existing = await tx
        .select({ id: t.id, clientRecordId: t.clientRecordId })
        .from(t)
        .where(and(eq(t.userId, userId), eq(t.source, source), inArray(t.clientRecordId, missing)));
      for (const row of existing) results.set(row.clientRecordId!, { status: 'duplicate', id: row.id });
    }
    return results;
  }

  /** The list's statement: without or after a cursor, with or without a period (its bounds in the index condition). */
  function listQuery(db: Executor, afterCursor: boolean, period: boolean) {
    const after = afterCursor
      ? keysetBefore(t.measuredAt, t.id, { at: sql.placeholder('afterAt'), id: sql.placeholder('afterId') })
      : undefined;
    const bounds = period
      ? [gte(t.measuredAt, sql`${sql.placeholder('from')}::timestamptz`), lt(t.measuredAt, sql`${sql.placeholder('until')}::timestamptz`)]
      : [];
    return db
      .select(answered)
      .from(t)
      .where(and(eq(t.userId, sql.placeholder('userId')), ...bounds, after))
      .orderBy(desc(t.measuredAt), desc(t.id))
      .limit(sql.placeholder('limit'));
  }

  /** The list's four shapes, each prepared once per database. */
  const shape = (afterCursor: boolean, period: boolean) => {
    const key = `${afterCursor ? 'after' : 'first'}${period ? '_period' : ''}`;
    return preparedPerDatabase((db: Executor) => listQuery(db, afterCursor, period).prepare(`list_${spec.name}_${key}`));
  };
  const shapes = { first: shape(false, false), firstPeriod: shape(false, true), after: shape(true, false), afterPeriod: shape(true, true) };
  const statement = (db: Executor, afterCursor: boolean, period: boolean) =>
    (afterCursor ? (period ? shapes.afterPeriod : shapes.after) : period ? shapes.firstPeriod : shapes.first)(db);

  async function list(db: Executor, userId: string, input: PeriodInput) {
    const after = input.cursor ? decodeCursor(input.cursor) : null;
    const { from, until } = periodMoments(input);
    const period = from !== null || until !== null;
    // One row more than the page tells whether there is a next one.
    const rows = await statement(db, after !== null, period).execute({
      userId,
      limit: input.limit + 1,
      ...(after ? { afterAt: after.at.toISOString(), afterId: after.id } : {}),
      // An open end is the widest period a timestamp column holds, so one statement serves both.
      ...(period
        ? {
            from: (from ?? new Date('1900-01-01T00:00:00Z')).toISOString(),
            until: (until ?? new Date('2100-01-01T00:00:00Z')).toISOString(),
          }
        : {}),
    });
    const page = keysetPage(rows as unknown as AnsweredRow<T>[], input.limit, (row) => ({ at: row.measuredAt, id: row.id }));
    return { items: page.rows.map(spec.toReading), nextCursor: page.nextCursor };
  }

  /** The member's own row by id, locked for the change; another member's id is not found. */
  async function ownManualRow(tx: Executor, userId: string, id: string) {
    if (!isUuid(id)) throw readingNotFound();
    const [row] = await tx
      .select({ id: t.id, source: t.source })
      .from(t)
      .where(and(eq(t.id, id), eq(t.userId, userId)))
      .for('update');
    if (!row) throw readingNotFound();
    if (row.source !== 'manual') throw notEditable();
  }

  async function update(db: Executor, userId: string, id: string, values: Values & { measuredAt: Date }, now: Date): Promise<Reading> {
    const row = await db.transaction(async (tx) => {
      await ownManualRow(tx, userId, id);
      const [updated] = await tx
        .update(t)
        .set({ ...(values as Record<string, unknown>), updatedAt: now } as never)
        .where(and(eq(t.id, id), eq(t.userId, userId)))
        .returning();
      return updated as T['$inferSelect'];
    });
    return spec.toReading(row);
  }

  async function remove(db: Executor, userId: string, id: string): Promise<{ id: string }> {
    await db.transaction(async (tx) => {
      await ownManualRow(tx, userId, id);
      await tx.delete(t).where(and(eq(t.id, id), eq(t.userId, userId)));
    });
    return { id };
  }

  async function latest(db: Executor, userId: string): Promise<Reading | null> {
    const [row] = await db.select(answered).from(t).where(eq(t.userId, userId)).orderBy(desc(t.measuredAt), desc(t.id)).limit(1);
    return row ? spec.toReading(row as unknown as AnsweredRow<T>) : null;
  }

  return { save, ingestMany, list, listQuery, update, remove, latest };
}
