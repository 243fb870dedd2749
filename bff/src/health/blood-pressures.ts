import type { BloodPressure, ParsedInput } from '@sukoyaka/contract';
import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { bloodPressures } from '../db/schema';
import { HttpError } from '../platform/errors';
import { ErrorCodes } from '@sukoyaka/contract';

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

/** The keyset cursor is the last row's (measured_at, id), so pages stay stable while rows are added. */
function encodeCursor(row: Row): string {
  return Buffer.from(`${row.measuredAt.toISOString()}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { measuredAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const measuredAt = new Date(at ?? '');
  if (!id || Number.isNaN(measuredAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw new HttpError(400, ErrorCodes.invalidParameters, 'カーソルの形式が正しくありません', {
      cursor: ['カーソルの形式が正しくありません'],
    });
  }
  return { measuredAt, id };
}

export async function listBloodPressures(db: Executor, userId: string, input: ParsedInput<'listBloodPressures'>) {
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const rows = await db
    .select()
    .from(bloodPressures)
    .where(
      and(
        eq(bloodPressures.userId, userId),
        after
          ? or(
              lt(bloodPressures.measuredAt, after.measuredAt),
              and(eq(bloodPressures.measuredAt, after.measuredAt), lt(bloodPressures.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(bloodPressures.measuredAt), desc(bloodPressures.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  return { items: page.map(toBloodPressure), nextCursor: rows.length > input.limit && last ? encodeCursor(last) : null };
}
