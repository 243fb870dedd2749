// Point programs, their menus and the member's consent; the earning rules (menus over activity
// events) and the job that applies them.
import { randomUUID } from 'node:crypto';
import type { IncentiveUserAction, PointAccount, PointInfo, PointMenu } from '@sukoyaka/contract';
import { IncentiveErrorCodes, POINT_AGREEMENT_REQUIRED_MESSAGE } from '@sukoyaka/contract';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { rowsOf, type Executor, type Transaction } from '../db/client';
import { earningMarks, pointAgreements, pointMenus, pointPrograms } from '../db/schema';
import { HttpError, notFound } from '../platform/errors';
import type { Member } from '../platform/handlers';
import { markActivitiesSettled } from '../platform/activity-events';
import { creditEarnings, findMemberAccount, lockMemberAccounts, spendableBalance, upcomingExpiries, type ProgramId } from './ledger';

export type Program = typeof pointPrograms.$inferSelect;
type MenuRow = typeof pointMenus.$inferSelect;

export const programNotFound = () => notFound('ポイントが見つかりませんでした。');
export const agreementRequired = () => new HttpError(403, IncentiveErrorCodes.pointAgreementRequired, POINT_AGREEMENT_REQUIRED_MESSAGE);

/** A program of the member's own association, or 404 (another association's is as unknown as none). */
export async function programOf(db: Executor, member: Member, pointId: string): Promise<Program> {
  if (!member.associationId) throw programNotFound();
  const [program] = await db
    .select()
    .from(pointPrograms)
    .where(and(eq(pointPrograms.id, pointId), eq(pointPrograms.associationId, member.associationId)));
  if (!program) throw programNotFound();
  return program;
}

export async function programsOf(db: Executor, member: Member): Promise<Program[]> {
  if (!member.associationId) return [];
  return db
    .select()
    .from(pointPrograms)
    .where(eq(pointPrograms.associationId, member.associationId))
    .orderBy(asc(pointPrograms.createdAt), asc(pointPrograms.id));
}

export async function hasAgreed(db: Executor, userId: string, program: Program): Promise<boolean> {
  if (!program.requiresConsent) return true;
  const [row] = await db
    .select({ id: pointAgreements.id })
    .from(pointAgreements)
    .where(
      and(
        eq(pointAgreements.userId, userId),
        eq(pointAgreements.programId, program.id),
        eq(pointAgreements.version, program.consentVersion),
      ),
    );
  return Boolean(row);
}

export async function assertAgreed(db: Executor, userId: string, program: Program): Promise<void> {
  if (!(await hasAgreed(db, userId, program))) throw agreementRequired();
}

export async function pointInfo(db: Executor, userId: string, program: Program): Promise<PointInfo> {
  return {
    pointId: program.id,
    name: program.name,
    description: program.description,
    expiryMonths: program.expiryMonths,
    requiresConsent: program.requiresConsent,
    consentVersion: program.consentVersion,
    consentText: program.consentText,
    agreed: program.requiresConsent ? await hasAgreed(db, userId, program) : true,
  };
}

export async function pointAccount(db: Executor, userId: string, program: Program, now: Date): Promise<PointAccount> {
  const account = await findMemberAccount(db, userId, program.id);
  const expiries = account ? await upcomingExpiries(db, account.id, now) : [];
  return {
    pointId: program.id,
    name: program.name,
    balance: await spendableBalance(db, userId, program.id, now),
    expiries: expiries.map((row) => ({ expiresAt: row.expiresAt.toISOString(), points: row.points })),
    requiresAgreement: !(await hasAgreed(db, userId, program)),
  };
}

/** Records consent to the program's current version; giving it again changes nothing. */
export async function agree(db: Executor, userId: string, program: Program, now: Date): Promise<void> {
  await db
    .insert(pointAgreements)
    .values({ userId, programId: program.id, version: program.consentVersion, agreedAt: now })
    .onConflictDoNothing({ target: [pointAgreements.userId, pointAgreements.programId, pointAgreements.version] });
}

const toMenu = (row: MenuRow): PointMenu => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  points: row.points,
  dailyLimit: row.dailyLimit,
  totalLimit: row.totalLimit,
});

export async function menusOf(db: Executor, programId: ProgramId): Promise<MenuRow[]> {
  return db
    .select()
    .from(pointMenus)
    .where(programId === null ? isNull(pointMenus.programId) : eq(pointMenus.programId, programId))
    .orderBy(asc(pointMenus.position), asc(pointMenus.createdAt), asc(pointMenus.id));
}

export async function listMenus(db: Executor, programId: ProgramId): Promise<PointMenu[]> {
  return (await menusOf(db, programId)).map(toMenu);
}

/** The Japanese calendar day of a moment, yyyy-MM-dd. */
export function japanDayOf(moment: Date): string {
  return new Date(moment.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
}

/** Each menu with how often the member earned by it today (Japan) and in total. */
export async function userActions(db: Executor, userId: string, programId: ProgramId, now: Date): Promise<IncentiveUserAction[]> {
  const menus = await menusOf(db, programId);
  if (menus.length === 0) return [];
  const today = japanDayOf(now);
  const counts = await db
    .select({
      menuId: earningMarks.menuId,
      total: sql<string>`count(*)`,
      today: sql<string>`count(*) filter (where ${earningMarks.day} = ${today})`,
    })
    .from(earningMarks)
    .where(
      and(
        eq(earningMarks.userId, userId),
        eq(earningMarks.outcome, 'earned'),
        inArray(
          earningMarks.menuId,
          menus.map((menu) => menu.id),
        ),
      ),
    )
    .groupBy(earningMarks.menuId);
  const byMenu = new Map(counts.map((row) => [row.menuId, row]));
  return menus.map((menu) => {
    const todayCount = Number(byMenu.get(menu.id)?.today ?? 0);
    const totalCount = Number(byMenu.get(menu.id)?.total ?? 0);
    const available =
      (menu.dailyLimit === null || todayCount < menu.dailyLimit) && (menu.totalLimit === null || totalCount < menu.totalLimit);
    return { ...toMenu(menu), todayCount, totalCount, available };
  });
}

// ---- earning ----------------------------------------------------------------------------------
//
// The earning rules (README "Incentives"):
// - an activity earns only when it was recorded on the day it tells of or the next (Japan time):
//   its event's day against the day the event was written; a later one is marked `late`;
// - the menus' caps count the earnings of the day the points are paid (Japan), not the reading's;
// - a program pays one member at most its daily ceiling a day (coins: COIN_DAILY_CEILING); the
//   earning that reaches it is paid up to the ceiling, later ones are `capped`.

/** The most coins the coin rules pay one member in one Japanese day. */
export const COIN_DAILY_CEILING = 100;

interface Candidate {
  eventId: string;
  userId: string;
  programId: string | null;
  menuId: string;
  late: boolean;
}

type Outcome = 'earned' | 'capped' | 'no_consent' | 'no_menu' | 'late';

export interface EarningResult {
  processed: number;
  earned: number;
  capped: number;
  noConsent: number;
  late: number;
}

/**
 * The earning job: activity events waiting in the queue (activity_events.earning_pending), oldest
 * first, each for every currency that has a menu for its kind (a coin rule, or a menu of a program
 * of the member's association), the first menu by position. An event recorded before the menu
 * existed does not earn by it. An event written later than the day after its day is marked `late`.
 * `userId` limits it to one member (a write that recorded the member's activity settles it in its
 * own transaction, `settleEarnings`; reads never do, decision 0006).
 *
 * Set-based (issue 28): a batch of events is one transaction of a fixed number of statements
 * (earnBatch), whatever its size; the events leave the queue in it. A pass with nothing pending
 * is one probe of the queue's partial index.
 */
export async function runEarning(db: Executor, now: Date, options: { userId?: string; batch?: number } = {}): Promise<EarningResult> {
  const result: EarningResult = { processed: 0, earned: 0, capped: 0, noConsent: 0, late: 0 };
  const batch = options.batch ?? 500;
  for (let round = 0; round < 10_000; round += 1) {
    const taken = await db.transaction(async (tx) => {
      const rows = rowsOf<{ event_id: string; user_id: string; program_id: string | null; menu_id: string | null; late: boolean }>(
        await tx.execute(sql`
          with ev as (
            select e.id, e.user_id, e.kind, e.day, e.created_at from activity_events e
            where e.earning_pending ${options.userId ? sql`and e.user_id = ${options.userId}` : sql``}
            order by e.created_at, e.id
            limit ${batch}
          )
          select ev.id as event_id, ev.user_id, c.program_id, c.menu_id,
                 ev.day < (ev.created_at at time zone 'Asia/Tokyo')::date - 1 as late
          from ev
          left join lateral (
            select distinct on (coalesce(m.program_id::text, 'coin')) m.program_id, m.id as menu_id, m.position, m.created_at
            from point_menus m
            join users u on u.id = ev.user_id
            left join point_programs p on p.id = m.program_id
            where m.event_kind = ev.kind and ev.created_at >= m.created_at
              and (m.program_id is null or p.association_id = u.association_id)
            order by coalesce(m.program_id::text, 'coin'), m.position, m.created_at, m.id
          ) c on true
          order by ev.created_at, ev.id, c.position, c.created_at, c.menu_id`),
      );
      if (rows.length === 0) return 0;
      const candidates: Candidate[] = rows
        .filter((row) => row.menu_id !== null)
        .map((row) => ({ eventId: row.event_id, userId: row.user_id, programId: row.program_id, menuId: row.menu_id!, late: row.late }));
      const outcomes = await earnBatch(tx, candidates, now);
      for (const outcome of outcomes) {
        result.processed += 1;
        if (outcome === 'earned') result.earned += 1;
        if (outcome === 'capped') result.capped += 1;
        if (outcome === 'no_consent') result.noConsent += 1;
        if (outcome === 'late') result.late += 1;
      }
      const events = [...new Set(rows.map((row) => row.event_id))];
      await markActivitiesSettled(tx, events);
      return events.length;
    });
    if (taken < batch) break;
  }
  return result;
}

/**
 * The earning rules over a batch of (event, currency) candidates, in the transaction it is given
 * and in a fixed number of statements: the members' accounts of the currencies concerned are
 * locked (so the caps are counted without a race), the candidates already marked are left (a
 * second run, a second instance, or the write that settled them), then the program's consent,
 * the menu's caps and the daily ceiling, counted on the pay day from the marks already written
 * plus the batch's own earlier earnings in order, decide whether and how much each earns. The
 * marks, transfers, entries, balances and lots are then written in one statement each.
 */
async function earnBatch(tx: Transaction, candidates: Candidate[], now: Date): Promise<Outcome[]> {
  if (candidates.length === 0) return [];
  const payDay = japanDayOf(now);
  const currencyOf = (candidate: Candidate) => candidate.programId ?? 'coin';
  const onTime = candidates.filter((candidate) => !candidate.late);
  const accounts = await lockMemberAccounts(
    tx,
    onTime.map((candidate) => ({ userId: candidate.userId, programId: candidate.programId })),
  );
  const marked = await tx
    .select({ eventId: earningMarks.eventId, currency: earningMarks.currency })
    .from(earningMarks)
    .where(inArray(earningMarks.eventId, [...new Set(candidates.map((candidate) => candidate.eventId))]));
  const done = new Set(marked.map((mark) => `${mark.eventId}|${mark.currency}`));
  const open = candidates.filter((candidate) => !done.has(`${candidate.eventId}|${currencyOf(candidate)}`));
  if (open.length === 0) return [];
  const menuIds = [...new Set(open.map((candidate) => candidate.menuId))];
  const programIds = [...new Set(open.flatMap((candidate) => (candidate.programId ? [candidate.programId] : [])))];
  const userIds = [...new Set(open.map((candidate) => candidate.userId))];
  const menus = new Map((await tx.select().from(pointMenus).where(inArray(pointMenus.id, menuIds))).map((menu) => [menu.id, menu]));
  const programs = new Map(
    (programIds.length > 0 ? await tx.select().from(pointPrograms).where(inArray(pointPrograms.id, programIds)) : []).map((program) => [
      program.id,
      program,
    ]),
  );
  const consenting = programIds.filter((id) => programs.get(id)?.requiresConsent);
  const agreed = new Set(
    (consenting.length > 0
      ? await tx
          .select({ userId: pointAgreements.userId, programId: pointAgreements.programId, version: pointAgreements.version })
          .from(pointAgreements)
          .where(and(inArray(pointAgreements.userId, userIds), inArray(pointAgreements.programId, consenting)))
      : []
    )
      .filter((row) => row.version === programs.get(row.programId)?.consentVersion)
      .map((row) => `${row.userId}|${row.programId}`),
  );
  // What the members earned already: per (member, menu) in total and on the pay day, per
  // (member, currency) paid on the pay day (the two indexes of earning_marks, OR-ed).
  const counts = await tx
    .select({
      userId: earningMarks.userId,
      menuId: earningMarks.menuId,
      currency: earningMarks.currency,
      total: sql<string>`count(*)`,
      today: sql<string>`count(*) filter (where ${earningMarks.day} = ${payDay})`,
      paidToday: sql<string>`coalesce(sum(${earningMarks.points}) filter (where ${earningMarks.day} = ${payDay}), 0)`,
    })
    .from(earningMarks)
    .where(
      and(
        inArray(earningMarks.userId, userIds),
        eq(earningMarks.outcome, 'earned'),
        or(inArray(earningMarks.menuId, menuIds), eq(earningMarks.day, payDay)),
      ),
    )
    .groupBy(earningMarks.userId, earningMarks.menuId, earningMarks.currency);
  const menuTotal = new Map<string, number>();
  const menuToday = new Map<string, number>();
  const paidToday = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, value: number) => map.set(key, (map.get(key) ?? 0) + value);
  for (const row of counts) {
    // A row of another menu is there for the pay day's sum only.
    if (row.menuId && menuIds.includes(row.menuId)) {
      add(menuTotal, `${row.userId}|${row.menuId}`, Number(row.total));
      add(menuToday, `${row.userId}|${row.menuId}`, Number(row.today));
    }
    add(paidToday, `${row.userId}|${row.currency}`, Number(row.paidToday));
  }
  const outcomes: Outcome[] = [];
  const marks: Array<typeof earningMarks.$inferInsert> = [];
  const earnings: Array<{ candidate: Candidate; amount: number; title: string; key: string }> = [];
  for (const candidate of open) {
    const currency = currencyOf(candidate);
    const mark = { eventId: candidate.eventId, currency, userId: candidate.userId, menuId: candidate.menuId, day: payDay, createdAt: now };
    const menu = menus.get(candidate.menuId);
    if (candidate.late) {
      marks.push({ ...mark, outcome: 'late' });
      outcomes.push('late');
      continue;
    }
    // Deleted since the batch was read (its marks keep no menu).
    if (!menu) {
      marks.push({ ...mark, menuId: null, outcome: 'no_menu' });
      outcomes.push('no_menu');
      continue;
    }
    let ceiling = COIN_DAILY_CEILING;
    if (candidate.programId !== null) {
      const program = programs.get(candidate.programId);
      if (!program || (program.requiresConsent && !agreed.has(`${candidate.userId}|${program.id}`))) {
        marks.push({ ...mark, outcome: 'no_consent' });
        outcomes.push('no_consent');
        continue;
      }
      ceiling = program.dailyPointCeiling;
    }
    const menuKey = `${candidate.userId}|${menu.id}`;
    const currencyKey = `${candidate.userId}|${currency}`;
    const today = menuToday.get(menuKey) ?? 0;
    const total = menuTotal.get(menuKey) ?? 0;
    const amount = Math.min(menu.points, ceiling - (paidToday.get(currencyKey) ?? 0));
    if ((menu.dailyLimit !== null && today >= menu.dailyLimit) || (menu.totalLimit !== null && total >= menu.totalLimit) || amount <= 0) {
      marks.push({ ...mark, outcome: 'capped' });
      outcomes.push('capped');
      continue;
    }
    add(menuToday, menuKey, 1);
    add(menuTotal, menuKey, 1);
    add(paidToday, currencyKey, amount);
    const key = `earn:${candidate.eventId}:${currency}`;
    earnings.push({ candidate, amount, title: menu.title, key });
    marks.push({ ...mark, outcome: 'earned', points: amount });
    outcomes.push('earned');
  }
  const transfers = await creditEarnings(
    tx,
    earnings.map(({ candidate, amount, title, key }) => ({
      userId: candidate.userId,
      programId: candidate.programId,
      amount,
      description: title,
      reference: `menu:${candidate.menuId}`,
      idempotencyKey: key,
      now,
      expiryMonths: candidate.programId ? programs.get(candidate.programId)?.expiryMonths : undefined,
    })),
    accounts,
  );
  for (const mark of marks) if (mark.outcome === 'earned') mark.transferId = transfers.get(`earn:${mark.eventId}:${mark.currency}`) ?? null;
  // A late mark is written without its account locked, as it always was: another run may have written it first.
  const written = await tx
    .insert(earningMarks)
    .values(marks)
    .onConflictDoNothing()
    .returning({ eventId: earningMarks.eventId, currency: earningMarks.currency });
  const fresh = new Set(written.map((mark) => `${mark.eventId}|${mark.currency}`));
  return outcomes.filter((_, index) => fresh.has(`${marks[index]!.eventId}|${marks[index]!.currency}`));
}

/** The platform's activity settler (app.ts registers it): one member's events, in the writer's transaction. */
export const settleEarnings = async (tx: Executor, userId: string, now: Date): Promise<void> => {
  await runEarning(tx, now, { userId });
};

/** A fresh key for a movement the caller gave no Idempotency-Key for. */
export const freshKey = () => randomUUID();
