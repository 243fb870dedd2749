// The counters behind the operators' health figures (issue 28, decision 0022): the statement
// triggers of migration 0029 insert deltas; the figures job folds them into
// health_activity_figures; healthFigures reads both for one association and period.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { rowsOf, type Database, type Executor } from '../db/client';
import { healthActivityDeltas, healthActivityFigures } from '../db/schema';
import { registerIntervalJob } from '../platform/jobs';
import { BACKLOG_COUNT_CAP } from '../platform/ops/metrics';

/** The highest gap kept apart: a window of up to this many days less one is counted exactly. */
export const GAP_CAP = 31;

export const HEALTH_FIGURES_JOB = 'health-figures';

/** How many deltas one fold moves: one bounded statement, whatever the backlog. */
const FOLD_BATCH = 50_000;

/**
 * Moves the oldest deltas into the figures, `batch` at a time, until none are left; the number
 * moved. Deltas of an association that is gone are dropped (their figures went with it). Safe
 * beside the triggers (a delta not yet committed stays for the next fold) and beside another fold
 * (a delta is deleted once); the job's lease keeps it to one instance anyway.
 */
export async function foldHealthFigures(db: Executor, batch = FOLD_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const [row] = rowsOf<{ moved: number }>(
      await db.execute(sql`
        with moved as (
          delete from ${healthActivityDeltas}
          where ${healthActivityDeltas.id} in (select id from ${healthActivityDeltas} order by id limit ${batch})
          returning association_id, day, gap, members, records
        ), added as (
          insert into ${healthActivityFigures} (association_id, day, gap, members, records)
          select m.association_id, m.day, m.gap, sum(m.members)::int, sum(m.records)::int
          from moved m where exists (select 1 from associations a where a.id = m.association_id)
          group by 1, 2, 3
          on conflict (association_id, day, gap) do update
            set members = ${healthActivityFigures.members} + excluded.members, records = ${healthActivityFigures.records} + excluded.records
          returning 1
        )
        select (select count(*) from moved)::int as moved, (select count(*) from added)::int as added`),
    );
    const moved = Number(row?.moved ?? 0);
    total += moved;
    if (moved < batch) return total;
  }
}

/** The deltas waiting for the fold (counted up to the cap) and the oldest's time, for /metrics. */
async function waitingDeltas(db: Executor): Promise<{ backlog: number; oldestAt: Date | null }> {
  const [row] = rowsOf<{ backlog: number; oldest: string | Date | null }>(
    await db.execute(sql`
      select (select count(*) from (select 1 from ${healthActivityDeltas} limit ${BACKLOG_COUNT_CAP}) waiting)::int as backlog,
             (select created_at from ${healthActivityDeltas} order by id limit 1) as oldest`),
  );
  return { backlog: Number(row?.backlog ?? 0), oldestAt: row?.oldest ? new Date(row.oldest) : null };
}

/** The fold on a schedule (`HEALTH_FIGURES_EVERY_SECONDS`), one instance a pass. */
export function registerHealthFiguresJob(app: FastifyInstance, deps: { config: Config; db: Database; now: () => Date }): void {
  registerIntervalJob(app, {
    name: HEALTH_FIGURES_JOB,
    everyMs: deps.config.healthFigures.everyMs,
    db: deps.db,
    now: deps.now,
    lag: () => waitingDeltas(deps.db),
    pass: () => foldHealthFigures(deps.db),
  });
}

export interface DayCounters {
  /** Records (readings) of the day. */
  records: number;
  /** members[g]: the members active that day whose previous active day was g days before (31: a month or more, or none). */
  members: number[];
}

/**
 * The counters of one association for the days [from, to] (yyyy-MM-dd), folded and not: a few
 * rows a day, read on the two tables' (association, day) ranges.
 */
export async function dayCounters(db: Executor, associationId: string, from: string, to: string): Promise<Map<string, DayCounters>> {
  const rows = rowsOf<{ day: string; gap: number; members: number; records: number }>(
    await db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, gap, sum(members)::int as members, sum(records)::int as records from (
        select day, gap, members, records from ${healthActivityFigures}
        where association_id = ${associationId} and day >= ${from}::date and day <= ${to}::date
        union all
        select day, gap, members, records from ${healthActivityDeltas}
        where association_id = ${associationId} and day >= ${from}::date and day <= ${to}::date
      ) counters group by day, gap`),
  );
  const days = new Map<string, DayCounters>();
  for (const row of rows) {
    let counters = days.get(row.day);
    if (!counters) days.set(row.day, (counters = { records: 0, members: new Array<number>(GAP_CAP + 1).fill(0) }));
    counters.records += Number(row.records);
    counters.members[Number(row.gap)]! += Number(row.members);
  }
  return days;
}
