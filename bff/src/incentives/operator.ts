// What an association's operator does (bff/src/cli/incentives.ts calls these): programs with their
// menus, coin rules, campaigns, manual grants and revocations (transfers, audited).
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { associations, pointCampaigns, pointMenus, pointPrograms, users } from '../db/schema';
import { audit } from '../platform/audit';
import { credit, debit, InsufficientBalanceError } from './ledger';

export type MenuKind =
  'vital_recorded' | 'step_goal_reached' | 'enquete_answered' | 'campaign_entered' | 'challenge_completed' | 'article_quiz_correct';

export interface MenuSpec {
  kind: MenuKind;
  /** For vital_recorded: which vital (bloodPressure, weight, …); omitted: none (every kind needs one). */
  vitalType?: string;
  /** For challenge_completed: the challenge whose completion it rewards (challenges.ts). */
  challengeId?: string;
  title: string;
  points: number;
  dailyLimit?: number | null;
  totalLimit?: number | null;
}

const eventKindOf = (menu: MenuSpec) => {
  if (menu.kind === 'vital_recorded') {
    if (!menu.vitalType) throw new Error('a vital_recorded menu names its vital type');
    return `vital_recorded:${menu.vitalType}`;
  }
  if (menu.kind === 'challenge_completed') {
    if (!menu.challengeId) throw new Error('a challenge_completed menu names its challenge');
    return `challenge_completed:${menu.challengeId}`;
  }
  return menu.kind;
};

function checkMenu(menu: MenuSpec): void {
  if (!Number.isInteger(menu.points) || menu.points < 1) throw new Error(`${menu.title}: points must be a positive whole number`);
  for (const limit of [menu.dailyLimit, menu.totalLimit]) {
    if (limit !== undefined && limit !== null && (!Number.isInteger(limit) || limit < 1))
      throw new Error(`${menu.title}: a cap is a positive whole number`);
  }
}

export async function addMenus(db: Executor, programId: string | null, menus: MenuSpec[]): Promise<string[]> {
  menus.forEach(checkMenu);
  if (menus.length === 0) return [];
  const rows = await db
    .insert(pointMenus)
    .values(
      menus.map((menu, position) => ({
        programId,
        kind: menu.kind,
        eventKind: eventKindOf(menu),
        title: menu.title,
        points: menu.points,
        dailyLimit: menu.dailyLimit ?? null,
        totalLimit: menu.totalLimit ?? null,
        position,
      })),
    )
    .returning({ id: pointMenus.id });
  return rows.map((row) => row.id);
}

export interface ProgramSpec {
  associationId: string;
  name: string;
  description?: string;
  expiryMonths?: number;
  requiresConsent?: boolean;
  consentText?: string;
  /** The most points the program pays one member a day (default 200). */
  dailyPointCeiling?: number;
  menus?: MenuSpec[];
}

/** A point program with its menus, in one transaction. */
export async function createProgram(db: Database, spec: ProgramSpec): Promise<string> {
  const months = spec.expiryMonths ?? 36;
  if (!Number.isInteger(months) || months < 1 || months > 120) throw new Error('expiry is 1–120 months');
  const ceiling = spec.dailyPointCeiling;
  if (ceiling !== undefined && (!Number.isInteger(ceiling) || ceiling < 1 || ceiling > 1_000_000))
    throw new Error('the daily ceiling is 1–1,000,000 points');
  const [association] = await db.select({ id: associations.id }).from(associations).where(eq(associations.id, spec.associationId));
  if (!association) throw new Error('no such association');
  return db.transaction(async (tx) => {
    const [program] = await tx
      .insert(pointPrograms)
      .values({
        associationId: spec.associationId,
        name: spec.name,
        description: spec.description ?? '',
        expiryMonths: months,
        requiresConsent: spec.requiresConsent ?? false,
        consentText: spec.consentText ?? '',
        ...(ceiling !== undefined ? { dailyPointCeiling: ceiling } : {}),
      })
      .returning({ id: pointPrograms.id });
    await addMenus(tx, program!.id, spec.menus ?? []);
    return program!.id;
  });
}

export async function addCampaign(
  db: Database,
  campaign: { programId: string; title: string; description?: string; startsAt: Date; endsAt: Date; partnerUrl: string },
): Promise<string> {
  const url = new URL(campaign.partnerUrl);
  if (url.protocol !== 'https:' && url.hostname !== 'localhost') throw new Error('a partner URL is https');
  const [row] = await db
    .insert(pointCampaigns)
    .values({ ...campaign, description: campaign.description ?? '' })
    .returning({ id: pointCampaigns.id });
  return row!.id;
}

export interface Adjustment {
  userId: string;
  /** null: coins. */
  programId: string | null;
  amount: number;
  reason: string;
  /** Who did it (the operator's name), kept in the audit log. */
  operator: string;
  /** Unique per adjustment: running the same command twice adjusts once. */
  idempotencyKey: string;
  now: Date;
  expiresAt?: Date;
}

async function checkMember(db: Database, adjustment: Adjustment): Promise<void> {
  if (!adjustment.reason.trim()) throw new Error('a reason is required');
  const [user] = await db.select({ id: users.id, leftAt: users.leftAt }).from(users).where(eq(users.id, adjustment.userId));
  // A member who left is only the anonymous holder of their old ledger entries: nothing new is booked to them.
  if (!user || user.leftAt) throw new Error('no such member');
}

/** Grants points (or coins) with a reason: a transfer from the adjustment account, audited. */
export async function grantPoints(db: Database, adjustment: Adjustment) {
  await checkMember(db, adjustment);
  return db.transaction(async (tx) => {
    const result = await credit(tx, {
      kind: 'grant',
      userId: adjustment.userId,
      programId: adjustment.programId,
      amount: adjustment.amount,
      description: adjustment.reason,
      reference: `operator:${adjustment.operator}`,
      idempotencyKey: `grant:${adjustment.idempotencyKey}`,
      now: adjustment.now,
      ...(adjustment.expiresAt ? { expiresAt: adjustment.expiresAt } : {}),
    });
    if (!result.replayed) {
      await audit(
        tx,
        null,
        'points_adjusted',
        adjustment.userId,
        {
          direction: 'grant',
          programId: adjustment.programId,
          amount: adjustment.amount,
          reason: adjustment.reason,
          operator: adjustment.operator,
          transferId: result.transferId,
        },
        adjustment.now,
      );
    }
    return result;
  });
}

/** Revokes points with a reason (soonest-expiring lots first); refused when the balance is short. */
export async function revokePoints(db: Database, adjustment: Adjustment) {
  await checkMember(db, adjustment);
  return db.transaction(async (tx) => {
    let result;
    try {
      result = await debit(tx, {
        kind: 'revoke',
        userId: adjustment.userId,
        programId: adjustment.programId,
        amount: adjustment.amount,
        description: adjustment.reason,
        reference: `operator:${adjustment.operator}`,
        idempotencyKey: `revoke:${adjustment.idempotencyKey}`,
        now: adjustment.now,
      });
    } catch (error) {
      if (error instanceof InsufficientBalanceError) throw new Error(`the balance (${error.balance}) does not cover ${error.needed}`);
      throw error;
    }
    if (!result.replayed) {
      await audit(
        tx,
        null,
        'points_adjusted',
        adjustment.userId,
        {
          direction: 'revoke',
          programId: adjustment.programId,
          amount: adjustment.amount,
          reason: adjustment.reason,
          operator: adjustment.operator,
          transferId: result.transferId,
        },
        adjustment.now,
      );
    }
    return result;
  });
}
