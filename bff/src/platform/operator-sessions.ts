// The one module that writes the operator_sessions table: the operator session plugin and the
// operators' sign-in steps call it. Operator sessions never share anything with members' sessions.
import type { OperatorRole } from '@sukoyaka/contract';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { operatorRoles, operators, operatorSessions } from '../db/schema';
import { randomToken, sha256 } from '../lib/tokens';

export type OperatorSessionRow = typeof operatorSessions.$inferSelect;

/** The operator an operator call sees (never a member). */
export interface Operator {
  id: string;
  email: string;
  name: string;
  /** Every association the operator may act in, with the role held there. */
  roles: Array<{ associationId: string; role: OperatorRole }>;
}

/** A loaded operator session, the raw cookie token that names it, and its operator once known. */
export interface OperatorSession {
  row: OperatorSessionRow;
  token: string;
  /** The operator once the password step is done (signed in only with `row.secondFactorAt`). */
  operator: Operator | null;
}

/** An operator session lasts at most this long from its start… */
export const OPERATOR_SESSION_MAX_MS = 8 * 60 * 60 * 1000;
/** …and ends after this long unused. */
export const OPERATOR_SESSION_IDLE_MS = 30 * 60 * 1000;
/** lastSeenAt is written at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/**
 * Every association the operator may act in, with the role held there, oldest grant first: a JSON
 * array inside the session's own query.
 */
const rolesOfSessionOperator = sql<Operator['roles']>`(
  select coalesce(
    json_agg(
      json_build_object('associationId', ${operatorRoles.associationId}, 'role', ${operatorRoles.role})
      order by ${operatorRoles.createdAt}, ${operatorRoles.associationId}
    ),
    '[]'::json
  )
  from ${operatorRoles} where ${operatorRoles.operatorId} = ${operators.id}
)`;

/**
 * The session a cookie names, if it is neither past its end nor idle too long, with its operator
 * and their roles in one statement (every operator call starts with it); a disabled operator's
 * session is no session.
 */
export async function findOperatorSession(db: Database, token: string, now: Date): Promise<OperatorSession | null> {
  const idleSince = new Date(now.getTime() - OPERATOR_SESSION_IDLE_MS);
  const [found] = await db
    .select({
      session: operatorSessions,
      operator: { id: operators.id, email: operators.email, name: operators.name, disabledAt: operators.disabledAt },
      roles: rolesOfSessionOperator,
    })
    .from(operatorSessions)
    .leftJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(eq(operatorSessions.tokenHash, sha256(token)), gt(operatorSessions.expiresAt, now), gt(operatorSessions.lastSeenAt, idleSince)),
    );
  if (!found) return null;
  const { session, operator, roles } = found;
  if (session.operatorId && (!operator || operator.disabledAt)) return null;
  return {
    row: session,
    token,
    operator: operator ? { id: operator.id, email: operator.email, name: operator.name, roles } : null,
  };
}

/** Keeps an operator session alive while it is used (at most one write a minute). */
export async function touchOperatorSession(db: Database, row: OperatorSessionRow, now: Date): Promise<void> {
  if (now.getTime() - row.lastSeenAt.getTime() < TOUCH_INTERVAL_MS) return;
  await db.update(operatorSessions).set({ lastSeenAt: now }).where(eq(operatorSessions.id, row.id));
}

export async function createOperatorSession(
  db: Executor,
  fields: { operatorId: string | null; secondFactorAt?: Date | null; pendingTotpSecret?: string | null },
  now: Date,
): Promise<{ row: OperatorSessionRow; token: string }> {
  const token = randomToken();
  const [row] = await db
    .insert(operatorSessions)
    .values({
      tokenHash: sha256(token),
      operatorId: fields.operatorId,
      secondFactorAt: fields.secondFactorAt ?? null,
      pendingTotpSecret: fields.pendingTotpSecret ?? null,
      authenticityToken: randomToken(),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + OPERATOR_SESSION_MAX_MS),
    })
    .returning();
  return { row: row!, token };
}

export async function deleteOperatorSession(db: Executor, sessionId: string): Promise<void> {
  await db.delete(operatorSessions).where(eq(operatorSessions.id, sessionId));
}

/** Enrolment: the secret offered to this session (sealed), until the first code confirms it. */
export async function setPendingTotpSecret(db: Executor, sessionId: string, sealedSecret: string | null): Promise<void> {
  await db.update(operatorSessions).set({ pendingTotpSecret: sealedSecret }).where(eq(operatorSessions.id, sessionId));
}

/** Ends every session of an operator (disabled, password or second factor changed). */
export async function deleteOperatorSessionsOf(db: Executor, operatorId: string): Promise<number> {
  const ended = await db.delete(operatorSessions).where(eq(operatorSessions.operatorId, operatorId)).returning({ id: operatorSessions.id });
  return ended.length;
}

/** Sessions past their end or idle too long. */
export async function deleteExpiredOperatorSessions(db: Database, now: Date): Promise<void> {
  const idleSince = new Date(now.getTime() - OPERATOR_SESSION_IDLE_MS);
  await db.delete(operatorSessions).where(or(lt(operatorSessions.expiresAt, now), lt(operatorSessions.lastSeenAt, idleSince)));
}

/** Whether the session is fully signed in (both factors). */
export function isSignedInOperatorSession(session: OperatorSession | null): session is OperatorSession & { operator: Operator } {
  return !!session?.operator && session.row.secondFactorAt !== null;
}
