import type { OperatorRole } from '@sukoyaka/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { associations, operatorRoles, operators } from '../db/schema';
import { hashPassword } from '../lib/password';
import { sealSecret } from './totp';

// The operators' accounts: the one module that writes `operators` and `operator_roles`.

export type OperatorRow = typeof operators.$inferSelect;

/** Failed passwords or codes in a row that lock an operator, and for how long (as for members). */
export const MAX_OPERATOR_FAILURES = 5;
export const OPERATOR_LOCK_MS = 30 * 60 * 1000;

export async function findOperatorByEmail(db: Executor, email: string): Promise<OperatorRow | null> {
  const [row] = await db.select().from(operators).where(eq(operators.email, email.trim().toLowerCase()));
  return row ?? null;
}

export async function findOperatorById(db: Executor, id: string): Promise<OperatorRow | null> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id));
  return row ?? null;
}

export function isLocked(row: Pick<OperatorRow, 'lockedUntil'>, now: Date): boolean {
  return row.lockedUntil !== null && row.lockedUntil.getTime() > now.getTime();
}

/**
 * Counts one failure and locks at the fifth in a row, in one UPDATE (concurrent failures cannot
 * both miss the lock). Answers whether the operator is locked now and how many tries are left.
 */
export async function recordOperatorFailure(db: Executor, operatorId: string, now: Date): Promise<{ locked: boolean; remaining: number }> {
  const lockedUntil = new Date(now.getTime() + OPERATOR_LOCK_MS);
  const [row] = await db
    .update(operators)
    .set({
      failedAuthCount: sql`case when ${operators.failedAuthCount} + 1 >= ${MAX_OPERATOR_FAILURES} then 0 else ${operators.failedAuthCount} + 1 end`,
      lockedUntil: sql`case when ${operators.failedAuthCount} + 1 >= ${MAX_OPERATOR_FAILURES} then ${lockedUntil.toISOString()}::timestamptz else ${operators.lockedUntil} end`,
    })
    .where(eq(operators.id, operatorId))
    .returning({ failedAuthCount: operators.failedAuthCount, lockedUntil: operators.lockedUntil });
  if (!row) return { locked: false, remaining: MAX_OPERATOR_FAILURES };
  const locked = isLocked(row, now);
  return { locked, remaining: locked ? 0 : MAX_OPERATOR_FAILURES - row.failedAuthCount };
}

export async function clearOperatorFailures(db: Executor, operatorId: string): Promise<void> {
  await db.update(operators).set({ failedAuthCount: 0, lockedUntil: null }).where(eq(operators.id, operatorId));
}

/**
 * Accepts a TOTP step only if it is after the last accepted one, in one UPDATE, so the same code
 * cannot sign in twice even from two browsers at once.
 */
export async function acceptTotpStep(db: Executor, operatorId: string, step: number): Promise<boolean> {
  const updated = await db
    .update(operators)
    .set({ totpLastStep: step, failedAuthCount: 0, lockedUntil: null })
    .where(and(eq(operators.id, operatorId), sql`coalesce(${operators.totpLastStep}, -1) < ${step}`))
    .returning({ id: operators.id });
  return updated.length === 1;
}

/** Registers an authenticator: the secret sealed to the operator's row, its first code's step used. */
export async function enableTotp(db: Executor, operatorId: string, secret: string, step: number, now: Date): Promise<void> {
  await db
    .update(operators)
    .set({
      totpSecret: sealSecret('operators.totp_secret', operatorId, secret),
      totpEnabledAt: now,
      totpLastStep: step,
      failedAuthCount: 0,
      lockedUntil: null,
    })
    .where(eq(operators.id, operatorId));
}

export interface NewOperator {
  email: string;
  name: string;
  password: string;
  roles: Array<{ associationId: string; role: OperatorRole }>;
  /** A secret to register at once (the seeded demo operator, tests); otherwise the operator enrols at first sign-in. */
  totpSecret?: string;
}

export class OperatorExistsError extends Error {}

/** Creates an operator with their roles, in one transaction. */
export async function createOperator(db: Executor, input: NewOperator, now: Date): Promise<OperatorRow> {
  const email = input.email.trim().toLowerCase();
  if (await findOperatorByEmail(db, email)) throw new OperatorExistsError(`an operator ${email} exists already`);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(operators).values({ email, name: input.name, passwordHash, createdAt: now }).returning();
    if (input.totpSecret) {
      await tx
        .update(operators)
        .set({ totpSecret: sealSecret('operators.totp_secret', row!.id, input.totpSecret), totpEnabledAt: now })
        .where(eq(operators.id, row!.id));
    }
    await setOperatorRoles(tx, row!.id, input.roles);
    return (await findOperatorById(tx, row!.id))!;
  });
}

/** Grants (or changes) roles: one per association. */
export async function setOperatorRoles(db: Executor, operatorId: string, roles: NewOperator['roles']): Promise<void> {
  for (const { associationId, role } of roles) {
    await db
      .insert(operatorRoles)
      .values({ operatorId, associationId, role })
      .onConflictDoUpdate({ target: [operatorRoles.operatorId, operatorRoles.associationId], set: { role } });
  }
}

/** The names of the associations the operator holds roles in (for the profile answer). */
export async function associationNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: associations.id, name: associations.name }).from(associations).where(inArray(associations.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Every operator, for the CLI's list. */
export async function listOperators(db: Executor, now: Date) {
  const rows = await db
    .select({
      id: operators.id,
      email: operators.email,
      name: operators.name,
      totpEnabledAt: operators.totpEnabledAt,
      lockedUntil: operators.lockedUntil,
    })
    .from(operators)
    .orderBy(operators.email);
  return rows.map((row) => ({ ...row, locked: row.lockedUntil !== null && row.lockedUntil > now }));
}
