import { startServer, stopServer } from '../api-throughput';
import { bffBrowser } from '../bff-browser';
import { cpuMsOfPid, watchCpu } from '../process-cpu';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { AUTHENTICITY_TOKEN_HEADER, IDEMPOTENCY_KEY_HEADER } from '@sukoyaka/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '@sukoyaka/bff/src/app';
import { loadConfig } from '@sukoyaka/bff/src/config';
import { DEFAULT_POOL, openDatabase, rowsOf, type Database } from '@sukoyaka/bff/src/db/client';
import { runContentNotifications } from '@sukoyaka/bff/src/content/notifications';
import { healthStats } from '@sukoyaka/bff/src/health/operator-stats';
import { runExpiryNotices } from '@sukoyaka/bff/src/incentives/expiry-notices';
import { RECONCILE_OVERLAP_MS } from '@sukoyaka/bff/src/incentives/job';
import { addGift, importGiftCodes, redeem } from '@sukoyaka/bff/src/incentives/gifts';
import { listTransactions } from '@sukoyaka/bff/src/incentives/history';
import { credit, runExpiry } from '@sukoyaka/bff/src/incentives/ledger';
import { pointStats } from '@sukoyaka/bff/src/incentives/operator-handlers';
import { runEarning } from '@sukoyaka/bff/src/incentives/programs';
import { reconcile } from '@sukoyaka/bff/src/incentives/reconcile';
import { randomToken, sha256 } from '@sukoyaka/bff/src/lib/tokens';
import { HttpError } from '@sukoyaka/bff/src/platform/errors';
import { SESSION_COOKIE } from '@sukoyaka/bff/src/platform/plugins/session';
import { startServices } from '@sukoyaka/bff/src/services';
import { median } from '../bench-database';
import type { ScaleSeed } from './seed';

/*
 * Each row of issue 28's table measured against today's code, on one seeded database: the jobs
 * and the operators' figures through the service functions their handlers and interval jobs call
 * (the same functions, the bff's pool settings but no statement timeout, so a slow job is timed
 * rather than cancelled; reconcile reports its longest statement against the 15 s timeout),
 * the member's home calls over HTTP through the app itself (buildApp, signed in as the probe).
 * A measure returns its figure; one that leaves rows behind (an announcement, redemptions)
 * removes them or leaves the ledger consistent, so the seed can be reused.
 */

export interface Scale {
  seed: ScaleSeed;
  db: Database;
  /** One moment for the whole run, as a job pass takes `now` once. */
  now: Date;
}

export const PUBLIC_URL = 'https://bench.example';
/** The bff's default NOTIFICATIONS_EVERY_MINUTES: how often the notification pass runs. */
export const NOTIFICATION_EVERY_MINUTES = 15;
/** The bff's default INCENTIVES_JOB_EVERY_MINUTES: how often earning, expiry and the incremental reconcile run. */
const INCENTIVES_EVERY_MS = 15 * 60_000;

/** Median of up to `runs` timings (ms), fewer when one is slow: a 40 s statement is timed once or twice, not ten times. */
export async function timeMedian(run: () => Promise<unknown>, options: { runs: number; budgetMs: number }): Promise<number> {
  const times: number[] = [];
  const started = performance.now();
  while (times.length < options.runs && (times.length === 0 || performance.now() - started < options.budgetMs)) {
    const at = performance.now();
    await run();
    times.push(performance.now() - at);
  }
  return median(times);
}

const japanDay = (at: Date, days = 0) => new Date(at.getTime() + 9 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** The notification pass (announcements, enquetes, expiring points) when everything was sent. */
export async function notificationPassIdle({ db, seed, now }: Scale): Promise<{ ms: number }> {
  // An announcement an earlier run stopped halfway left behind, with its deliveries and mails.
  await removeAnnouncements(db, seed);
  let sent = 0;
  const ms = await timeMedian(
    async () => {
      sent += (await runContentNotifications(db, now, PUBLIC_URL)).sent;
      sent += (await runExpiryNotices(db, now, PUBLIC_URL)).sent;
    },
    { runs: 3, budgetMs: 20_000 },
  );
  if (sent > 0) throw new Error(`the idle notification pass sent ${sent} mails: the seed was not fully delivered`);
  return { ms };
}

/**
 * A new announcement to the whole association: one pass timed, its mails counted, and the time
 * until every member has theirs projected from the pass's share and the job's interval. The
 * announcement, its deliveries and its outbox rows are removed afterwards.
 */
export async function announcementFanOut({
  db,
  seed,
  now,
}: Scale): Promise<{ ms: number; perPass: number; passes: number; projectedMs: number }> {
  await db.execute(sql`
    insert into announcements (association_id, title, category, body, publish_from, published_at)
    values (${seed.associationId}, ${BENCH_TITLE}, 'info', '本文', ${new Date(now.getTime() - 60_000).toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`);
  try {
    const started = performance.now();
    const { sent } = await runContentNotifications(db, now, PUBLIC_URL);
    const ms = performance.now() - started;
    if (sent === 0) throw new Error('one pass sent nothing for a new announcement');
    const passes = Math.ceil(seed.members / sent);
    // The first pass runs at once, each later one an interval after the one before.
    const projectedMs = (passes - 1) * NOTIFICATION_EVERY_MINUTES * 60_000 + passes * ms;
    return { ms, perPass: sent, passes, projectedMs };
  } finally {
    await removeAnnouncements(db, seed);
  }
}

const BENCH_TITLE = 'スケールの新しいお知らせ';

/** The announcements this row publishes, with their deliveries and the mails they enqueued (none is ever sent here). */
async function removeAnnouncements(db: Database, seed: ScaleSeed): Promise<void> {
  const ids = rowsOf<{ id: string }>(
    await db.execute(sql`select id::text as id from announcements where association_id = ${seed.associationId} and title = ${BENCH_TITLE}`),
  ).map((row) => row.id);
  if (ids.length === 0) return;
  await db.execute(sql`delete from notification_deliveries where kind = 'announcement' and item_id in ${ids}`);
  await db.execute(sql`delete from outbox_messages where kind = 'notification_announcement' and status = 'pending'`);
  await db.execute(sql`delete from announcements where id::text in ${ids}`);
}

/** The incentives pass (earning, then expiry) with no event pending and no lot due. */
export async function earningPassIdle({ db, now }: Scale): Promise<{ ms: number }> {
  // An earlier run stopped halfway (a timeout, ^C) may have left its new events pending: settle
  // them first, untimed, so the pass below is the idle one.
  const settled = (await runEarning(db, now)).processed;
  if (settled > 0) console.log(`  (settled ${settled} events an earlier run left pending)`);
  let processed = 0;
  const ms = await timeMedian(
    async () => {
      processed += (await runEarning(db, now)).processed;
      await runExpiry(db, now);
    },
    { runs: 3, budgetMs: 20_000 },
  );
  if (processed > 0) throw new Error(`the idle earning pass processed ${processed} events: the seed left some pending`);
  return { ms };
}

/**
 * 1,000 new activity events (half blood pressures for coins, half weights for points) of
 * different members, then one incentives pass. Today's and yesterday's days are both on time
 * (not `late`), which gives the 1,009-member seed room for a few runs a day.
 */
export async function earningNewEvents({ db, seed, now }: Scale): Promise<{ ms: number; events: number; processed: number }> {
  const createdAt = now.toISOString();
  let events = 0;
  for (const kind of ['vital_recorded:blood_pressure', 'vital_recorded:weight']) {
    let left = 500;
    for (const day of [japanDay(now), japanDay(now, -1)]) {
      if (left === 0) break;
      const inserted = rowsOf(
        await db.execute(sql`
          insert into activity_events (user_id, kind, day, created_at)
          select u.id, ${kind}, ${day}::date, ${createdAt}::timestamptz from users u
          where u.association_id = ${seed.associationId}
            and not exists (select 1 from activity_events e where e.user_id = u.id and e.kind = ${kind} and e.day = ${day}::date)
          limit ${left}
          returning id`),
      );
      left -= inserted.length;
      events += inserted.length;
    }
  }
  const started = performance.now();
  const earned = await runEarning(db, now);
  await runExpiry(db, now);
  const ms = performance.now() - started;
  return { ms, events, processed: earned.processed };
}

/** The operators' health figures of the large association over the 30 days to today. */
export async function operatorHealthStats({ db, seed, now }: Scale): Promise<{ ms: number }> {
  const period = { from: japanDay(now, -29), to: japanDay(now) };
  return { ms: await timeMedian(() => healthStats(db, seed.associationId, period), { runs: 5, budgetMs: 15_000 }) };
}

/** The operators' point figures of the one-member association, on a server holding the large one. */
export async function operatorPointStatsSmall({ db, seed, now }: Scale): Promise<{ ms: number }> {
  const period = { from: japanDay(now, -29), to: japanDay(now) };
  await pointStats(db, seed.smallAssociationId, period);
  return { ms: await timeMedian(() => pointStats(db, seed.smallAssociationId, period), { runs: 20, budgetMs: 10_000 }) };
}

/** The probe member's coin history (1,002 transfers): the first page, and the page after row 900. */
export async function coinTransactionPages({ db, seed }: Scale): Promise<{ firstMs: number; deepMs: number }> {
  const userId = seed.probe.userId;
  let cursor: string | null = null;
  // Walk to row 900 with the call itself, so the deep page's cursor is one a client would hold.
  for (let read = 0; read < 900; read += 100) {
    const page: Awaited<ReturnType<typeof listTransactions>> = await listTransactions(db, userId, null, {
      limit: 100,
      ...(cursor ? { cursor } : {}),
    });
    cursor = page.nextCursor;
  }
  const deepCursor = cursor!;
  const first = () => listTransactions(db, userId, null, { limit: 20 });
  const deep = () => listTransactions(db, userId, null, { limit: 20, cursor: deepCursor });
  for (let i = 0; i < 3; i += 1) await Promise.all([first(), deep()].map((call) => call));
  const firstMs = await timeMedian(first, { runs: 30, budgetMs: 15_000 });
  const deepMs = await timeMedian(deep, { runs: 30, budgetMs: 15_000 });
  return { firstMs, deepMs };
}

/**
 * The ledger's reconciliation over the whole database, timed whole, and each statement timed
 * against the 15 s statement timeout of the bff's pool (the operator CLI's), which this pool lifts.
 */
export async function reconcileAll({ db }: Scale): Promise<{ ms: number; longestMs: number }> {
  let longestMs = 0;
  // The same database object, with each execute() timed: reconcile runs one statement per invariant.
  const timed = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
      return async (query: Parameters<Database['execute']>[0]) => {
        const at = performance.now();
        try {
          return await target.execute(query);
        } finally {
          longestMs = Math.max(longestMs, performance.now() - at);
        }
      };
    },
  });
  const started = performance.now();
  const report = await reconcile(timed);
  const ms = performance.now() - started;
  if (!report.ok) throw new Error(`reconcile found breaks: ${report.breaks.map((item) => item.invariant).join('; ')}`);
  return { ms, longestMs };
}

/**
 * One pass of the bff's incremental reconcile (issue 28) over the last period and its look-back
 * (25 minutes: what the rows before this one wrote, the earnings and grants of this run), as the
 * job runs it every INCENTIVES_JOB_EVERY_MINUTES.
 */
export async function reconcileIncremental({ db, now }: Scale): Promise<{ ms: number }> {
  const since = new Date(now.getTime() - INCENTIVES_EVERY_MS - RECONCILE_OVERLAP_MS);
  const started = performance.now();
  const report = await reconcile(db, { since });
  const ms = performance.now() - started;
  if (!report.ok) throw new Error(`reconcile found breaks: ${report.breaks.map((item) => item.invariant).join('; ')}`);
  return { ms };
}

/**
 * Coin redemptions by 100 members at once, 2 attempts in flight per member, each member with
 * coins for 20 of their 25 attempts: redemptions per second, and overspend (a member redeemed
 * more than their coins allowed, or a cached balance that does not match).
 */
export async function coinRedemptions({ seed, now }: Scale): Promise<Redemptions> {
  // The bff's pool (DEFAULT_POOL: 10 connections), with room to wait for one (200 calls in flight).
  // Until 2026-11-28 it was 20, as the ledger bench's: on a 2-core machine with PostgreSQL beside
  // the bench, PostgreSQL then spent 2.6–3.3 ms of CPU a redemption against 2.0–2.2 ms with 10
  // and 1.5–1.6 ms with 5 (docs/scaling.md, "The database's connections").
  const database = await openDatabase({
    databaseUrl: seed.databaseUrl,
    dataDir: '',
    pool: { ...DEFAULT_POOL, connectionTimeoutMs: 60_000 },
  });
  try {
    return await redemptions(database.db, seed, now);
  } finally {
    await database.close();
  }
}

/** Rate and overspend, and the CPU a redemption of the process that ran the bff's code: what a machine's speed moves less. */
export type Redemptions = {
  perSecond: number;
  overspend: number;
  redeemed: number;
  cpuUs: number;
  /** The local PostgreSQL server's CPU a redemption (null: not on this machine), and how busy the machine was. */
  postgresCpuUs: number | null;
  machineBusy: number;
  /** The server's write-ahead log a redemption, in bytes (every attempt's, the refused ones' too). */
  walBytes: number;
  /** Over HTTP: the CPU a redemption of the process that sent the calls (this one). */
  loadCpuUs?: number;
};

/** The server's write-ahead log so far (an LSN). */
async function walPosition(db: Database): Promise<string> {
  return rowsOf<{ lsn: string }>(await db.execute(sql`select pg_current_wal_lsn()::text as lsn`))[0]!.lsn;
}

/**
 * Runs a redemption run's attempts and reads what it cost: its time; the CPU of this process, of
 * the bff's process when it runs apart (`bffPid`), of the local PostgreSQL server; how busy the
 * machine was; and the write-ahead log written (its rows, index entries and commits, which the
 * machine's speed does not move).
 */
async function measuredRun(db: Database, setup: RedemptionSetup, attempt: Attempt, bffPid?: number) {
  const cpuBefore = process.cpuUsage();
  const bffBefore = bffPid === undefined ? 0 : cpuMsOfPid(bffPid);
  const wal = await walPosition(db);
  const machine = watchCpu();
  const started = performance.now();
  const redeemed = await redeemAll(setup, attempt);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const bffMs = bffPid === undefined ? 0 : cpuMsOfPid(bffPid) - bffBefore;
  const { postgresMs, machineBusy } = machine.stop();
  const [row] = rowsOf<{ bytes: string }>(await db.execute(sql`select pg_current_wal_lsn() - ${wal}::pg_lsn as bytes`));
  return { redeemed, seconds, thisProcessMs: (cpu.user + cpu.system) / 1000, bffMs, postgresMs, machineBusy, walBytes: Number(row!.bytes) };
}

/** One attempt of a member's: whether it redeemed (false: refused). */
type Attempt = (userId: string, stream: number, i: number) => Promise<boolean>;

const MAIL_DOMAIN = 'redemptions.scale.example';

/** The shape of one redemption run: 100 members, 2 attempts in flight each, coins for 20 of their 25. */
const REDEMPTION_RUN = { members: 100, allowed: 20, attempts: 25, cost: 10, streams: 2 } as const;

/** A run's coin gift (with a code for every attempt), its members and their coins before it. */
interface RedemptionSetup {
  run: string;
  giftId: string;
  members: string[];
  before: Map<string, number>;
}

async function setUpRedemptions(db: Database, seed: ScaleSeed, now: Date): Promise<RedemptionSetup> {
  const { members: count, attempts, allowed, cost } = REDEMPTION_RUN;
  const run = randomUUID().slice(0, 8);
  const giftId = await addGift(db, { programId: null, name: `スケールギフト ${run}`, cost, kind: 'digital_code' });
  await importGiftCodes(db, giftId, Array.from({ length: count * attempts }, (_, i) => `SCALE-${run}-${i}`).join('\n'));
  // Members far from the probe and from each other run's earning rows; each gets fresh coins.
  const start = 1 + Math.floor(Math.random() * (seed.members - count - 2));
  const members = Array.from({ length: count }, (_, i) => seed.memberId(start + 1 + i));
  const before = new Map<string, number>();
  for (const userId of members) {
    const result = await db.transaction((tx) =>
      credit(tx, {
        kind: 'grant',
        userId,
        programId: null,
        amount: cost * allowed,
        description: '付与',
        idempotencyKey: `scale-${run}-${userId}`,
        now,
      }),
    );
    before.set(userId, result.balance);
  }
  return { run, giftId, members, before };
}

/** Each member's attempts, `streams` at a time, in order: `attempt` answers whether it redeemed (false: refused). */
async function redeemAll(setup: RedemptionSetup, attempt: Attempt) {
  const redeemed = new Map<string, number>();
  await Promise.all(
    setup.members.map((userId) =>
      Promise.all(
        Array.from({ length: REDEMPTION_RUN.streams }, async (_, stream) => {
          for (let i = stream; i < REDEMPTION_RUN.attempts; i += REDEMPTION_RUN.streams)
            if (await attempt(userId, stream, i)) redeemed.set(userId, (redeemed.get(userId) ?? 0) + 1);
        }),
      ),
    ),
  );
  return redeemed;
}

/** Members who redeemed more than their coins allowed, or whose cached balance does not match; and the redemptions in all. */
async function overspendOf(db: Database, setup: RedemptionSetup, redeemed: Map<string, number>) {
  const balances = new Map(
    rowsOf<{ user_id: string; balance: string }>(
      await db.execute(
        sql`select user_id, balance from ledger_accounts where program_id is null and kind = 'member' and user_id in ${setup.members}`,
      ),
    ).map((row) => [row.user_id, Number(row.balance)]),
  );
  // The mails (unsent, or sent by the served bff's worker) go, so the reused database does not grow.
  await db.execute(sql`delete from outbox_messages where kind = 'gift_code' and recipient like ${`%@${MAIL_DOMAIN}`}`);
  let overspend = 0;
  let total = 0;
  for (const userId of setup.members) {
    const count = redeemed.get(userId) ?? 0;
    total += count;
    const had = setup.before.get(userId)!;
    if (count * REDEMPTION_RUN.cost > had || balances.get(userId) !== had - count * REDEMPTION_RUN.cost) overspend += 1;
  }
  return { overspend, total };
}

async function redemptions(db: Database, seed: ScaleSeed, now: Date): Promise<Redemptions> {
  const setup = await setUpRedemptions(db, seed, now);
  const { run, giftId } = setup;
  const measured = await measuredRun(db, setup, async (userId, stream, i) => {
    const email = `scale-${run}-${userId}@${MAIL_DOMAIN}`;
    const member = { id: userId, email, nickname: 'スケール', associationId: seed.associationId, emailVerified: true };
    try {
      // With its mail, as the bff redeems (the code's mail is written with the redemption).
      await redeem(db, member, giftId, `scale-${run}-${stream}-${i}`, now, { publicUrl: 'https://scale.example' });
      return true;
    } catch (error) {
      // Refused (not enough coins): counted by its absence; anything else is the bench's error.
      if (!(error instanceof HttpError)) throw error;
      return false;
    }
  });
  const { overspend, total } = await overspendOf(db, setup, measured.redeemed);
  // Every attempt's CPU, the refused ones' too, over the redemptions made.
  return {
    perSecond: total / measured.seconds,
    overspend,
    redeemed: total,
    cpuUs: (measured.thisProcessMs * 1000) / total,
    postgresCpuUs: measured.postgresMs === null ? null : (measured.postgresMs * 1000) / total,
    machineBusy: measured.machineBusy,
    walBytes: measured.walBytes / total,
  };
}

/**
 * The same run as a member's browser makes it: redeemGift over HTTP with the session's cookie, the
 * authenticity token and an Idempotency-Key, to the bff as production builds it, in a process of
 * its own (api-throughput.ts's startServer), on the bff's pool. The attempts come from this
 * process (node:http, kept-alive connections); each process's CPU is read on its own.
 */
export async function coinRedemptionsOverHttp({ seed, db, now }: Scale): Promise<Redemptions> {
  const setup = await setUpRedemptions(db, seed, now);
  // A session for each member, as sign-in makes one (the seed's sessions' tokens are not known).
  const sessionOf = new Map<string, { token: string; authenticity: string }>();
  for (const userId of setup.members) sessionOf.set(userId, { token: randomToken(), authenticity: randomToken() });
  await db.execute(sql`insert into sessions (token_hash, user_id, authenticity_token, created_at, last_seen_at, expires_at)
    values ${sql.join(
      [...sessionOf].map(
        ([userId, session]) =>
          sql`(${sha256(session.token)}, ${userId}, ${session.authenticity}, ${now}, ${now}, ${new Date(now.getTime() + 3_600_000)})`,
      ),
      sql`, `,
    )}`);
  const server = await startServer('app', seed.databaseUrl);
  try {
    const url = new URL(`${server.base}/api/bff/redeemGift`);
    const body = JSON.stringify({ giftId: setup.giftId });
    // node:http with kept-alive connections, one a stream: Node's fetch cost the callers 1.2–1.7 ms
    // of CPU a call, on the same two cores as the bff and PostgreSQL.
    const agent = new http.Agent({ keepAlive: true, maxSockets: REDEMPTION_RUN.members * REDEMPTION_RUN.streams });
    const post = (headers: Record<string, string>) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const request = http.request(url, { method: 'POST', agent, headers }, (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
          response.on('error', reject);
        });
        request.on('error', reject);
        request.end(body);
      });
    const attempt = async (userId: string, stream: number, i: number) => {
      const session = sessionOf.get(userId)!;
      const response = await post({
        cookie: `${SESSION_COOKIE}=${session.token}`,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        [AUTHENTICITY_TOKEN_HEADER]: session.authenticity,
        [IDEMPOTENCY_KEY_HEADER]: `scale-${setup.run}-${stream}-${i}`,
        'x-requested-with': 'XMLHttpRequest',
      });
      const { text } = response;
      if (response.status === 200) return true;
      // Refused for want of coins: counted by its absence; anything else is the bench's error.
      if (response.status === 409 && text.includes('insufficient_balance')) return false;
      throw new Error(`redeemGift answered ${response.status}: ${text.slice(0, 200)}`);
    };
    // The first call of each member reads their session and prepares the statements: a warm-up
    // of 100 attempts is not what is measured (it is in the overspend check).
    const warmed = new Map<string, number>();
    await Promise.all(setup.members.map(async (userId) => warmed.set(userId, (await attempt(userId, 9, -1)) ? 1 : 0)));
    const measured = await measuredRun(db, setup, attempt, server.child.pid!);
    agent.destroy();
    let count = 0;
    for (const made of measured.redeemed.values()) count += made;
    const redeemed = new Map(measured.redeemed);
    for (const [userId, made] of warmed) redeemed.set(userId, (redeemed.get(userId) ?? 0) + made);
    const { overspend } = await overspendOf(db, setup, redeemed);
    return {
      perSecond: count / measured.seconds,
      overspend,
      redeemed: count,
      cpuUs: (measured.bffMs * 1000) / count,
      postgresCpuUs: measured.postgresMs === null ? null : (measured.postgresMs * 1000) / count,
      machineBusy: measured.machineBusy,
      walBytes: measured.walBytes / count,
      loadCpuUs: (measured.thisProcessMs * 1000) / count,
    };
  } finally {
    await stopServer(server);
    // Their mails went to their own addresses (sent by the server's worker, or not yet).
    await db.execute(
      sql`delete from outbox_messages where kind = 'gift_code' and created_at >= ${now} and recipient in (select email from users where id in ${setup.members})`,
    );
    await db.execute(sql`delete from sessions where user_id in ${setup.members} and created_at = ${now} and expires_at > ${now}`);
    await db.execute(sql`delete from idempotency_keys where owner in ${setup.members} and key like ${`scale-${setup.run}-%`}`);
  }
}

/** What the member's home page calls as it opens (mf-account's home, mf-shared's session and member). */
export const HOME_CALLS = [
  'getSession',
  'getUserInfo',
  'getNavigationInfo',
  'listAnnouncements?limit=3',
  'listOpenEnquetes',
  'listOpenPrizeCompetitions',
  'getVitalsSummary',
] as const;

/** What a member's walking event page calls (issue 29): the event with their days, rank and team. */
export const walkingEventCalls = (seed: ScaleSeed) => [`getWalkingEvent?eventId=${seed.walkingEventId}`] as const;
/** The event page's two leaderboards: the top and the entries around the member. */
export const walkingBoardCalls = (seed: ScaleSeed) =>
  [
    `getWalkingLeaderboard?eventId=${seed.walkingEventId}&kind=members`,
    `getWalkingLeaderboard?eventId=${seed.walkingEventId}&kind=teams`,
  ] as const;

/** A running bff on the seed's database, signed in as the probe member: `call` times one GET. */
export async function memberClient(seed: ScaleSeed): Promise<{ call: (path: string) => Promise<number>; close: () => Promise<void> }> {
  // The app as the server runs it, with its interval jobs off (the rows time those on their own).
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: seed.databaseUrl,
    NOTIFICATIONS_EVERY_MINUTES: '0',
    INCENTIVES_JOB_EVERY_MINUTES: '0',
  };
  const config = loadConfig(env, { port: 0 });
  const database = await openDatabase({ databaseUrl: seed.databaseUrl, dataDir: '' });
  const services = await startServices(config);
  const app = await buildApp({ config, db: database.db, services });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const browser = bffBrowser(base);
  try {
    await browser.signIn(seed.probe.email, seed.probe.password);
  } catch (error) {
    await app.close();
    await services.close();
    await database.close();
    throw error;
  }
  return {
    call: async (path) => {
      const started = performance.now();
      await browser.call('GET', path);
      return performance.now() - started;
    },
    close: async () => {
      await app.close();
      await services.close();
      await database.close();
    },
  };
}
