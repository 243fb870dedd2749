import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { openDatabase } from '@sukoyaka/bff/src/db/client';
import { hashPassword } from '@sukoyaka/bff/src/lib/password';
import { MIGRATIONS_FOLDER } from '@sukoyaka/bff/src/paths';
import { BENCH_SERVER_URL } from '../bench-database';

/*
 * Issue 28's seed: one association of `members` + 9 members (1,000,009 at full size) with the
 * shape the issue measured (per member: a session, 5 blood pressures, 2 activity events and their
 * earning marks, 2 earn transfers with 4 entries, a point lot, 5 notification deliveries), and a
 * one-member association beside it (the operator's figures of a small association on a big
 * server). Set based: every table is one INSERT … SELECT over generate_series, no row-by-row
 * round trips. The schema comes from the bff's migrations (openDatabase applies them).
 *
 * The database is kept (`sukoyaka_scale_<members>`) and reused while its seed is complete and
 * was made under the same number of migrations; SCALE_FRESH=1 drops it and seeds again.
 */

export const PROBE_PASSWORD = 'scale-bench-probe-1';
/**
 * What the seed writes, as a number: a seed of another shape is made again, as one made under
 * other migrations is. 2: the operators' roll-up health_activity_days is written too. 3: and its
 * counters, health_activity_figures (migration 0029). 4: the activity events settled, as their
 * earning marks say (they were left pending, and the first earning pass settled two million).
 * 5: a walking event of every member in teams of ten (issue 29), its totals and rank histograms.
 * 6: the announcements' fan-outs, done, as the content job leaves an announcement it has sent
 * (without them the first notification pass walked the million members once per announcement,
 * finding each mail delivered: 3 minutes, timed as the idle pass).
 */
const SEED_SHAPE = 6;
/** Coin grants of the probe member (member 1 of each association): a history with a deep page. */
export const PROBE_GRANTS = 1_000;
/** Notification deliveries per member: one per announcement already sent. */
const ANNOUNCEMENTS = 5;

export interface ScaleSeed {
  databaseUrl: string;
  /** Members of the large association (members + 9). */
  members: number;
  associationId: string;
  /** The one-member association. */
  smallAssociationId: string;
  programId: string;
  /** The walking event of every member of the large association (issue 29). */
  walkingEventId: string;
  probe: { userId: string; email: string; password: string };
  /** Members 2… of the large association: ids in seed order, for the writes the rows measure. */
  memberId: (ordinal: number) => string;
  seededSeconds: number;
  reused: boolean;
}

// Deterministic, random-looking ids (as gen_random_uuid spreads them through the indexes), so
// every table is generated from the member's ordinal without a join back to users.
const idSql = (prefix: string, tag: string, ordinal: string, suffix = "''") =>
  `md5('${prefix}:${tag}:' || ${ordinal} || ':' || ${suffix})::uuid`;

/** The same id computed here (PostgreSQL reads the 32 hex digits of the md5 as a uuid). */
export function idOf(prefix: string, tag: string, ordinal: number | string, suffix = ''): string {
  const hex = createHash('md5').update(`${prefix}:${tag}:${ordinal}:${suffix}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function migrationCount(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

function urlOf(name: string): string {
  const url = new URL(BENCH_SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The seed's record, if the database exists and holds a complete seed. */
async function seedRecord(name: string): Promise<{ migrations: number; shape: number; seconds: number } | null> {
  const exists = await withClient(BENCH_SERVER_URL, (admin) => admin.query('select 1 from pg_database where datname = $1', [name]));
  if (exists.rowCount === 0) return null;
  return withClient(urlOf(name), async (client) => {
    const table = await client.query(`select to_regclass('public.bench_scale_seed') as t`);
    if (!table.rows[0].t) return null;
    // Seeds before the shape was recorded have no such column: shape 1.
    const rows = await client.query<{ migrations: number; shape?: number; seconds: string }>('select * from bench_scale_seed');
    const row = rows.rows[0];
    return row ? { migrations: row.migrations, shape: row.shape ?? 1, seconds: Number(row.seconds) } : null;
  });
}

async function timedStep(client: Client, label: string, statement: string): Promise<void> {
  const started = performance.now();
  const result = await client.query(statement);
  console.log(`  ${label}: ${(result.rowCount ?? 0).toLocaleString('en')} rows, ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** One association's members and their data, `tag` naming its ids. */
async function seedAssociation(client: Client, tag: string, name: string, members: number, probeHash: string): Promise<void> {
  // One moment for every statement, so a seed that runs across midnight stays consistent.
  const firstEventDay = new Date(Date.now() - 330 * 86_400_000).toISOString().slice(0, 10);
  const association = idSql('a', tag, "''");
  const program = idSql('p', tag, "''");
  const menu = idSql('m', tag, "''");
  const user = (g = 'g') => idSql('u', tag, g);
  const series = `generate_series(1, ${members}) as g`;
  // Events on days spread over the last 300 days before the seed; readings over the last year.
  const eventAt = (g = 'g') => `(timestamptz '${firstEventDay}' + (${g} % 300) * interval '1 day' + interval '12 hours')`;
  await client.query(`insert into associations (id, name, created_at) values (${association}, '${name}', '2024-01-01')`);
  await client.query(
    `insert into point_programs (id, association_id, name, created_at) values (${program}, ${association}, 'すこやかポイント', '2024-01-01')`,
  );
  await client.query(`insert into point_menus (id, program_id, kind, event_kind, title, points, daily_limit, created_at)
    values (${menu}, ${program}, 'vital_recorded', 'vital_recorded:weight', '体重の記録', 50, 1, '2024-01-01')`);
  await client.query(
    `insert into ledger_accounts (key, kind, program_id) values ('point:' || ${program} || ':issuing', 'issuing', ${program})`,
  );
  console.log(`${name}: ${members.toLocaleString('en')} members`);
  await timedStep(
    client,
    'users',
    `insert into users (id, email, password_hash, nickname, association_id, association_verified_at, email_verified_at, onboarded_at, created_at)
     select ${user()}, 'scale-${tag}-' || g || '@bench.example', case when g = 1 then '${probeHash}' else '-' end, 'メンバー' || g,
            ${association}, '2024-01-01', '2024-01-01', '2024-01-01', '2024-01-01'
     from ${series}`,
  );
  // A walking event of every member (issue 29), running today: teams of ten, totals spread over
  // 0–300,000 steps, the histograms the writes keep, and a week of days for the probe.
  const walkingEvent = idSql('we', tag, "''");
  const team = (ordinal: string) => idSql('wt', tag, ordinal);
  const teams = Math.ceil(members / 10);
  const day = (offset: number) => new Date(Date.now() + 9 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
  await client.query(`insert into walking_events (id, association_id, program_id, title, starts_on, ends_on, grace_days, mode, team_size,
      daily_limit, finish_steps, finish_points, rank_rewards, team_rank_rewards, participants, teams, created_at)
    values (${walkingEvent}, ${association}, ${program}, 'スケールウォーキング', '${day(-10)}', '${day(10)}', 3, 'both', 10, 50000, 200000, 100,
      '[{"upToRank":10,"points":500}]', '[{"upToRank":3,"points":300}]', ${members}, ${teams}, '2024-01-01')`);
  await timedStep(
    client,
    'walking teams',
    `insert into walking_teams (id, event_id, name, invite_code, total, members, created_at)
     select ${team('k')}, ${walkingEvent}, 'チーム' || k, substr(md5('wi:${tag}:' || k), 1, 12), 0, least(10, ${members} - (k - 1) * 10), '2024-01-01'
     from generate_series(1, ${teams}) as k`,
  );
  await timedStep(
    client,
    'walking participants',
    `insert into walking_participants (id, event_id, user_id, team_id, total, joined_at)
     select ${idSql('wp', tag, 'g')}, ${walkingEvent}, ${user()}, ${team('((g - 1) / 10 + 1)')}, (g::bigint * 7919) % 300001, '2024-01-01'
     from ${series}`,
  );
  await client.query(`update walking_teams t set total = s.total from (
      select team_id, sum(total) as total from walking_participants where event_id = ${walkingEvent} group by team_id) s
    where t.id = s.team_id`);
  await client.query(`insert into walking_buckets (event_id, board, bucket, count)
    select ${walkingEvent}, 'members', (total / 1000)::int, count(*)::int from walking_participants where event_id = ${walkingEvent} group by 3
    union all
    select ${walkingEvent}, 'teams', (total / 1000)::int, count(*)::int from walking_teams where event_id = ${walkingEvent} group by 3`);
  await client.query(`insert into walking_days (participant_id, event_id, day, steps, status, counted)
    select ${idSql('wp', tag, "'1'")}, ${walkingEvent}, date '${day(-7)}' + k, 8000 + k, 'counted', 8000 + k from generate_series(0, 6) as k`);
  await timedStep(
    client,
    'sessions',
    `insert into sessions (token_hash, user_id, authenticity_token, created_at, last_seen_at, expires_at)
     select md5('s:${tag}:' || g), ${user()}, md5('t:${tag}:' || g), now(), now(), now() + interval '30 days' from ${series}`,
  );
  await timedStep(
    client,
    'blood pressures',
    `insert into blood_pressures (user_id, measured_at, systolic, diastolic, pulse, created_at, updated_at)
     select ${user()}, now() - ((g + j * 73) % 365) * interval '1 day' - (g % 1440) * interval '1 minute',
            100 + (g + j) % 60, 60 + (g + j) % 30, 60 + g % 40, now(), now()
     from ${series} cross join generate_series(1, 5) as j`,
  );
  // The operators' roll-up (migration 0025), which the triggers keep but the seed writes with them
  // off: a row a member and Japan day they recorded on, counting their readings.
  await timedStep(
    client,
    'health activity days',
    `insert into health_activity_days (association_id, day, user_id, records)
     select ${association}, (measured_at at time zone 'Asia/Tokyo')::date, user_id, count(*)::int from blood_pressures
     where user_id in (select id from users where association_id = ${association}) group by 2, 3`,
  );
  const event = (j: number) => idSql('e', tag, 'g', `'${j}'`);
  await timedStep(
    client,
    'activity events',
    // Settled (their marks are below): nothing waits for the earning job.
    `insert into activity_events (id, user_id, kind, day, created_at, earning_pending)
     select ${idSql('e', tag, 'g', 'j')}, ${user()}, case j when 1 then 'vital_recorded:blood_pressure' else 'vital_recorded:weight' end,
            (${eventAt()} at time zone 'Asia/Tokyo')::date, ${eventAt()}, false
     from ${series} cross join generate_series(1, 2) as j`,
  );
  const coinAccount = idSql('ac', tag, 'g');
  const pointAccount = idSql('ap', tag, 'g');
  await timedStep(
    client,
    'ledger accounts',
    `insert into ledger_accounts (id, key, kind, user_id, program_id, balance)
     select ${coinAccount}, 'coin:member:' || ${user()}, 'member', ${user()}, null, 10 + case when g = 1 then ${PROBE_GRANTS} else 0 end from ${series}
     union all
     select ${pointAccount}, 'point:' || ${program} || ':member:' || ${user()}, 'member', ${user()}, ${program}, 50 from ${series}`,
  );
  // An earned coin (the blood pressure, by the coin rule) and earned points (the weight, by the
  // program's menu) per member, each with its two entries, its mark and (points) its lot.
  await timedStep(
    client,
    'transfers',
    `insert into ledger_transfers (id, debit_account_id, credit_account_id, amount, kind, user_id, program_id, description, reference, idempotency_key, created_at)
     select ${idSql('t', tag, 'g', "'1'")}, (select id from ledger_accounts where key = 'coin:issuing'), ${coinAccount}, 10, 'earn', ${user()}, null,
            '血圧の記録', 'menu:' || (select id from point_menus where program_id is null limit 1), 'earn:' || ${event(1)} || ':coin', ${eventAt()}
     from ${series}
     union all
     select ${idSql('t', tag, 'g', "'2'")}, (select id from ledger_accounts where key = 'point:' || ${program} || ':issuing'), ${pointAccount}, 50, 'earn',
            ${user()}, ${program}, '体重の記録', 'menu:' || ${menu}, 'earn:' || ${event(2)} || ':' || ${program}, ${eventAt()}
     from ${series}`,
  );
  await timedStep(
    client,
    'probe grants',
    `insert into ledger_transfers (id, debit_account_id, credit_account_id, amount, kind, user_id, program_id, description, idempotency_key, created_at)
     select ${idSql('tg', tag, 'k')}, (select id from ledger_accounts where key = 'coin:adjustment'), ${idSql('ac', tag, '1')}, 1, 'grant', ${user('1')}, null,
            '付与', 'scale-grant:${tag}:' || k, timestamptz '2025-01-01' + k * interval '1 hour'
     from generate_series(1, ${PROBE_GRANTS}) as k`,
  );
  await timedStep(
    client,
    'entries',
    `insert into ledger_entries (transfer_id, account_id, amount)
     select t.id, a.account_id, a.amount from ledger_transfers t
     cross join lateral (values (t.debit_account_id, -t.amount), (t.credit_account_id, t.amount)) as a(account_id, amount)
     where t.user_id in (select id from users where association_id = ${association})`,
  );
  await timedStep(
    client,
    'point lots',
    `insert into point_lots (account_id, grant_transfer_id, amount, remaining, expires_at, created_at)
     select ${pointAccount}, ${idSql('t', tag, 'g', "'2'")}, 50, 50, ${eventAt()} + interval '36 months', ${eventAt()} from ${series}`,
  );
  await timedStep(
    client,
    'earning marks',
    `insert into earning_marks (event_id, currency, user_id, menu_id, day, outcome, transfer_id, points, created_at)
     select ${event(1)}, 'coin', ${user()}, (select id from point_menus where program_id is null limit 1), (${eventAt()} at time zone 'Asia/Tokyo')::date,
            'earned', ${idSql('t', tag, 'g', "'1'")}, 10, ${eventAt()} from ${series}
     union all
     select ${event(2)}, ${program}::text, ${user()}, ${menu}, (${eventAt()} at time zone 'Asia/Tokyo')::date,
            'earned', ${idSql('t', tag, 'g', "'2'")}, 50, ${eventAt()} from ${series}`,
  );
  await client.query(
    `insert into announcements (id, association_id, title, category, body, publish_from, published_at, created_at, updated_at)
     select ${idSql('n', tag, 'k')}, ${association}, 'お知らせ ' || k, 'info', '健康診断のご案内です。', timestamptz '2025-01-01' + k * interval '1 day',
            timestamptz '2025-01-01' + k * interval '1 day', '2025-01-01', '2025-01-01'
     from generate_series(1, ${ANNOUNCEMENTS}) as k`,
  );
  // Sent to everyone already (the deliveries below): their fan-outs are done.
  await client.query(
    `insert into notification_fanouts (kind, item_id, association_id, cutoff, created_at, recipients, done_at)
     select 'announcement', ${idSql('n', tag, 'k')}, ${association}, timestamptz '2025-01-01' + k * interval '1 day',
            timestamptz '2025-01-01' + k * interval '1 day', ${members}, timestamptz '2025-01-01' + k * interval '1 day'
     from generate_series(1, ${ANNOUNCEMENTS}) as k`,
  );
  await timedStep(
    client,
    'notification deliveries',
    `insert into notification_deliveries (user_id, kind, item_id, created_at)
     select ${user()}, 'announcement', ${idSql('n', tag, 'k')}::text, timestamptz '2025-01-01' + k * interval '1 day'
     from ${series} cross join generate_series(1, ${ANNOUNCEMENTS}) as k`,
  );
}

const SEEDED_TABLES = [
  'users',
  'sessions',
  'blood_pressures',
  'activity_events',
  'ledger_accounts',
  'ledger_transfers',
  'ledger_entries',
  'point_lots',
  'earning_marks',
  'notification_deliveries',
  'walking_participants',
  'walking_teams',
];

/**
 * Drops the seeded tables' indexes and the unique keys no foreign key depends on, and returns
 * the statements that build them again: one sorted build per index after the rows are in is
 * several times faster than millions of inserts into random places of each index.
 */
async function dropIndexes(client: Client): Promise<string[]> {
  const constraints = await client.query<{ table: string; name: string; definition: string }>(
    `select c.conrelid::regclass::text as table, c.conname as name, pg_get_constraintdef(c.oid) as definition
     from pg_constraint c
     where c.contype in ('p', 'u') and c.conrelid::regclass::text = any($1)
       and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.conindid = c.conindid)`,
    [SEEDED_TABLES],
  );
  const indexes = await client.query<{ name: string; definition: string }>(
    `select i.indexname as name, i.indexdef as definition from pg_indexes i
     where i.schemaname = 'public' and i.tablename = any($1) and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [SEEDED_TABLES],
  );
  for (const index of indexes.rows) await client.query(`drop index ${index.name}`);
  for (const constraint of constraints.rows) await client.query(`alter table ${constraint.table} drop constraint ${constraint.name}`);
  return [
    ...constraints.rows.map((constraint) => `alter table ${constraint.table} add constraint ${constraint.name} ${constraint.definition}`),
    ...indexes.rows.map((index) => index.definition),
  ];
}

async function seed(name: string, members: number): Promise<number> {
  const started = performance.now();
  await withClient(BENCH_SERVER_URL, async (admin) => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  });
  const url = urlOf(name);
  // The schema, by the bff's own migrations.
  const database = await openDatabase({
    databaseUrl: url,
    dataDir: '',
    pool: { max: 1, connectionTimeoutMs: 10_000, idleTimeoutMs: 1_000, statementTimeoutMs: 0 },
  });
  await database.close();
  const probeHash = await hashPassword(PROBE_PASSWORD);
  await withClient(url, async (client) => {
    // The seed's rows are consistent by construction: skip the per-row foreign-key triggers
    // (the bench connects as a superuser) and the wait for each commit's flush.
    await client.query(`set session_replication_role = replica; set synchronous_commit = off; set maintenance_work_mem = '256MB'`);
    await client.query(`insert into point_menus (program_id, kind, event_kind, title, points, daily_limit, created_at)
      values (null, 'vital_recorded', 'vital_recorded:blood_pressure', '血圧の記録', 10, 1, '2024-01-01')`);
    await client.query(`insert into ledger_accounts (key, kind) values ('coin:issuing', 'issuing'), ('coin:adjustment', 'adjustment')`);
    const rebuild = await dropIndexes(client);
    await seedAssociation(client, 'big', 'スケール健康保険組合', members, probeHash);
    await seedAssociation(client, 'one', 'ひとり健康保険組合', 1, probeHash);
    // The counters the roll-up's triggers keep (off here), from the roll-up: migration 0029's function.
    await timedStep(
      client,
      'health figures',
      `select health_activity_figures_add('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff')`,
    );
    const indexing = performance.now();
    for (const statement of rebuild) await client.query(statement);
    console.log(`  ${rebuild.length} indexes and keys built again: ${((performance.now() - indexing) / 1000).toFixed(1)} s`);
    const vacuum = performance.now();
    await client.query('vacuum analyze');
    console.log(`  vacuum analyze: ${((performance.now() - vacuum) / 1000).toFixed(1)} s`);
    const seconds = (performance.now() - started) / 1000;
    await client.query(
      'create table bench_scale_seed (members integer not null, migrations integer not null, shape integer not null, seconds numeric not null, seeded_at timestamptz not null)',
    );
    await client.query('insert into bench_scale_seed values ($1, $2, $3, $4, now())', [
      members,
      migrationCount(),
      SEED_SHAPE,
      seconds.toFixed(1),
    ]);
  });
  return (performance.now() - started) / 1000;
}

/** The database's size and its largest tables, with bytes per member: what grows with the association. */
export async function printSizes(seed: ScaleSeed): Promise<void> {
  await withClient(seed.databaseUrl, async (client) => {
    const total = await client.query<{ bytes: string }>('select pg_database_size(current_database()) as bytes');
    const tables = await client.query<{ name: string; rows: string; bytes: string }>(
      `select c.relname as name, c.reltuples::bigint as rows, pg_total_relation_size(c.oid) as bytes from pg_class c
       join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r'
       order by pg_total_relation_size(c.oid) desc limit 10`,
    );
    const mb = (bytes: string | number) => `${(Number(bytes) / 1024 / 1024).toFixed(0)} MB`;
    console.log(
      `database ${mb(total.rows[0]!.bytes)}, ${(Number(total.rows[0]!.bytes) / seed.members).toFixed(0)} bytes a member; largest tables (with indexes):`,
    );
    for (const table of tables.rows)
      console.log(
        `  ${table.name}: ${Number(table.rows).toLocaleString('en')} rows, ${mb(table.bytes)} (${(Number(table.bytes) / seed.members).toFixed(0)} B a member)`,
      );
  });
}

/** The seeded database for `members` + 9 members: reused when complete and of the same migrations, else seeded. */
export async function scaleSeed(base: number, options: { fresh: boolean }): Promise<ScaleSeed> {
  const members = base + 9;
  const name = `sukoyaka_scale_${members}`;
  const record = options.fresh ? null : await seedRecord(name);
  const reused = record !== null && record.migrations === migrationCount() && record.shape === SEED_SHAPE;
  let seededSeconds = record?.seconds ?? 0;
  if (reused) console.log(`reusing ${name} (seeded in ${seededSeconds} s; SCALE_FRESH=1 seeds it again)`);
  else {
    if (record)
      console.log(
        `${name} was seeded under ${record.migrations} migrations and shape ${record.shape}, now ${migrationCount()} and ${SEED_SHAPE}: seeding again`,
      );
    seededSeconds = await seed(name, members);
    console.log(`seeded ${name} in ${seededSeconds.toFixed(0)} s`);
  }
  return {
    databaseUrl: urlOf(name),
    members,
    associationId: idOf('a', 'big', ''),
    smallAssociationId: idOf('a', 'one', ''),
    programId: idOf('p', 'big', ''),
    walkingEventId: idOf('we', 'big', ''),
    probe: { userId: idOf('u', 'big', 1), email: 'scale-big-1@bench.example', password: PROBE_PASSWORD },
    memberId: (ordinal: number) => idOf('u', 'big', ordinal),
    seededSeconds,
    reused,
  };
}
