import type { BloodPressure, ParsedInput } from '@sukoyaka/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { bloodPressures } from '../db/schema';
import { decodeCursor, keysetBefore, keysetPage } from '../platform/cursor';

type Row = typeof bloodPressures.$inferSelect;

const toBloodPressure = (row: Row): BloodPressure => ({
  id: row.id,
  measuredAt: row.measuredAt.toISOString(),
  systolic: row.systolic,
  diastolic: row.diastolic,
  pulse: row.pulse,
  createdAt: row.createdAt.toISOString(),
});

export async function saveBloodPressure(db: Executor, userId: string, input: ParsedInput<'saveBloodPressure'>): Promise<BloodPressure> {
  const [row] = await db
    .insert(bloodPressures)
    .values({
      userId,
      measuredAt: new Date(input.measuredAt),
      systolic: input.systolic,
      diastolic: input.diastolic,
      pulse: input.pulse ?? null,
    })
    .returning();
  return toBloodPressure(row!);
}

/** The list's two hot statements, prepared once per database (or transaction) they run on. */
const prepared = new WeakMap<Executor, ReturnType<typeof prepareList>>();

/** The list's query, without or after a cursor, its values as placeholders (userId, limit, afterAt, afterId). */
export function listBloodPressuresQuery(db: Executor, afterCursor: boolean) {
  const after = afterCursor
    ? keysetBefore(bloodPressures.measuredAt, bloodPressures.id, { at: sql.placeholder('afterAt'), id: sql.placeholder('afterId') })
    : undefined;
  return db
    .select()
    .from(bloodPressures)
    .where(and(eq(bloodPressures.userId, sql.placeholder('userId')), after))
    .orderBy(desc(bloodPressures.measuredAt), desc(bloodPressures.id))
    .limit(sql.placeholder('limit'));
}

function prepareList(db: Executor) {
  return {
    first: listBloodPressuresQuery(db, false).prepare('list_blood_pressures_first'),
    after: listBloodPressuresQuery(db, true).prepare('list_blood_pressures_after'),
  };
}

export async function listBloodPressures(db: Executor, userId: string, input: ParsedInput<'listBloodPressures'>) {
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  let statements = prepared.get(db);
  if (!statements) prepared.set(db, (statements = prepareList(db)));
  // One row more than the page tells whether there is a next one.
  const limit = input.limit + 1;
  const rows = after
    ? await statements.after.execute({ userId, limit, afterAt: after.at.toISOString(), afterId: after.id })
    : await statements.first.execute({ userId, limit });
  const page = keysetPage(rows, input.limit, (row) => ({ at: row.measuredAt, id: row.id }));
  return { items: page.rows.map(toBloodPressure), nextCursor: page.nextCursor };
}
