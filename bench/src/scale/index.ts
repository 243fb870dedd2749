import { DEFAULT_POOL, openDatabase, type Database } from '@sukoyaka/bff/src/db/client';
import { BENCH_SERVER_URL, median } from '../bench-database';
import {
  announcementFanOut,
  coinRedemptions,
  coinRedemptionsOverHttp,
  coinTransactionPages,
  earningNewEvents,
  earningPassIdle,
  HOME_CALLS,
  memberClient,
  notificationPassIdle,
  operatorHealthStats,
  operatorPointStatsSmall,
  reconcileAll,
  reconcileIncremental,
  type Redemptions,
  type Scale,
  walkingBoardCalls,
  walkingEventCalls,
} from './measures';
import { printSizes, scaleSeed, type ScaleSeed } from './seed';

/*
 * Issue 28: `npm run bench -- scale`. Seeds (or reuses) a database with one association of
 * SCALE_MEMBERS + 9 members (default 1,000,009) and one of 1,009, same shape (seed.ts), then
 * measures each row of the table on both and prints it beside its goal, the small figure
 * beside the large one so the ratio shows what grows with the association. A row over its goal is
 * a failure (the run exits 1). SCALE_FRESH=1 seeds both again instead of reusing them.
 */

const SMALL = 1_000;

interface Figure {
  /** What the row shows at this size. */
  text: string;
  /** The number the ratio is taken of (ms, or per second). */
  value: number;
  /** listCoinTransactions: the page after row 900, printed as a row of its own. */
  deepMs?: number;
  /** Reconcile: its longest statement. */
  longestMs?: number;
  /** Redemptions: members who got more than their coins allowed. */
  overspend?: number;
}

interface Row {
  name: string;
  goal: string;
  measure: (scale: Scale) => Promise<Figure>;
  /** The failure, if the large figure (and the small, for a ratio) misses the goal. */
  judge: (large: Figure, small: Figure) => string | null;
}

export function duration(ms: number): string {
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 1_000) return `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
  if (ms < 120_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms < 2 * 3_600_000) return `${(ms / 60_000).toFixed(0)} min`;
  if (ms < 2 * 86_400_000) return `${(ms / 3_600_000).toFixed(1)} h`;
  return `${(ms / 86_400_000).toFixed(1)} days`;
}

const within = (label: string, ms: number, goalMs: number) => (ms > goalMs ? `${label}: ${duration(ms)} > ${duration(goalMs)}` : null);

/** A row of coin redemptions: the rate, overspend and each process's CPU a redemption; goal ≥ 1,000/s, 0 overspend. */
function redemptionRow(name: string, label: string, measure: (scale: Scale) => Promise<Redemptions>): Row {
  return {
    name,
    goal: '≥ 1,000/s, 0 overspend',
    measure: async (scale) => {
      const run = await measure(scale);
      const postgres = run.postgresCpuUs === null ? '' : `, PostgreSQL's ${run.postgresCpuUs.toFixed(0)} µs`;
      const callers = run.loadCpuUs === undefined ? '' : `, the callers' ${run.loadCpuUs.toFixed(0)} µs`;
      return {
        text:
          `${run.perSecond.toFixed(0)}/s, ${run.overspend} overspend (${run.redeemed} redeemed; CPU each: the bff's ${run.cpuUs.toFixed(0)} µs` +
          `${postgres}${callers}; WAL each ${run.walBytes.toFixed(0)} B; the machine ${(run.machineBusy * 100).toFixed(0)} % busy)`,
        value: run.perSecond,
        overspend: run.overspend,
      };
    },
    judge: (large, small) => {
      const overspend = (large.overspend ?? 0) + (small.overspend ?? 0);
      if (overspend > 0) return `${label}: ${overspend} members overspent`;
      return large.value < 1_000 ? `${label}: ${large.value.toFixed(0)}/s < 1,000/s` : null;
    },
  };
}

const ROWS: Row[] = [
  {
    name: 'notification pass, nothing to send',
    goal: '≤ 50 ms',
    measure: async (scale) => {
      const { ms } = await notificationPassIdle(scale);
      return { text: duration(ms), value: ms };
    },
    judge: (large) => within('notification pass, nothing to send', large.value, 50),
  },
  {
    name: 'a new announcement reaching every member',
    goal: 'enqueued for all within 10 min',
    measure: async (scale) => {
      const run = await announcementFanOut(scale);
      return {
        text: `${duration(run.projectedMs)} (${run.perPass} mails per pass of ${duration(run.ms)}, ${run.passes} passes 15 min apart)`,
        value: run.projectedMs,
      };
    },
    judge: (large) => within('a new announcement reaching every member', large.value, 10 * 60_000),
  },
  {
    name: 'earning pass, nothing pending',
    goal: '≤ 50 ms',
    measure: async (scale) => {
      const { ms } = await earningPassIdle(scale);
      return { text: duration(ms), value: ms };
    },
    judge: (large) => within('earning pass, nothing pending', large.value, 50),
  },
  {
    name: 'earning, 1,000 new events',
    goal: '≤ 1 s',
    measure: async (scale) => {
      const run = await earningNewEvents(scale);
      const note = run.events === 1_000 ? '' : ` (${run.events} events: the members' slots for today are used up)`;
      return { text: `${duration(run.ms)}${note}`, value: run.ms };
    },
    judge: (large) => within('earning, 1,000 new events', large.value, 1_000),
  },
  {
    name: 'getOperatorHealthStats (30 days)',
    goal: '≤ 200 ms',
    measure: async (scale) => {
      const { ms } = await operatorHealthStats(scale);
      return { text: duration(ms), value: ms };
    },
    judge: (large) => within('getOperatorHealthStats', large.value, 200),
  },
  {
    name: 'getOperatorPointStats (a 1-member association)',
    goal: '≤ 20 ms',
    measure: async (scale) => {
      const { ms } = await operatorPointStatsSmall(scale);
      return { text: duration(ms), value: ms };
    },
    judge: (large) => within('getOperatorPointStats (a 1-member association)', large.value, 20),
  },
  {
    name: 'listCoinTransactions first page',
    goal: '≤ 1.5× the small',
    measure: async (scale) => {
      const { firstMs, deepMs } = await coinTransactionPages(scale);
      return { text: duration(firstMs), value: firstMs, deepMs };
    },
    judge: (large, small) =>
      large.value / small.value > 1.5 ? `listCoinTransactions first page ${(large.value / small.value).toFixed(2)}× > 1.5×` : null,
  },
  {
    // The operators' whole-ledger check, by hand: grows with the ledger; each statement must stay
    // within the bff's statement timeout. The job checks what changed (the row below).
    name: 'reconcile, the whole ledger (by hand)',
    goal: 'each statement ≤ 15 s',
    measure: async (scale) => {
      const { ms, longestMs } = await reconcileAll(scale);
      return { text: `${duration(ms)} (longest statement ${duration(longestMs)} of the 15 s timeout)`, value: ms, longestMs };
    },
    judge: (large) =>
      (large.longestMs ?? 0) > DEFAULT_POOL.statementTimeoutMs
        ? `reconcile: a statement took ${duration(large.longestMs!)}, over the statement timeout`
        : null,
  },
  {
    name: 'reconcile, incremental pass (one period’s changes)',
    goal: '≤ 10 s',
    measure: async (scale) => {
      const { ms } = await reconcileIncremental(scale);
      return { text: duration(ms), value: ms };
    },
    judge: (large) => within('reconcile, incremental pass', large.value, 10_000),
  },
  redemptionRow('coin redemptions in the bench process (redeem(), 100 members at once)', 'coin redemptions', coinRedemptions),
  // What a member's browser meets: the call over HTTP, its session, authenticity token and
  // Idempotency-Key (whose key and answer commit with the redemption), the bff in a process of its own.
  redemptionRow(
    'coin redemptions over HTTP (redeemGift, the bff in its own process)',
    'coin redemptions over HTTP',
    coinRedemptionsOverHttp,
  ),
];

/** What went wrong, briefly: Drizzle wraps the database's error (a timeout…) after the whole query text. */
function reason(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return (cause instanceof Error ? cause.message : String(cause)).split('\n')[0]!.slice(0, 200);
}

const ratioText = (large: number, small: number) => `${(large / small).toFixed(2)}×`;

async function openScale(seed: ScaleSeed, now: Date): Promise<{ scale: Scale; close: () => Promise<void> }> {
  // The bff's pool, without its 15 s statement timeout: at 1 M on a busy machine a job's statement
  // outlasts it, and the row would show an error instead of how long the job takes.
  const database = await openDatabase({ databaseUrl: seed.databaseUrl, dataDir: '', pool: { ...DEFAULT_POOL, statementTimeoutMs: 0 } });
  return { scale: { seed, db: database.db as Database, now }, close: () => database.close() };
}

/** Calls over HTTP on both seeds as the probe member, interleaved so drift hits both; medians of 30, summed; goal ≤ 1.5×. */
async function memberCalls(
  label: string,
  large: ScaleSeed,
  small: ScaleSeed,
  pathsOf: (seed: ScaleSeed) => readonly string[],
  failures: string[],
): Promise<void> {
  const clients = [await memberClient(small), await memberClient(large)] as const;
  const paths = [pathsOf(small), pathsOf(large)] as const;
  try {
    const times = paths[0].map(() => [[], []] as [number[], number[]]);
    for (let round = 0; round < 35; round += 1)
      for (const index of paths[0].keys())
        for (const side of [0, 1] as const) {
          const ms = await clients[side].call(paths[side][index]!);
          // The first rounds warm the prepared statements and the index pages.
          if (round >= 5) times[index]![side].push(ms);
        }
    let smallTotal = 0;
    let largeTotal = 0;
    const ratios: string[] = [];
    for (const [index, path] of paths[0].entries()) {
      const [s, l] = [median(times[index]![0]), median(times[index]![1])];
      smallTotal += s;
      largeTotal += l;
      const name = path.split('?')[0]! + (path.includes('kind=') ? ` ${path.split('kind=')[1]}` : '');
      ratios.push(`${name} ${duration(s)} / ${duration(l)} (${ratioText(l, s)})`);
    }
    console.log(
      `| ${label} (sum of medians) | ${duration(smallTotal)} | ${duration(largeTotal)} | ${ratioText(largeTotal, smallTotal)} | ≤ 1.5× |`,
    );
    console.log(`  each, small / large: ${ratios.join('; ')}`);
    if (largeTotal / smallTotal > 1.5) failures.push(`${label} ${ratioText(largeTotal, smallTotal)} > 1.5×`);
  } finally {
    for (const client of clients) await client.close();
  }
}

/** The member-facing rows over HTTP: home, and a walking event's page and leaderboards (issue 29). */
const CALL_ROWS: Array<{ label: string; filter: string; paths: (seed: ScaleSeed) => readonly string[] }> = [
  { label: `home page's ${HOME_CALLS.length} calls over HTTP`, filter: "home page's calls", paths: () => HOME_CALLS },
  { label: "a member's walking event page (getWalkingEvent)", filter: 'walking event page', paths: walkingEventCalls },
  { label: 'walking leaderboards (getWalkingLeaderboard, members and teams)', filter: 'walking leaderboards', paths: walkingBoardCalls },
];

/**
 * SCALE_ROWS=incremental,HealthStats: only the rows whose name contains one of these (and the home
 * page's calls only when one is "home"); every row without it.
 */
const ROW_FILTER = (process.env.SCALE_ROWS ?? '')
  .split(',')
  .map((item) => item.trim().toLowerCase())
  .filter(Boolean);
const chosen = (name: string) => ROW_FILTER.length === 0 || ROW_FILTER.some((item) => name.toLowerCase().includes(item));

export async function scaleBench(): Promise<string[]> {
  const members = Number(process.env.SCALE_MEMBERS ?? 1_000_000);
  if (!Number.isInteger(members) || members < SMALL)
    throw new Error(`SCALE_MEMBERS must be a whole number ≥ ${SMALL}, got ${process.env.SCALE_MEMBERS}`);
  const fresh = process.env.SCALE_FRESH === '1';
  console.log(`PostgreSQL at ${new URL(BENCH_SERVER_URL).host} (BENCH_DATABASE_URL)`);
  const smallSeed = await scaleSeed(SMALL, { fresh });
  const largeSeed = await scaleSeed(members, { fresh });
  await printSizes(largeSeed);
  const now = new Date();
  const small = await openScale(smallSeed, now);
  const large = await openScale(largeSeed, now);
  const failures: string[] = [];
  const label = (count: number) => `${count.toLocaleString('en')} members`;
  try {
    console.log(
      `\n| job or call | ${label(smallSeed.members)} | ${label(largeSeed.members)} | ratio | goal at ${label(largeSeed.members)} |`,
    );
    console.log('|---|---|---|---|---|');
    for (const row of ROWS.filter((item) => chosen(item.name))) {
      let figures: [Figure, Figure];
      try {
        figures = [await row.measure(small.scale), await row.measure(large.scale)];
      } catch (error) {
        const message = reason(error);
        console.log(`| ${row.name} | error: ${message} | | | ${row.goal} |`);
        failures.push(`${row.name}: ${message}`);
        continue;
      }
      const [s, l] = figures;
      console.log(`| ${row.name} | ${s.text} | ${l.text} | ${ratioText(l.value, s.value)} | ${row.goal} |`);
      const failure = row.judge(l, s);
      if (failure) failures.push(failure);
      const deep = [s.deepMs, l.deepMs];
      if (deep[0] !== undefined && deep[1] !== undefined) {
        console.log(
          `| listCoinTransactions page after row 900 | ${duration(deep[0])} | ${duration(deep[1])} | ${ratioText(deep[1], deep[0])} | ≤ 1.5× the small |`,
        );
        if (deep[1] / deep[0] > 1.5) failures.push(`listCoinTransactions deep page ${ratioText(deep[1], deep[0])} > 1.5×`);
      }
    }
    for (const row of CALL_ROWS.filter((item) => chosen(item.filter))) {
      try {
        await memberCalls(row.label, largeSeed, smallSeed, row.paths, failures);
      } catch (error) {
        const message = reason(error);
        console.log(`| ${row.label} | error: ${message} | | | ≤ 1.5× |`);
        failures.push(`${row.label}: ${message}`);
      }
    }
  } finally {
    await small.close();
    await large.close();
  }
  return failures;
}
