import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { foldHealthFigures } from '../src/health/figures';
import { healthStats } from '../src/health/operator-stats';
import { seededRandom } from '../src/lib/seeded-random';
import { pointStats } from '../src/incentives/operator-handlers';
import { MIGRATIONS_FOLDER } from '../src/paths';
import { createMember, testContextForFile } from './helpers';
import { planOf, statementsOf, type PlanNode } from './query-plans';

/*
 * Issue 28: the operators' health figures come from counters per association, day and gap
 * (health/figures.ts), kept by triggers on the roll-up health_activity_days, itself kept by
 * triggers in each reading's transaction (one set-based pass per writing statement, 0027, 0029).
 * Every way a reading changes (insert, a corrected time, delete, another member's steps day, a
 * member who joins or changes association), folded into the counters or not, leaves the figures
 * what the readings themselves say: the query the roll-ups replaced is the reference here. And
 * both dashboards' queries read only their association's index ranges (their plans).
 */

const ctx = testContextForFile();

const run = async <T>(text: string) => ((await ctx.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;

/** The figures straight from the readings (the query before the roll-up), for one association and period. */
async function fromReadings(associationId: string, from: string, to: string) {
  const timed = (table: string) =>
    `select r.user_id, to_char(r.measured_at at time zone 'Asia/Tokyo', 'YYYY-MM-DD') as day from ${table} r join users u on u.id = r.user_id
     where u.association_id = '${associationId}'`;
  const rows = await run<{ kind: string; day: string | null; n: number }>(`
    with readings as (${['blood_pressures', 'blood_sugars', 'weights', 'body_temperatures', 'sleeps'].map(timed).join(' union all ')}
      union all select s.user_id, to_char(s.day, 'YYYY-MM-DD') from steps s join users u on u.id = s.user_id where u.association_id = '${associationId}')
    , inPeriod as (select * from readings where day >= '${from}' and day <= '${to}')
    select 'day' as kind, day, count(*)::int as n from inPeriod group by day
    union all select 'dayActive', day, count(distinct user_id)::int from inPeriod group by day
    union all select 'weekActive', to_char(date_trunc('week', day::date), 'YYYY-MM-DD'), count(distinct user_id)::int from inPeriod group by 2
    union all select 'active7', null, count(distinct user_id)::int from readings where day >= to_char('${to}'::date - 6, 'YYYY-MM-DD') and day <= '${to}'
    union all select 'active30', null, count(distinct user_id)::int from readings where day >= to_char('${to}'::date - 29, 'YYYY-MM-DD') and day <= '${to}'`);
  const of = (kind: string) =>
    Object.fromEntries(rows.filter((row) => row.kind === kind && Number(row.n) > 0).map((row) => [row.day, Number(row.n)]));
  return {
    day: of('day'),
    dayActive: of('dayActive'),
    weekActive: of('weekActive'),
    active7: Number(rows.find((row) => row.kind === 'active7')!.n),
    active30: Number(rows.find((row) => row.kind === 'active30')!.n),
  };
}

/** The same shape from the service's answer (days without records left out, as above). */
async function fromService(associationId: string, from: string, to: string) {
  const stats = await healthStats(ctx.db, associationId, { from, to });
  const of = (series: Array<{ day: string; count: number }>) =>
    Object.fromEntries(series.filter((item) => item.count > 0).map((item) => [item.day, item.count]));
  return {
    day: of(stats.recordsPerDay),
    dayActive: of(stats.activeMembersPerDay),
    weekActive: of(stats.activeMembersPerWeek),
    active7: stats.activeMembers7,
    active30: stats.activeMembers30,
  };
}

async function expectSame(associationId: string) {
  for (const [from, to] of [
    ['2026-03-01', '2026-03-31'],
    ['2026-03-10', '2026-03-12'],
    ['2026-01-01', '2026-04-30'],
  ] as const) {
    expect(await fromService(associationId, from, to)).toEqual(await fromReadings(associationId, from, to));
  }
}

test('the health figures from the roll-up equal those from the readings, through every kind of change', async () => {
  const [one, two] = [await createMember(ctx.db), await createMember(ctx.db)];
  const x = one.associationId;
  const outsider = await createMember(ctx.db);
  await run(`update users set association_id = '${x}' where id = '${two.id}'`);
  // Japan days: 00:30 JST on the 10th is the 9th in UTC; several readings of one day and member.
  await run(`insert into blood_pressures (user_id, measured_at, systolic, diastolic) values
    ('${one.id}', '2026-03-10T00:30:00+09:00', 120, 80), ('${one.id}', '2026-03-10T20:00:00+09:00', 121, 81),
    ('${two.id}', '2026-03-10T08:00:00+09:00', 130, 85), ('${outsider.id}', '2026-03-10T08:00:00+09:00', 140, 90),
    ('${one.id}', '2026-02-20T08:00:00+09:00', 118, 79)`);
  await run(`insert into weights (user_id, measured_at, weight) values ('${two.id}', '2026-03-11T07:00:00+09:00', 70.5)`);
  await run(
    `insert into blood_sugars (user_id, measured_at, glucose, timing) values ('${one.id}', '2026-03-12T07:00:00+09:00', 95, 'fasting')`,
  );
  await run(`insert into body_temperatures (user_id, measured_at, temperature) values ('${two.id}', '2026-03-31T23:59:00+09:00', 36.5)`);
  await run(`insert into steps (user_id, day, steps) values ('${one.id}', '2026-03-11', 8000), ('${two.id}', '2026-03-12', 4000)`);
  // A night counts on the day of its waking (Japan).
  await run(`insert into sleeps (user_id, started_at, measured_at, minutes_asleep) values
    ('${two.id}', '2026-03-13T23:30:00+09:00', '2026-03-14T06:30:00+09:00', 420)`);
  await expectSame(x);
  expect((await fromService(x, '2026-03-10', '2026-03-10')).dayActive).toEqual({ '2026-03-10': 2 });

  // A corrected time moves the record to another day; a delete takes it away (the row goes with its last record).
  await run(
    `update blood_pressures set measured_at = '2026-03-12T09:00:00+09:00' where user_id = '${one.id}' and measured_at = '2026-03-10T20:00:00+09:00'`,
  );
  await run(`delete from weights where user_id = '${two.id}'`);
  await run(`update steps set day = '2026-03-13' where user_id = '${two.id}'`);
  await run(`update steps set steps = 9000 where user_id = '${one.id}'`);
  await expectSame(x);

  // A member who joins the association brings their readings (nights too); one who leaves takes theirs.
  await run(`insert into sleeps (user_id, started_at, measured_at, minutes_asleep) values
    ('${outsider.id}', '2026-03-19T23:00:00+09:00', '2026-03-20T07:00:00+09:00', 450)`);
  await run(`update users set association_id = '${x}' where id = '${outsider.id}'`);
  await expectSame(x);
  await run(`update users set association_id = null where id = '${two.id}'`);
  await expectSame(x);
  expect(await run(`select count(*)::int as n from health_activity_days where user_id = '${two.id}'`)).toEqual([{ n: 0 }]);

  // A member deleted with their readings leaves nothing behind.
  await run(`delete from users where id = '${outsider.id}'`);
  await expectSame(x);
  expect(await run(`select count(*)::int as n from health_activity_days where user_id = '${outsider.id}'`)).toEqual([{ n: 0 }]);
});

test('one statement writing many readings of several members moves the roll-up as its rows do (statement triggers, migration 0027)', async () => {
  const [one, two] = [await createMember(ctx.db), await createMember(ctx.db)];
  const x = one.associationId;
  await run(`update users set association_id = '${x}' where id = '${two.id}'`);
  // 240 readings in one statement: both members, every 6 hours through March (several per Japan day).
  await run(`insert into blood_pressures (user_id, measured_at, systolic, diastolic)
    select case when g % 2 = 0 then '${one.id}'::uuid else '${two.id}'::uuid end,
           timestamptz '2026-03-01T00:00:00+09:00' + g * interval '3 hours', 120, 80
    from generate_series(0, 239) as g`);
  await run(
    `insert into steps (user_id, day, steps) select '${one.id}'::uuid, date '2026-03-01' + g, 5000 from generate_series(0, 30) as g`,
  );
  await expectSame(x);
  // One update moves many of one member's readings a day later (days gain and lose at once);
  // another changes only values (nothing moves).
  await run(
    `update blood_pressures set measured_at = measured_at + interval '1 day' where user_id = '${one.id}' and measured_at < '2026-03-15T00:00:00+09:00'`,
  );
  await run(`update blood_pressures set systolic = 125 where user_id = '${two.id}'`);
  await run(`update steps set day = day + 40 where user_id = '${one.id}' and day > '2026-03-20'`);
  await expectSame(x);
  // One delete takes some days away whole and others in part.
  await run(
    `delete from blood_pressures where user_id in ('${one.id}', '${two.id}') and (measured_at < '2026-03-05T00:00:00+09:00' or extract(hour from measured_at at time zone 'Asia/Tokyo') = 9)`,
  );
  await expectSame(x);
});

/** The plans of every statement `work` sends, sequential scans off (only an index range can serve them cheaply). */
async function plansOf(work: () => Promise<unknown>): Promise<PlanNode[][]> {
  const plans: PlanNode[][] = [];
  for (const statement of await statementsOf(ctx.db, work)) plans.push(await planOf(ctx.db, statement));
  return plans;
}

test("the dashboards' queries read one index range of the association, never every association's rows", async () => {
  const member = await createMember(ctx.db);
  const [program] = await run<{ id: string }>(
    `insert into point_programs (association_id, name) values ('${member.associationId}', 'ポイント') returning id`,
  );
  const healthPlans = await plansOf(() => healthStats(ctx.db, member.associationId, { from: '2026-03-01', to: '2026-03-31' }));
  expect(healthPlans).toHaveLength(1);
  // The counters, folded and not: each on its (association, day) range.
  const reads = healthPlans[0]!.filter((node) => node['Relation Name'] !== undefined);
  expect(reads.map((node) => node['Relation Name']).sort()).toEqual(['health_activity_deltas', 'health_activity_figures']);
  for (const node of reads) expect(node['Index Cond']).toContain(member.associationId);

  const pointPlans = await plansOf(() => pointStats(ctx.db, member.associationId, { from: '2026-03-01', to: '2026-03-31' }));
  // The association's programs, then their transfers by program and period.
  expect(pointPlans).toHaveLength(2);
  const transfers = pointPlans[1]!.filter((node) => node['Relation Name'] === 'ledger_transfers');
  expect(transfers.map((node) => node['Index Name'])).toEqual(['ledger_transfers_program_points_idx']);
  expect(transfers[0]!['Index Cond']).toContain(program!.id);
  expect(pointPlans[1]!.some((node) => node['Relation Name'] === 'point_programs')).toBe(false);
});

test("migration 0025's batched backfill builds the roll-up the triggers keep", async () => {
  const migration = readFileSync(path.join(MIGRATIONS_FOLDER, '0025_figures_and_list_ranges.sql'), 'utf8');
  const backfill = migration.slice(migration.lastIndexOf('DO $$'));
  const member = await createMember(ctx.db);
  await run(`insert into blood_pressures (user_id, measured_at, systolic, diastolic) values
    ('${member.id}', '2026-03-10T00:30:00+09:00', 120, 80), ('${member.id}', '2026-03-10T09:00:00+09:00', 121, 81)`);
  await run(`insert into steps (user_id, day, steps) values ('${member.id}', '2026-03-11', 8000)`);
  const kept = await run(`select association_id, day::text, user_id, records from health_activity_days order by 1, 2, 3`);
  expect(kept.length).toBeGreaterThan(0);
  await run(`delete from health_activity_days`);
  await run(backfill);
  expect(await run(`select association_id, day::text, user_id, records from health_activity_days order by 1, 2, 3`)).toEqual(kept);
  await expectSame(member.associationId);
});

test('random changes of readings, folded now and then, leave the figures what the readings say (every window a period can ask)', async () => {
  const random = seededRandom(2801);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const members = [await createMember(ctx.db), await createMember(ctx.db), await createMember(ctx.db)];
  const x = members[0]!.associationId;
  for (const member of members.slice(1)) await run(`update users set association_id = '${x}' where id = '${member.id}'`);
  // Days of March and April 2026; gaps from 1 to over a month between a member's days.
  const day = (offset: number) => new Date(Date.UTC(2026, 2, 1) + offset * 86_400_000).toISOString().slice(0, 10);
  for (let step = 0; step < 120; step += 1) {
    const member = pick(members).id;
    const on = day(Math.floor(random() * 61));
    const kind = random();
    if (kind < 0.45) {
      const count = 1 + Math.floor(random() * 3);
      await run(`insert into blood_pressures (user_id, measured_at, systolic, diastolic)
        select '${member}', timestamptz '${on}T08:00:00+09:00' + g * interval '1 hour', 120, 80 from generate_series(1, ${count}) g`);
    } else if (kind < 0.6) {
      await run(`insert into steps (user_id, day, steps) values ('${member}', '${on}', 5000) on conflict (user_id, day) do nothing`);
    } else if (kind < 0.75) {
      await run(
        `delete from blood_pressures where id in (select id from blood_pressures where user_id = '${member}' order by random() limit 2)`,
      );
    } else if (kind < 0.85) {
      const days = Math.floor(random() * 9) - 4;
      await run(
        `update blood_pressures set measured_at = measured_at + ${days} * interval '1 day' where user_id = '${member}' and measured_at < '${on}'`,
      );
    } else if (kind < 0.9) {
      await run(`delete from steps where user_id = '${member}' and day = '${on}'`);
    } else {
      await foldHealthFigures(ctx.db, 7);
    }
    if (step % 30 === 29) {
      for (const [from, to] of [
        ['2026-03-01', '2026-04-30'],
        ['2026-03-05', '2026-03-18'],
        ['2026-04-01', '2026-04-01'],
        ['2026-03-24', '2026-04-13'],
      ] as const)
        expect(await fromService(x, from, to)).toEqual(await fromReadings(x, from, to));
    }
  }
  // Folded to the end: nothing waits, and the figures are the same.
  const before = await fromService(x, '2026-03-01', '2026-04-30');
  await foldHealthFigures(ctx.db);
  expect(await run(`select count(*)::int as n from health_activity_deltas`)).toEqual([{ n: 0 }]);
  expect(await fromService(x, '2026-03-01', '2026-04-30')).toEqual(before);
  expect(before).toEqual(await fromReadings(x, '2026-03-01', '2026-04-30'));
});

test('two transactions adding days of one member at once leave the gaps right (the member is locked while their days are read)', async () => {
  const member = await createMember(ctx.db);
  await run(`insert into steps (user_id, day, steps) values ('${member.id}', '2026-05-01', 3000)`);
  // Each adds a day after the 1st; whichever goes second must see the other's day.
  await Promise.all(
    ['2026-05-03', '2026-05-05', '2026-05-04', '2026-05-02'].map((on, index) =>
      ctx.db.transaction(async (tx) => {
        await tx.execute(
          sql.raw(`insert into weights (user_id, measured_at, weight) values ('${member.id}', '${on}T07:00:00+09:00', ${60 + index})`),
        );
        await tx.execute(sql.raw(`select pg_sleep(0.05)`));
      }),
    ),
  );
  expect(await fromService(member.associationId, '2026-05-01', '2026-05-31')).toEqual(
    await fromReadings(member.associationId, '2026-05-01', '2026-05-31'),
  );
  const gaps = await run<{ gap: number; members: number }>(
    `select gap, sum(members)::int as members from (select gap, members from health_activity_figures where association_id = '${member.associationId}'
       union all select gap, members from health_activity_deltas where association_id = '${member.associationId}') c
     where gap > 0 group by gap having sum(members) <> 0 order by gap`,
  );
  // Five days in a row: the first without a previous day (31), then four a day after the one before.
  expect(gaps).toEqual([
    { gap: 1, members: 4 },
    { gap: 31, members: 1 },
  ]);
});

test('a fold drops the deltas of an association that is gone (its figures went with it)', async () => {
  const member = await createMember(ctx.db);
  await run(`insert into steps (user_id, day, steps) values ('${member.id}', '2026-06-01', 3000)`);
  expect(Number((await run<{ n: number }>(`select count(*)::int as n from health_activity_deltas`))[0]!.n)).toBeGreaterThan(0);
  await run(`delete from users where id = '${member.id}'`);
  await run(`delete from associations where id = '${member.associationId}'`);
  await foldHealthFigures(ctx.db);
  expect(await run(`select count(*)::int as n from health_activity_deltas`)).toEqual([{ n: 0 }]);
  expect(await run(`select count(*)::int as n from health_activity_figures where association_id = '${member.associationId}'`)).toEqual([
    { n: 0 },
  ]);
});
