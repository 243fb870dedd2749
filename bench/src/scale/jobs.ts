import { sql } from 'drizzle-orm';
import { DEFAULT_POOL, openDatabase, type Database } from '@sukoyaka/bff/src/db/client';
import { runContentNotifications } from '@sukoyaka/bff/src/content/notifications';
import { runExpiryNotices } from '@sukoyaka/bff/src/incentives/expiry-notices';
import { createProgram } from '@sukoyaka/bff/src/incentives/operator';
import { runEarning } from '@sukoyaka/bff/src/incentives/programs';
import { median, withBenchDatabase } from '../bench-database';

/*
 * Issue 28's rows for the background jobs, measured on PostgreSQL against an association of
 * `members` members seeded set-based (SQL generate_series): the history a pass must not read
 * (every member mailed about an earlier announcement, two settled activity events each, their
 * earnings), then what a pass has to do. `npm run bench -- scale` (issue 28, i28-scale) calls the
 * measure functions per row beside the same seed at 1 k; `jobsScaleBench` runs them on its own.
 */

const PUBLIC_URL = 'https://sukoyaka.example';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface JobsSeed {
  associationId: string;
  members: number;
  now: Date;
}

const japanDay = (at: Date) => new Date(at.getTime() + 9 * 3600_000).toISOString().slice(0, 10);

/** One association of `members` verified members with the jobs' history, set-based. */
export async function seedJobs(db: Database, members: number): Promise<JobsSeed> {
  const now = new Date();
  const joined = new Date(now.getTime() - 30 * DAY);
  const result = (await db.execute(sql`insert into associations (name) values ('ベンチ健康保険組合') returning id`)) as unknown as {
    rows: Array<{ id: string }>;
  };
  const associationId = result.rows[0]!.id;
  await db.execute(sql`
    insert into users (email, password_hash, nickname, association_id, association_verified_at, email_verified_at, created_at)
    select 'bench-' || g || '@example.jp', '-', '会員' || g, ${associationId}::uuid, ${joined.toISOString()}::timestamptz,
           ${joined.toISOString()}::timestamptz, ${joined.toISOString()}::timestamptz
    from generate_series(1, ${members}) as g`);
  await createProgram(db, {
    associationId,
    name: 'ベンチポイント',
    menus: [{ kind: 'vital_recorded', vitalType: 'weight', title: '体重を記録', points: 10, dailyLimit: 1 }],
  });
  // An announcement of last week, already mailed to everyone (its fan-out done).
  const published = new Date(now.getTime() - 7 * DAY);
  const item = (await db.execute(sql`
    insert into announcements (association_id, title, category, body, publish_from, published_at)
    values (${associationId}::uuid, '先週のお知らせ', 'info', '本文です。', ${published.toISOString()}::timestamptz, ${published.toISOString()}::timestamptz)
    returning id`)) as unknown as { rows: Array<{ id: string }> };
  const itemId = item.rows[0]!.id;
  await db.execute(sql`
    insert into notification_deliveries (user_id, kind, item_id, created_at)
    select id, 'announcement', ${itemId}, ${published.toISOString()}::timestamptz from users where association_id = ${associationId}::uuid`);
  await db.execute(sql`
    insert into notification_fanouts (kind, item_id, association_id, cutoff, recipients, created_at, done_at)
    values ('announcement', ${itemId}::uuid, ${associationId}::uuid, ${published.toISOString()}::timestamptz, ${members},
            ${published.toISOString()}::timestamptz, ${published.toISOString()}::timestamptz)`);
  // Two activity events per member, settled (earning_pending false) as a write leaves them.
  await db.execute(sql`
    insert into activity_events (user_id, kind, day, created_at, earning_pending)
    select u.id, 'vital_recorded:weight', (${japanDay(now)}::date - d), ${now.toISOString()}::timestamptz - d * interval '1 day', false
    from users u cross join generate_series(2, 3) as d
    where u.association_id = ${associationId}::uuid`);
  await db.execute(sql`analyze`);
  // The passes' watermarks and fan-outs as a running system has them.
  await runContentNotifications(db, now, PUBLIC_URL);
  await runExpiryNotices(db, now, PUBLIC_URL);
  await runEarning(db, now);
  return { associationId, members, now };
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** The notification passes (content and expiry notices) with nothing new: median ms of `runs`. */
export async function measureNotificationPassIdle(db: Database, seed: JobsSeed, runs = 7): Promise<number> {
  const times: number[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const at = new Date(seed.now.getTime() + run * 15 * MINUTE);
    times.push(
      await timed(async () => {
        await runContentNotifications(db, at, PUBLIC_URL);
        await runExpiryNotices(db, at, PUBLIC_URL);
      }),
    );
  }
  return median(times);
}

/** A new announcement to the whole association: seconds until every member's mail is enqueued, and how many. */
export async function measureAnnouncementFanout(db: Database, seed: JobsSeed): Promise<{ seconds: number; sent: number }> {
  const at = new Date(seed.now.getTime() + 2 * DAY);
  await db.execute(sql`
    insert into announcements (association_id, title, category, body, publish_from, published_at)
    values (${seed.associationId}::uuid, '新しいお知らせ', 'info', '本文です。', ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`);
  let sent = 0;
  const ms = await timed(async () => {
    sent = (await runContentNotifications(db, new Date(at.getTime() + MINUTE), PUBLIC_URL)).sent;
  });
  return { seconds: ms / 1000, sent };
}

/** The earning pass with nothing pending: median ms of `runs`. */
export async function measureEarningIdle(db: Database, seed: JobsSeed, runs = 7): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) times.push(await timed(() => runEarning(db, seed.now)));
  return median(times);
}

/** 1,000 new events of 1,000 members (an import no write settled): ms of the pass that earns them. */
export async function measureEarning1000(db: Database, seed: JobsSeed): Promise<{ ms: number; earned: number }> {
  await db.execute(sql`
    insert into activity_events (user_id, kind, day, created_at)
    select id, 'vital_recorded:weight', ${japanDay(seed.now)}::date, clock_timestamp()
    from users where association_id = ${seed.associationId}::uuid order by id limit 1000`);
  let earned = 0;
  const ms = await timed(async () => {
    earned = (await runEarning(db, new Date())).earned;
  });
  return { ms, earned };
}

/** Seeds `members` on a database of its own and prints the rows (`tsx bench/src/scale/jobs.ts [members]`). */
export async function jobsScaleBench(members: number): Promise<string[]> {
  return withBenchDatabase('jobs', async (databaseUrl) => {
    // The seed's statements run for minutes at a million members: no statement timeout here.
    const handle = await openDatabase({ databaseUrl, dataDir: 'memory://', pool: { ...DEFAULT_POOL, statementTimeoutMs: 0 } });
    try {
      const seeding = performance.now();
      const seed = await seedJobs(handle.db, members);
      const lines = [`seeded ${members.toLocaleString('en')} members in ${((performance.now() - seeding) / 1000).toFixed(1)} s`];
      lines.push(
        `notification pass, nothing to send: ${(await measureNotificationPassIdle(handle.db, seed)).toFixed(1)} ms (goal ≤ 50 ms)`,
      );
      lines.push(`earning pass, nothing pending: ${(await measureEarningIdle(handle.db, seed)).toFixed(1)} ms (goal ≤ 50 ms)`);
      const earning = await measureEarning1000(handle.db, seed);
      lines.push(`earning, 1,000 new events: ${earning.ms.toFixed(0)} ms, ${earning.earned} earned (goal ≤ 1,000 ms)`);
      const fanout = await measureAnnouncementFanout(handle.db, seed);
      lines.push(
        `a new announcement to every member: ${fanout.sent.toLocaleString('en')} mails enqueued in ${fanout.seconds.toFixed(1)} s (goal ≤ 600 s)`,
      );
      for (const line of lines) console.log(line);
      return lines;
    } finally {
      await handle.close();
    }
  });
}

if (process.argv[1]?.endsWith('scale/jobs.ts')) {
  jobsScaleBench(Number(process.argv[2] ?? 1000)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
