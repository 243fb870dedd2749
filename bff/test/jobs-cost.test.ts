import { and, eq, like, sql } from 'drizzle-orm';
import { activityEvents, announcements, associations, earningMarks, notificationFanouts, outboxMessages, users } from '../src/db/schema';
import { runContentNotifications } from '../src/content/notifications';
import { runExpiryNotices } from '../src/incentives/expiry-notices';
import { RECONCILE_JOB, RECONCILE_OVERLAP_MS, runIncrementalReconcile } from '../src/incentives/job';
import { createProgram, grantPoints } from '../src/incentives/operator';
import { reconcile } from '../src/incentives/reconcile';
import { advanceWatermark } from '../src/platform/jobs';
import { runEarning } from '../src/incentives/programs';
import { enqueueMail, OutboxWorker } from '../src/platform/outbox';
import { deliverNotifications } from '../src/platform/notification-mail';
import { DAY, MINUTE, testContextForFile } from './helpers';
import { loggingDatabase as logging, planText, type Statement } from './query-plans';

/*
 * Issue 28: the jobs cost what changed, not what the association holds. Proved by the statements
 * a pass runs (counted on a logging database over the same connection) and their plans (EXPLAIN
 * with sequential scans off: a table still read whole has no index for the query), never by time.
 */

const ctx = testContextForFile();
beforeAll(async () => {
  // The mails stay in the outbox to be counted.
  await ctx.app.outbox.stop();
});

const loggingDatabase = () => logging(ctx.db);
const planOf = (statement: Statement) => planText(ctx.db, statement);

/** An association with `count` verified members, set-based (as the bench seeds a million). */
async function associationWith(count: number, createdAt: Date): Promise<string> {
  const [association] = await ctx.db.insert(associations).values({ name: '大規模テスト健康保険組合' }).returning();
  await ctx.db.execute(sql`
    insert into users (email, password_hash, nickname, association_id, association_verified_at, email_verified_at, created_at)
    select 'bulk-' || ${association!.id}::text || '-' || g || '@example.jp', 'x', '会員' || g, ${association!.id}::uuid,
           ${createdAt.toISOString()}::timestamptz, ${createdAt.toISOString()}::timestamptz, ${createdAt.toISOString()}::timestamptz
    from generate_series(1, ${count}) as g`);
  return association!.id;
}

const BIG_TABLES = [
  'users',
  'notification_deliveries',
  'activity_events',
  'earning_marks',
  'point_lots',
  'outbox_messages',
  'ledger_transfers',
];

describe('the notification fan-out', () => {
  it('writes each member of the audience once, in keyset batches of a fixed number of statements; mails wait behind a member’s own', async () => {
    const joined = new Date(Date.now() - DAY);
    const associationId = await associationWith(25, joined);
    const publishFrom = new Date(Date.now() + MINUTE);
    const [item] = await ctx.db
      .insert(announcements)
      .values({ associationId, title: '大規模配信のお知らせ', category: 'info', body: '本文です。', publishFrom, publishedAt: publishFrom })
      .returning();
    // Signed up after the publication: not in the audience.
    await ctx.db.insert(users).values({
      email: `late-${associationId}@example.jp`,
      passwordHash: 'x',
      nickname: '後から',
      associationId,
      emailVerifiedAt: joined,
      createdAt: new Date(publishFrom.getTime() + MINUTE),
    });

    const logged = loggingDatabase();
    const now = new Date(publishFrom.getTime() + 5 * MINUTE);
    const result = await runContentNotifications(logged.db, now, ctx.config.publicUrl, { batch: 10 });
    expect(result.sent).toBe(25);
    // Per batch: the members (one index range), their deliveries, their mails, the position. Three
    // batches of 10, 10 and 5, after the pass's own three (new items, open fan-outs, their texts).
    const batches = logged.statements.filter(({ text }) => /from "users"/.test(text));
    expect(batches).toHaveLength(3);
    expect(logged.statements.length).toBeLessThanOrEqual(3 + 3 * 4);
    const plan = await planOf(batches[1]!);
    expect(plan).toMatch(/Index (Only )?Scan using users_association_member_idx on users/);
    expect(plan).toMatch(/Index Cond: .*association_id = .* AND .*id > /);
    expect(plan).not.toMatch(/Sort/);

    const [fanout] = await ctx.db.select().from(notificationFanouts).where(eq(notificationFanouts.itemId, item!.id));
    expect(fanout).toMatchObject({ recipients: 25 });
    expect(fanout!.doneAt).not.toBeNull();
    const mails = await ctx.db
      .select({ recipient: outboxMessages.recipient, priority: outboxMessages.priority })
      .from(outboxMessages)
      .where(eq(outboxMessages.kind, 'notification_announcement'));
    const ours = mails.filter((mail) => mail.recipient.startsWith(`bulk-${associationId}-`));
    expect(new Set(ours.map((mail) => mail.recipient)).size).toBe(25);
    expect(ours).toHaveLength(25);
    expect(ours.every((mail) => mail.priority === 1)).toBe(true);
    expect(mails.some((mail) => mail.recipient === `late-${associationId}@example.jp`)).toBe(false);

    // Again, later and on two instances at once: nothing more.
    const again = await Promise.all([
      runContentNotifications(ctx.db, new Date(now.getTime() + 15 * MINUTE), ctx.config.publicUrl, { batch: 10 }),
      runContentNotifications(ctx.db, new Date(now.getTime() + 15 * MINUTE), ctx.config.publicUrl, { batch: 10 }),
    ]);
    expect(again.map((pass) => pass.sent)).toEqual([0, 0]);

    // A password reset enqueued after the 25 bulk mails is handed to the provider first.
    await ctx.db.transaction((tx) =>
      enqueueMail(
        tx,
        { to: 'reset@example.jp', subject: 'パスワードの再設定', text: 'リンク' },
        { kind: 'password_reset', now: new Date(now.getTime() + MINUTE) },
      ),
    );
    const handed: string[] = [];
    const worker = new OutboxWorker(
      {
        db: ctx.db,
        services: {
          mailer: { send: async (mail: { to: string }) => void handed.push(mail.to) } as never,
          sms: { send: async () => undefined } as never,
        },
        log: ctx.app.log,
        now: () => new Date(now.getTime() + 2 * MINUTE),
      },
      { batchSize: 1 },
    );
    await worker.drain();
    expect(handed[0]).toBe('reset@example.jp');
    expect(handed.filter((to) => to.startsWith(`bulk-${associationId}-`))).toHaveLength(25);
  });
});

describe('passes with nothing to do', () => {
  it('the notification, expiry-notice and earning passes run a few statements, none reading a big table but by an index', async () => {
    const associationId = await associationWith(50, new Date(Date.now() - DAY));
    const now = new Date(Date.now() + 10 * MINUTE);
    // History: an announcement mailed to everyone, points granted, activity settled.
    const [member] = await ctx.db.select().from(users).where(eq(users.associationId, associationId)).limit(1);
    await ctx.db.insert(announcements).values({
      associationId,
      title: '配信済みのお知らせ',
      category: 'info',
      body: '本文です。',
      publishFrom: new Date(),
      publishedAt: new Date(),
    });
    const programId = await createProgram(ctx.db, {
      associationId,
      name: 'すこやかポイント',
      menus: [{ kind: 'vital_recorded', vitalType: 'weight', title: '体重を記録', points: 10, dailyLimit: 1 }],
    });
    await grantPoints(ctx.db, {
      userId: member!.id,
      programId,
      amount: 30,
      reason: 'テスト付与',
      operator: 'test',
      idempotencyKey: `cost-${member!.id}`,
      now,
      expiresAt: new Date(now.getTime() + 10 * DAY),
    });
    await ctx.db.execute(sql`
      insert into activity_events (user_id, kind, day, created_at)
      select id, 'vital_recorded:weight', ${new Date(now.getTime() + 9 * 3600_000).toISOString().slice(0, 10)}::date, ${now.toISOString()}::timestamptz
      from users where association_id = ${associationId}::uuid`);
    await runContentNotifications(ctx.db, now, ctx.config.publicUrl);
    await runExpiryNotices(ctx.db, now, ctx.config.publicUrl);
    expect((await runEarning(ctx.db, now)).earned).toBe(50);
    await ctx.db.execute(sql`analyze`);

    const later = new Date(now.getTime() + 15 * MINUTE);
    const content = loggingDatabase();
    expect(await runContentNotifications(content.db, later, ctx.config.publicUrl)).toEqual({ sent: 0 });
    const expiry = loggingDatabase();
    expect(await runExpiryNotices(expiry.db, later, ctx.config.publicUrl)).toEqual({ sent: 0 });
    const earning = loggingDatabase();
    expect((await runEarning(earning.db, later)).processed).toBe(0);

    // Content: the items in their window against their fan-outs, and the unfinished fan-outs.
    expect(content.statements).toHaveLength(2);
    expect(content.statements.some(({ text }) => /"users"|notification_deliveries/.test(text))).toBe(false);
    // Expiry: the watermark, the lots whose expiry entered the horizon, those granted since, the watermark moved.
    expect(expiry.statements).toHaveLength(4);
    // Earning: one probe of the queue.
    expect(earning.statements).toHaveLength(1);
    for (const statement of [...content.statements, ...expiry.statements, ...earning.statements]) {
      if (!/^(select|with|insert into "notification_fanouts"|\s*insert into "notification_fanouts")/i.test(statement.text.trim())) continue;
      const plan = await planOf(statement);
      for (const table of BIG_TABLES) expect(plan).not.toMatch(new RegExp(`Seq Scan on ${table}\\b`));
    }
    expect(await planOf(expiry.statements[1]!)).toMatch(/Index Cond: \(\(expires_at > .*\) AND \(expires_at <= .*\)\)/);
    expect(await planOf(expiry.statements[1]!)).toMatch(/point_lots_due_idx/);
    // Granted since the last pass: by point_lots_created_idx at scale; on a few lots the planner may take the expiry range.
    expect(await planOf(expiry.statements[2]!)).toMatch(/Index Scan using point_lots_(created|due)_idx on point_lots/);
    expect(await planOf(earning.statements[0]!)).toMatch(/Index Scan using activity_events_pending(_user)?_idx on activity_events/);
  });
});

describe('earning, set-based', () => {
  it('1,000 new events of 250 members earn in a fixed number of statements per batch, by the same rules', async () => {
    const associationId = await associationWith(250, new Date(Date.now() - DAY));
    const programId = await createProgram(ctx.db, {
      associationId,
      name: 'すこやかポイント',
      menus: [{ kind: 'vital_recorded', vitalType: 'weight', title: '体重を記録', points: 10, dailyLimit: 2 }],
    });
    const now = new Date();
    const today = new Date(now.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
    const yesterday = new Date(now.getTime() + 9 * 3600_000 - DAY).toISOString().slice(0, 10);
    const longAgo = new Date(now.getTime() + 9 * 3600_000 - 5 * DAY).toISOString().slice(0, 10);
    // Per member: today's and yesterday's weight (on time), a weight of five days ago (late), and a step goal (no menu).
    await ctx.db.execute(sql`
      insert into activity_events (user_id, kind, day, created_at)
      select u.id, k.kind, k.day::date, ${now.toISOString()}::timestamptz
      from users u cross join (values ('vital_recorded:weight', ${today}), ('vital_recorded:weight', ${yesterday}),
                                      ('vital_recorded:weight', ${longAgo}), ('step_goal_reached', ${today})) as k(kind, day)
      where u.association_id = ${associationId}::uuid`);
    const logged = loggingDatabase();
    const result = await runEarning(logged.db, now);
    expect(result).toEqual({ processed: 750, earned: 500, capped: 0, noConsent: 0, late: 250 });
    // Two full batches of 500 events, then the probe that finds the queue empty: not 17 per event.
    expect(logged.statements.length).toBeLessThanOrEqual(2 * 17 + 1);
    const members = await ctx.db.select({ id: users.id }).from(users).where(eq(users.associationId, associationId));
    const marks = await ctx.db
      .select()
      .from(earningMarks)
      .where(and(eq(earningMarks.currency, programId), like(earningMarks.outcome, 'earned')));
    expect(marks.filter((mark) => members.some((member) => member.id === mark.userId))).toHaveLength(500);
    const [pending] = await ctx.db
      .select({ count: sql<string>`count(*)` })
      .from(activityEvents)
      .where(sql`${activityEvents.earningPending}`);
    expect(Number(pending!.count)).toBe(0);
    // A second run: nothing.
    expect((await runEarning(ctx.db, now)).processed).toBe(0);
  });

  it('the daily cap holds across a batch: a member’s third on-time weight today is capped', async () => {
    const associationId = await associationWith(1, new Date(Date.now() - DAY));
    await createProgram(ctx.db, {
      associationId,
      name: 'すこやかポイント',
      menus: [{ kind: 'vital_recorded', vitalType: 'weight', title: '体重を記録', points: 10, dailyLimit: 1 }],
    });
    const now = new Date();
    const [member] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.associationId, associationId));
    // Written as the bff writes them, stamped by the database: a moment from here has milliseconds
    // only, and one taken in the millisecond the menu was created read as before the menu (CI saw
    // it, processed 0).
    for (const days of [0, 1])
      await ctx.db.insert(activityEvents).values({
        userId: member!.id,
        kind: 'vital_recorded:weight',
        day: new Date(now.getTime() + 9 * 3600_000 - days * DAY).toISOString().slice(0, 10),
      });
    expect(await runEarning(ctx.db, now)).toEqual({ processed: 2, earned: 1, capped: 1, noConsent: 0, late: 0 });
  });
});

describe('deliverNotifications', () => {
  it('a (member, kind, item) already delivered is not mailed again, in the same statement pair', async () => {
    const associationId = await associationWith(2, new Date(Date.now() - DAY));
    const members = await ctx.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.associationId, associationId));
    const mails = members.map((member) => ({ userId: member.id, email: member.email, itemId: 'lot-1', subject: '件名', lines: ['本文'] }));
    const now = new Date();
    expect(
      await ctx.db.transaction((tx) =>
        deliverNotifications(tx, 'points_expiry', mails.slice(0, 1), { publicUrl: 'https://x.example', now }),
      ),
    ).toBe(1);
    expect(
      await ctx.db.transaction((tx) => deliverNotifications(tx, 'points_expiry', mails, { publicUrl: 'https://x.example', now })),
    ).toBe(1);
  });
});

describe('the incremental reconcile of the ledger', () => {
  it('checks what changed since its last pass and not what came before, each statement on an index range of what changed', async () => {
    const associationId = await associationWith(2, new Date(Date.now() - DAY));
    const [before, after] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.associationId, associationId));
    const programId = await createProgram(ctx.db, { associationId, name: '照合ポイント', menus: [] });
    const grant = (userId: string, now: Date) =>
      grantPoints(ctx.db, {
        userId,
        programId,
        amount: 40,
        reason: 'テスト付与',
        operator: 'test',
        idempotencyKey: `reconcile-${userId}`,
        now,
        expiresAt: new Date(now.getTime() + 100 * DAY),
      });
    const account = (userId: string) =>
      sql`update ledger_accounts set balance = balance + 1 where user_id = ${userId} and program_id = ${programId}`;
    const passed = new Date(Date.now() - 60 * MINUTE);
    // Before the last pass: a grant whose account is then broken. Not the next pass's to see.
    await grant(before!.id, new Date(passed.getTime() - 2 * RECONCILE_OVERLAP_MS));
    await ctx.db.execute(account(before!.id));
    await advanceWatermark(ctx.db, RECONCILE_JOB, passed, passed);
    // After it: a grant, sound.
    await grant(after!.id, new Date());
    await ctx.db.execute(sql`analyze`);

    const pass = loggingDatabase();
    const first = await runIncrementalReconcile(pass.db, new Date(), 15 * MINUTE);
    expect(first.since).toEqual(new Date(passed.getTime() - RECONCILE_OVERLAP_MS));
    expect(first.breaks).toEqual([]);
    const reads = pass.statements.filter(
      ({ text }) => /^\s*(select|with)\b/i.test(text) && /ledger_|point_lot|gift|prize_competition_entries/.test(text),
    );
    expect(reads.length).toBeGreaterThan(10);
    for (const statement of reads) {
      const plan = await planOf(statement);
      for (const table of [
        'ledger_transfers',
        'ledger_entries',
        'ledger_accounts',
        'point_lots',
        'point_lot_uses',
        'user_gifts',
        'gift_orders',
        'gift_challenge_draws',
        'prize_competition_entries',
      ])
        expect(plan).not.toMatch(new RegExp(`Seq Scan on ${table}\\b`));
    }

    // The next pass looks back from the first pass's start: a break in what came since is found,
    // the older one still not; the whole ledger's reconcile finds both.
    await ctx.db.execute(account(after!.id));
    const second = await runIncrementalReconcile(ctx.db, new Date(), 15 * MINUTE);
    const cached = (report: { breaks: Array<{ invariant: string; count: number }> }) =>
      report.breaks.find((found) => found.invariant === "a member's cached balance equals the sum of their entries")?.count;
    expect(cached(second)).toBe(1);
    expect(cached(await reconcile(ctx.db))).toBe(2);
    // Mended, so the other tests' whole-ledger reconciles stay clean.
    for (const userId of [before!.id, after!.id])
      await ctx.db.execute(sql`update ledger_accounts set balance = balance - 1 where user_id = ${userId} and program_id = ${programId}`);
  });
});
