// The one module that writes idempotency_keys: the call routing (routes.ts) runs every POST that
// carries an Idempotency-Key through here, and the hourly pruning forgets keys after 24 hours.
// A call that creates something (createsResource) runs and records its key with its answer in one
// transaction, the key's row its last write: a crash loses both (the retry runs once) or keeps both
// (it replays); a retry that meets the key current rolls its own run back and replays the first.
// The recorded answer is sealed with the platform's key (crypto.ts): it may carry a redeemed gift
// code, an operator's TOTP secret or check-up values, and is kept as long as the key (24 hours).
import { ErrorCodes, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@sukoyaka/contract';
import { and, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { configuredKeyring, decryptString, encrypt } from './crypto';
import { sha256 } from '../lib/tokens';
import { HttpError } from './errors';
import { isUniqueViolation } from './unique-codes';

/** A key is remembered, and its answer replayed, for this long. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A key still 'running' after this long belongs to a call that never finished (its process died):
 * a retry may run it again. Far beyond the client's 30-second timeout and the statement timeout.
 * For a call that creates something this is always safe: its claim, write and answer commit
 * together, so a committed 'running' row (one left by an older version) has no write behind it.
 * For the other calls (sign-in, step-ups, settings) the handler commits its own writes before the
 * answer is recorded, so a retry after this long may run again: they must not be wrapped in one
 * transaction (a refusal's failure counter would roll back with it), and running them twice is
 * harmless (the same setting set again, one more counted failure).
 */
export const ABANDONED_AFTER_MS = 5 * 60 * 1000;

export const IDEMPOTENCY_HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();
/** Marks an answer that was replayed from the first run rather than run again. */
export const REPLAYED_HEADER = 'idempotent-replayed';

export interface StoredAnswer {
  status: number;
  body: unknown;
}

export type Claim =
  { kind: 'run'; finish(answer: StoredAnswer): Promise<void>; abandon(): Promise<void> } | { kind: 'replay'; answer: StoredAnswer };

export const invalidIdempotencyKey = () =>
  new HttpError(400, ErrorCodes.invalidParameters, 'Idempotency-Keyは1〜255文字の半角英数字・記号で指定してください。');
const keyReused = () =>
  new HttpError(
    422,
    ErrorCodes.idempotencyKeyReused,
    'この操作は別の内容ですでに送信されています。画面を再読み込みしてから、もう一度お試しください。',
  );
const keyInUse = () => new HttpError(409, ErrorCodes.idempotencyKeyInUse, 'この操作は処理中です。しばらくしてから結果をご確認ください。');

/** The key the request carries, or undefined; a malformed one is refused. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value)) throw invalidIdempotencyKey();
  return value;
}

/** Key order does not change what was sent: the hash is over the input with sorted keys. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Binds a sealed answer to its owner and key: copied to another row, it does not open. */
const answerContext = (owner: string, key: string) => `idempotency_keys.response|${owner.length}|${owner}|${key}`;

const sealAnswer = (owner: string, key: string, body: unknown): string =>
  encrypt(configuredKeyring(), JSON.stringify(body ?? null), answerContext(owner, key));

/** The recorded answer: sealed, or (written by an older release during a rolling deploy) in the clear. */
const openAnswer = (owner: string, key: string, row: { sealedResponse: string | null; response: unknown }): unknown =>
  row.sealedResponse === null
    ? (row.response ?? null)
    : JSON.parse(decryptString(configuredKeyring(), row.sealedResponse, answerContext(owner, key)));

export function requestHash(callName: string, input: unknown): string {
  return sha256(`${callName}\n${canonical(input ?? {})}`);
}

/** Whose key, which one, for which call and input, at what moment. */
export type KeyedRequest = { owner: string; key: string; callName: string; input: unknown; now: Date };

/** The WHERE of DO UPDATE: only a row that is no longer current (it expired, or its call never finished) is taken over. */
const takenOver = (now: Date) =>
  or(
    lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)),
    and(eq(idempotencyKeys.status, 'running'), lt(idempotencyKeys.createdAt, new Date(now.getTime() - ABANDONED_AFTER_MS))),
  );

type KeyRow = Omit<typeof idempotencyKeys.$inferInsert, 'owner' | 'key'>;

/**
 * One statement decides: insert the key's row, or take over a row that expired or was abandoned; a
 * row that is current is left alone (the WHERE of DO UPDATE fails), and nothing comes back.
 */
async function writeKeyRow(db: Executor, { owner, key, now }: KeyedRequest, row: KeyRow): Promise<{ createdAt: Date } | undefined> {
  const [written] = await db
    .insert(idempotencyKeys)
    .values({ owner, key, ...row })
    .onConflictDoUpdate({ target: [idempotencyKeys.owner, idempotencyKeys.key], set: row, where: takenOver(now) })
    .returning({ createdAt: idempotencyKeys.createdAt });
  return written;
}

/**
 * Claims `key` for this call, atomically: the first request inserts the row and runs; a retry of
 * a finished call gets its answer; a retry while it runs gets 409; the key reused for another call
 * or input gets 422. A row older than 24 hours (or abandoned while running) is taken over.
 */
export async function claimIdempotencyKey(db: Executor, request: KeyedRequest): Promise<Claim> {
  const { owner, key, callName, now } = request;
  const fresh = {
    callName,
    requestHash: requestHash(callName, request.input),
    status: 'running' as const,
    responseStatus: null,
    response: null,
    createdAt: now,
  };
  const claimed = await writeKeyRow(db, request, fresh);
  if (!claimed) return recordedAnswer(db, request);
  const mine = and(eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.key, key), eq(idempotencyKeys.createdAt, claimed.createdAt));
  return {
    kind: 'run',
    async finish(answer) {
      await db
        .update(idempotencyKeys)
        .set({ status: 'done', responseStatus: answer.status, sealedResponse: sealAnswer(owner, key, answer.body) })
        .where(mine);
    },
    async abandon() {
      await db.delete(idempotencyKeys).where(mine);
    },
  };
}

/** The key's row, if there is one. */
async function keyRowOf(db: Executor, { owner, key }: KeyedRequest) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.key, key)));
  return row;
}

/** 422 when the key was used for another call or input. */
function assertSameRequest(row: { callName: string; requestHash: string }, request: KeyedRequest): void {
  if (row.callName !== request.callName || row.requestHash !== requestHash(request.callName, request.input)) throw keyReused();
}

async function answerOf(db: Executor, row: typeof idempotencyKeys.$inferSelect, request: KeyedRequest): Promise<StoredAnswer> {
  const body =
    row.answerFrom === null ? openAnswer(row.owner, row.key, row) : await filledAnswer(db, row.owner, row.answerFrom, request.now);
  return { status: row.responseStatus ?? 200, body };
}

/**
 * The answer recorded under a key that is current: its replay; 422 when the key was used for
 * another call or input; 409 while its call still runs, or when the row went meanwhile (pruned, or
 * its call failed and let go of it: a rare race whose honest answer is "still being decided").
 */
export async function recordedAnswer(db: Executor, request: KeyedRequest): Promise<{ kind: 'replay'; answer: StoredAnswer }> {
  const existing = await keyRowOf(db, request);
  if (!existing) throw keyInUse();
  assertSameRequest(existing, request);
  if (existing.status !== 'done') throw keyInUse();
  return { kind: 'replay', answer: await answerOf(db, existing, request) };
}

/**
 * After a creating call's run failed or was refused: the answer its key recorded for this very
 * call and input, if its call went through (null when there is none yet); 422 when the key was
 * used for another call or input.
 */
export async function findRecordedAnswer(db: Executor, request: KeyedRequest): Promise<StoredAnswer | null> {
  const existing = await keyRowOf(db, request);
  if (!existing) return null;
  assertSameRequest(existing, request);
  return existing.status === 'done' ? answerOf(db, existing, request) : null;
}

/**
 * A call that creates something records its key and answer as the last write of the transaction
 * that made it (platform/routes.ts, runCreating): one statement, the key's row written once, done.
 * False when the key is current for another run (a retry of a call that went through, or one
 * running beside it: this insert waited for its commit): the caller rolls back and replays it.
 */
export async function recordCreatedAnswer(tx: Executor, request: KeyedRequest, answer: StoredAnswer): Promise<boolean> {
  const { owner, key, callName, now } = request;
  const done = {
    callName,
    requestHash: requestHash(callName, request.input),
    status: 'done' as const,
    responseStatus: answer.status,
    response: null,
    sealedResponse: sealAnswer(owner, key, answer.body),
    createdAt: now,
  };
  return (await writeKeyRow(tx, request, done)) !== undefined;
}

/**
 * A creating call whose handler writes its key itself, in the one statement that makes what it
 * creates (decision 0043; routes.ts gives it to the handlers marked `keysItself`), outside any
 * transaction: the key's row names what was made (`answer_from`, `<kind>:<id>`) instead of a
 * sealed answer, and a replay asks the kind's filler for the answer. A key already there (a retry,
 * one running beside it, a row to take over) fails the statement with a unique violation, and
 * the route runs the call again in its transaction, which answers each of those.
 */
export interface OwnKey {
  /** The key's row as the body of a CTE: written when `when` holds (what the statement made). */
  row(answerFrom: string, when: SQL): SQL;
}

export function ownKeyOf(request: KeyedRequest): OwnKey {
  const { owner, key, callName, now } = request;
  const hash = requestHash(callName, request.input);
  const row = (answerFrom: string, when: SQL) =>
    sql`insert into ${idempotencyKeys} (owner, key, call_name, request_hash, status, response_status, answer_from, created_at)
      select ${owner}, ${key}, ${callName}, ${hash}, 'done', 200, ${answerFrom}, ${now.toISOString()}::timestamptz where ${when}`;
  return { row };
}

/** The statement met the key's row (its primary key): the call is run again in its transaction. */
export const isKeyTaken = (error: unknown): boolean => isUniqueViolation(error, 'idempotency_keys_owner_key_pk');

/** A handler marked `keysItself` needs the call's transaction after all (a gift to read in it, a replay): nothing was written. */
export class NeedsKeyTransaction extends Error {}

/** Rebuilds a recorded answer from what the call made: `(db, owner, id, now)`, by the kind of `answer_from`. */
export type AnswerFiller = (db: Executor, owner: string, id: string, now: Date) => Promise<unknown>;
const answerFillers = new Map<string, AnswerFiller>();

/** An area says how its calls' answers are rebuilt for a replay (incentives/gifts.ts: a redemption). */
export function fillAnswersOf(kind: string, filler: AnswerFiller): void {
  answerFillers.set(kind, filler);
}

async function filledAnswer(db: Executor, owner: string, answerFrom: string, now: Date): Promise<unknown> {
  const at = answerFrom.indexOf(':');
  const filler = answerFillers.get(answerFrom.slice(0, at));
  if (!filler) throw new Error(`no filler for the recorded answer ${answerFrom.slice(0, at)}`);
  return filler(db, owner, answerFrom.slice(at + 1), now);
}

/** Forgets keys older than 24 hours (the hourly pruning in server.ts). */
export async function deleteExpiredIdempotencyKeys(db: Executor, now: Date): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}

/** A member left the service: the answers kept for their retries (a gift code, say) go too. */
export async function deleteIdempotencyKeysOf(tx: Executor, owner: string): Promise<void> {
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.owner, owner));
}
