// Point programs, their menus and the member's consent; the earning rules (menus over activity
// events) and the job that applies them.
import { randomUUID } from 'node:crypto';
import type { IncentiveUserAction, PointAccount, PointInfo, PointMenu } from '@sukoyaka/contract';
import { IncentiveErrorCodes, POINT_AGREEMENT_REQUIRED_MESSAGE } from '@sukoyaka/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../db/client';
import { earningMarks, pointAgreements, pointMenus, pointPrograms } from '../db/schema';
import { HttpError, notFound } from '../platform/errors';
import type { Member } from '../platform/handlers';
import { credit, findMemberAccount, lockMemberAccount, spendableBalance, upcomingExpiries, type ProgramId } from './ledger';

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
}

/**
 * Earns for one event in one currency, in one transaction: the member's account is locked (so
 * caps are counted without a race), the mark claims the (event, currency) pair (a second run, or
 * a second instance, finds it and writes nothing), then the program's consent, the menu's caps
 * and the daily ceiling, all counted on the pay day, decide whether and how much the event earns.
 */
async function earnOne(tx: Transaction, candidate: Candidate, now: Date): Promise<'earned' | 'capped' | 'no_consent' | 'skipped'> {
  const currency = candidate.programId ?? 'coin';
  const payDay = japanDayOf(now);
  await lockMemberAccount(tx, candidate.userId, candidate.programId);
  const claimed = await tx
    .insert(earningMarks)
    .values({
      eventId: candidate.eventId,
      currency,
      userId: candidate.userId,
      menuId: candidate.menuId,
      day: payDay,
      outcome: 'earned',
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ eventId: earningMarks.eventId });
  if (claimed.length === 0) return 'skipped';
  const mark = and(eq(earningMarks.eventId, candidate.eventId), eq(earningMarks.currency, currency));
  const [menu] = await tx.select().from(pointMenus).where(eq(pointMenus.id, candidate.menuId));
  let ceiling = COIN_DAILY_CEILING;
  if (candidate.programId !== null) {
    const [program] = await tx.select().from(pointPrograms).where(eq(pointPrograms.id, candidate.programId));
    if (!program || !(await hasAgreed(tx, candidate.userId, program))) {
      await tx.update(earningMarks).set({ outcome: 'no_consent' }).where(mark);
      return 'no_consent';
    }
    ceiling = program.dailyPointCeiling;
  }
  // One statement for the menu's caps and the currency's ceiling (two indexes, OR-ed).
  const [counts] = await tx
    .select({
      total: sql<string>`count(*) filter (where ${earningMarks.menuId} = ${candidate.menuId})`,
      today: sql<string>`count(*) filter (where ${earningMarks.menuId} = ${candidate.menuId} and ${earningMarks.day} = ${payDay})`,
      paidToday: sql<string>`coalesce(sum(${earningMarks.points}) filter (where ${earningMarks.currency} = ${currency} and ${earningMarks.day} = ${payDay}), 0)`,
    })
    .from(earningMarks)
    .where(
      and(
        eq(earningMarks.userId, candidate.userId),
        eq(earningMarks.outcome, 'earned'),
        sql`(${earningMarks.menuId} = ${candidate.menuId} or (${earningMarks.currency} = ${currency} and ${earningMarks.day} = ${payDay}))`,
        sql`not (${earningMarks.eventId} = ${candidate.eventId} and ${earningMarks.currency} = ${currency})`,
      ),
    );
  const today = Number(counts?.today ?? 0);
  const total = Number(counts?.total ?? 0);
  const amount = Math.min(menu!.points, ceiling - Number(counts?.paidToday ?? 0));
  if ((menu!.dailyLimit !== null && today >= menu!.dailyLimit) || (menu!.totalLimit !== null && total >= menu!.totalLimit) || amount <= 0) {
    await tx.update(earningMarks).set({ outcome: 'capped' }).where(mark);
    return 'capped';
  }
  const result = await credit(tx, {
    kind: 'earn',
    userId: candidate.userId,
    programId: candidate.programId,
    amount,
    description: menu!.title,
    reference: `menu:${menu!.id}`,
    idempotencyKey: `earn:${candidate.eventId}:${currency}`,
    now,
  });
  await tx.update(earningMarks).set({ transferId: result.transferId, points: amount }).where(mark);
  return 'earned';
}

export interface EarningResult {
  processed: number;
  earned: number;
  capped: number;
  noConsent: number;
  late: number;
}

/**
 * The earning job: activity events not yet marked for a currency that has a menu for their kind
 * (a coin rule, or a menu of a program of the member's association), oldest first. An event
 * recorded before the menu existed does not earn by it. An event written later than the day after
 * its day is marked `late` with the rest of its batch in one statement. `userId` limits it to one
 * member (a write that recorded the member's activity settles it in its own transaction,
 * `settleEarnings`; reads never do, decision 0006).
 */
export async function runEarning(db: Executor, now: Date, options: { userId?: string; batch?: number } = {}): Promise<EarningResult> {
  const result: EarningResult = { processed: 0, earned: 0, capped: 0, noConsent: 0, late: 0 };
  const batch = options.batch ?? 500;
  const payDay = japanDayOf(now);
  for (let round = 0; round < 1000; round += 1) {
    const rows = (await db.execute(sql`
      select e.id as event_id, e.user_id, m.program_id, m.id as menu_id,
             e.day < (e.created_at at time zone 'Asia/Tokyo')::date - 1 as late
      from activity_events e
      join users u on u.id = e.user_id
      join point_menus m on m.event_kind = e.kind and e.created_at >= m.created_at
      left join point_programs p on p.id = m.program_id
      where (m.program_id is null or p.association_id = u.association_id)
        ${options.userId ? sql`and e.user_id = ${options.userId}` : sql``}
        and not exists (select 1 from earning_marks k where k.event_id = e.id and k.currency = coalesce(m.program_id::text, 'coin'))
      order by e.created_at, e.id, m.position, m.created_at, m.id
      limit ${batch}`)) as unknown;
    const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as Array<{
      event_id: string;
      user_id: string;
      program_id: string | null;
      menu_id: string;
      late: boolean;
    }>;
    if (list.length === 0) break;
    // One menu per (event, currency): the first by position.
    const seen = new Set<string>();
    const late: Array<typeof earningMarks.$inferInsert> = [];
    for (const row of list) {
      const key = `${row.event_id}|${row.program_id ?? 'coin'}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (row.late) {
        const currency = row.program_id ?? 'coin';
        late.push({
          eventId: row.event_id,
          currency,
          userId: row.user_id,
          menuId: row.menu_id,
          day: payDay,
          outcome: 'late',
          createdAt: now,
        });
        continue;
      }
      const outcome = await db.transaction((tx) =>
        earnOne(tx, { eventId: row.event_id, userId: row.user_id, programId: row.program_id, menuId: row.menu_id }, now),
      );
      if (outcome === 'skipped') continue;
      result.processed += 1;
      if (outcome === 'earned') result.earned += 1;
      if (outcome === 'capped') result.capped += 1;
      if (outcome === 'no_consent') result.noConsent += 1;
    }
    if (late.length > 0) {
      const marked = await db.insert(earningMarks).values(late).onConflictDoNothing().returning({ eventId: earningMarks.eventId });
      result.processed += marked.length;
      result.late += marked.length;
    }
    if (list.length < batch) break;
  }
  return result;
}

/** The platform's activity settler (app.ts registers it): one member's events, in the writer's transaction. */
export const settleEarnings = async (tx: Executor, userId: string, now: Date): Promise<void> => {
  await runEarning(tx, now, { userId });
};

/** A fresh key for a movement the caller gave no Idempotency-Key for. */
export const freshKey = () => randomUUID();
