import type { Actor } from '../platform/actor';
import { createHash, randomBytes } from 'node:crypto';
import {
  CompetitionErrorCodes,
  IncentiveErrorCodes,
  MEASURED_STEP_SOURCES,
  type OperatorCompetition,
  type ParsedInput,
  type PrizeCompetition,
} from '@sukoyaka/contract';
import { and, count, desc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { prizeCompetitionEntries, prizeCompetitions, steps } from '../db/schema';
import { japanDate } from '../platform/conditions';
import { HttpError, notFound } from '../platform/errors';
import type { Handlers, Member } from '../platform/handlers';
import { auditOperator, type Operator } from '../platform/operators';
import { debit, InsufficientBalanceError } from './ledger';

/*
 * Prize competitions (issue 14). Entering a coin competition is a ledger debit keyed by
 * competition and member, so a retry never charges twice. The draw is reproducible: the seed is
 * SHA-256(secret | sorted qualifying member ids) with the secret committed (its hash published)
 * at creation; each qualifying entry is ranked by SHA-256(seed | member id), lowest first, and the
 * prizes go down that ranking in order. `verifyDraw` recomputes it from what is recorded.
 */

type Row = typeof prizeCompetitions.$inferSelect;
type Prize = { name: string; winners: number };

const DAY = 24 * 60 * 60 * 1000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const prizesOf = (row: Row): Prize[] => JSON.parse(row.prizes) as Prize[];

/** The seed of a draw over these members, and their ranking (first wins first). */
export function drawOrder(secret: string, userIds: string[]): { seed: string; ranking: string[] } {
  const sorted = [...userIds].sort();
  const seed = sha256(`${secret}|${sorted.join(',')}`);
  const ranking = sorted
    .map((userId) => ({ userId, score: sha256(`${seed}|${userId}`) }))
    .sort((a, b) => (a.score < b.score ? -1 : a.score > b.score ? 1 : 0))
    .map((entry) => entry.userId);
  return { seed, ranking };
}

/** The prize of each member in a ranking: prizes in order, each to as many as it has winners. */
export function assignPrizes(ranking: string[], prizes: Prize[]): Map<string, string> {
  const won = new Map<string, string>();
  let next = 0;
  for (const prize of prizes) {
    for (let index = 0; index < prize.winners && next < ranking.length; index += 1) won.set(ranking[next++]!, prize.name);
  }
  return won;
}

/**
 * The member's step total in the competition's period (Japan days, the health area's daily
 * counts): a device's or the app's counts only, not hand entries nor days held for review.
 */
async function stepTotal(db: Executor, userId: string, row: Row): Promise<number> {
  const [total] = await db
    .select({ value: sql<number>`coalesce(sum(${steps.steps}), 0)`.mapWith(Number) })
    .from(steps)
    .where(
      and(
        eq(steps.userId, userId),
        gte(steps.day, japanDate(row.startsAt)),
        lte(steps.day, japanDate(new Date(row.endsAt.getTime() - 1))),
        inArray(steps.source, [...MEASURED_STEP_SOURCES]),
        eq(steps.status, 'counted'),
      ),
    );
  return total?.value ?? 0;
}

/** What members and the association's staff both see of a competition. */
function competitionFields(row: Row) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    entryKind: row.entryKind,
    stepsRequired: row.stepsRequired,
    coinCost: row.coinCost,
    prizes: prizesOf(row),
    secretHash: row.secretHash,
    drawnAt: row.drawnAt?.toISOString() ?? null,
    drawSeed: row.drawSeed,
  };
}

async function toCompetition(db: Executor, row: Row, userId: string, now: Date): Promise<PrizeCompetition> {
  const [entry] = await db
    .select()
    .from(prizeCompetitionEntries)
    .where(and(eq(prizeCompetitionEntries.competitionId, row.id), eq(prizeCompetitionEntries.userId, userId)));
  const [entries] = await db
    .select({ value: count() })
    .from(prizeCompetitionEntries)
    .where(eq(prizeCompetitionEntries.competitionId, row.id));
  const open = row.startsAt <= now && row.endsAt > now;
  const state = entry?.result ?? (entry ? 'entered' : open ? 'open' : 'closed');
  return {
    ...competitionFields(row),
    secret: row.drawnAt ? row.secret : null,
    entryCount: entries?.value ?? 0,
    me: {
      state,
      enteredAt: entry?.enteredAt.toISOString() ?? null,
      steps: row.entryKind === 'steps' ? await stepTotal(db, userId, row) : null,
      prize: entry?.prize ?? null,
    },
  };
}

export async function listOpenCompetitions(db: Executor, member: Member, now: Date): Promise<{ items: PrizeCompetition[] }> {
  if (!member.associationId) return { items: [] };
  const rows = await db
    .select()
    .from(prizeCompetitions)
    .where(
      and(
        eq(prizeCompetitions.associationId, member.associationId),
        isNotNull(prizeCompetitions.publishedAt),
        lte(prizeCompetitions.startsAt, now),
        gte(prizeCompetitions.endsAt, new Date(now.getTime() - 30 * DAY)),
      ),
    )
    .orderBy(desc(prizeCompetitions.endsAt), desc(prizeCompetitions.id))
    .limit(50);
  const items: PrizeCompetition[] = [];
  for (const row of rows) items.push(await toCompetition(db, row, member.id, now));
  return { items };
}

export async function enterCompetition(db: Database, member: Member, competitionId: string, now: Date): Promise<PrizeCompetition> {
  if (!member.associationId) throw notFound('懸賞が見つかりませんでした。');
  const associationId = member.associationId;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(prizeCompetitions)
      .where(
        and(
          eq(prizeCompetitions.id, competitionId.toLowerCase()),
          eq(prizeCompetitions.associationId, associationId),
          isNotNull(prizeCompetitions.publishedAt),
        ),
      );
    if (!row) throw notFound('懸賞が見つかりませんでした。');
    const [existing] = await tx
      .select({ id: prizeCompetitionEntries.id })
      .from(prizeCompetitionEntries)
      .where(and(eq(prizeCompetitionEntries.competitionId, row.id), eq(prizeCompetitionEntries.userId, member.id)));
    if (existing) return toCompetition(tx, row, member.id, now);
    if (row.startsAt > now || row.endsAt <= now)
      throw new HttpError(409, CompetitionErrorCodes.closed, 'この懸賞は応募を受け付けていません。');
    let transferId: string | null = null;
    if (row.entryKind === 'coins') {
      try {
        const movement = await debit(tx, {
          kind: 'competition',
          userId: member.id,
          programId: null,
          amount: row.coinCost!,
          description: `懸賞への応募：${row.title}`,
          reference: row.id,
          idempotencyKey: `competition:${row.id}:${member.id}`,
          now,
        });
        transferId = movement.transferId;
      } catch (error) {
        if (error instanceof InsufficientBalanceError) {
          throw new HttpError(409, IncentiveErrorCodes.insufficientBalance, 'コインが足りません。');
        }
        throw error;
      }
    }
    await tx
      .insert(prizeCompetitionEntries)
      .values({ competitionId: row.id, userId: member.id, transferId, enteredAt: now })
      .onConflictDoNothing({ target: [prizeCompetitionEntries.competitionId, prizeCompetitionEntries.userId] });
    return toCompetition(tx, row, member.id, now);
  });
}

async function toOperatorCompetition(db: Executor, row: Row): Promise<OperatorCompetition> {
  const entries = await db
    .select({ id: prizeCompetitionEntries.id, result: prizeCompetitionEntries.result, prize: prizeCompetitionEntries.prize })
    .from(prizeCompetitionEntries)
    .where(eq(prizeCompetitionEntries.competitionId, row.id));
  return {
    ...competitionFields(row),
    entryCount: entries.length,
    winners: entries.filter((entry) => entry.result === 'won').map((entry) => ({ entryId: entry.id, prize: entry.prize! })),
  };
}

export async function listOperatorCompetitions(db: Executor, associationId: string): Promise<{ items: OperatorCompetition[] }> {
  const rows = await db
    .select()
    .from(prizeCompetitions)
    .where(eq(prizeCompetitions.associationId, associationId.toLowerCase()))
    .orderBy(desc(prizeCompetitions.createdAt))
    .limit(100);
  const items: OperatorCompetition[] = [];
  for (const row of rows) items.push(await toOperatorCompetition(db, row));
  return { items };
}

interface OperatorContext {
  db: Database;
  actor: Actor;
  operator: Operator;
  now: Date;
}

export async function createOperatorCompetition(
  { db, actor, operator, now }: OperatorContext,
  input: ParsedInput<'createOperatorPrizeCompetition'>,
): Promise<OperatorCompetition> {
  const associationId = input.associationId.toLowerCase();
  const secret = randomBytes(32).toString('hex');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(prizeCompetitions)
      .values({
        associationId,
        title: input.title,
        description: input.description,
        startsAt: new Date(input.startsAt),
        endsAt: new Date(input.endsAt),
        entryKind: input.entryKind,
        stepsRequired: input.entryKind === 'steps' ? input.stepsRequired! : null,
        coinCost: input.entryKind === 'coins' ? input.coinCost! : null,
        prizes: JSON.stringify(input.prizes),
        secret,
        secretHash: sha256(secret),
        publishedAt: now,
        createdAt: now,
      })
      .returning();
    await auditOperator(tx, actor, 'competition_created', operator.id, associationId, { competitionId: row!.id }, now);
    return toOperatorCompetition(tx, row!);
  });
}

/** Draws once, after the end: steps entries qualify by their total in the period. */
export async function drawCompetition(
  db: Database,
  associationId: string,
  competitionId: string,
  now: Date,
  audit?: { actor: Actor; operatorId: string },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(prizeCompetitions)
      .where(and(eq(prizeCompetitions.id, competitionId.toLowerCase()), eq(prizeCompetitions.associationId, associationId.toLowerCase())))
      .for('update');
    if (!row) throw notFound('懸賞が見つかりませんでした。');
    if (row.drawnAt || row.endsAt > now) {
      throw new HttpError(
        409,
        CompetitionErrorCodes.notDrawable,
        row.drawnAt ? 'この懸賞は抽選済みです。' : '応募期間が終わってから抽選できます。',
      );
    }
    const entries = await tx.select().from(prizeCompetitionEntries).where(eq(prizeCompetitionEntries.competitionId, row.id));
    const qualifying: string[] = [];
    for (const entry of entries) {
      if (row.entryKind === 'coins' || (await stepTotal(tx, entry.userId, row)) >= row.stepsRequired!) qualifying.push(entry.userId);
    }
    const { seed, ranking } = drawOrder(row.secret, qualifying);
    const prizes = assignPrizes(ranking, prizesOf(row));
    const qualified = new Set(qualifying);
    for (const entry of entries) {
      const prize = prizes.get(entry.userId) ?? null;
      await tx
        .update(prizeCompetitionEntries)
        .set({ result: prize ? 'won' : qualified.has(entry.userId) ? 'lost' : 'not_qualified', prize })
        .where(eq(prizeCompetitionEntries.id, entry.id));
    }
    const [drawn] = await tx
      .update(prizeCompetitions)
      .set({ drawnAt: now, drawSeed: seed })
      .where(eq(prizeCompetitions.id, row.id))
      .returning();
    if (audit) {
      await auditOperator(
        tx,
        audit.actor,
        'competition_drawn',
        audit.operatorId,
        row.associationId,
        { competitionId: row.id, seed, winners: prizes.size },
        now,
      );
    }
    return toOperatorCompetition(tx, drawn!);
  });
}

/** Re-runs a recorded draw: the same seed and the same winners, or the record was changed. */
export async function verifyDraw(db: Executor, competitionId: string): Promise<boolean> {
  const [row] = await db.select().from(prizeCompetitions).where(eq(prizeCompetitions.id, competitionId));
  if (!row?.drawSeed || sha256(row.secret) !== row.secretHash) return false;
  const entries = await db.select().from(prizeCompetitionEntries).where(eq(prizeCompetitionEntries.competitionId, row.id));
  const qualifying = entries.filter((entry) => entry.result === 'won' || entry.result === 'lost').map((entry) => entry.userId);
  const { seed, ranking } = drawOrder(row.secret, qualifying);
  const prizes = assignPrizes(ranking, prizesOf(row));
  return (
    seed === row.drawSeed && entries.every((entry) => (prizes.get(entry.userId) ?? null) === (entry.result === 'won' ? entry.prize : null))
  );
}

/** The competitions' calls, members' and operators', for the area's record (index.ts). */
export const competitionHandlers = {
  listOpenPrizeCompetitions: (_input, { db, member, now }) => listOpenCompetitions(db, member, now),
  enterPrizeCompetition: (input, { db, member, now }) => enterCompetition(db, member, input.competitionId, now),
  listOperatorPrizeCompetitions: (input, { db }) => listOperatorCompetitions(db, input.associationId),
  createOperatorPrizeCompetition: (input, context) => createOperatorCompetition(context, input),
  drawOperatorPrizeCompetition: (input, { db, actor, operator, now }) =>
    drawCompetition(db, input.associationId, input.competitionId, now, { actor, operatorId: operator.id }),
} satisfies Partial<Handlers>;
