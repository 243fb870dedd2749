// The import of the member's records from the portal, as a durable background job: the call
// queues a row and answers at once; a worker in the bff claims queued jobs (FOR UPDATE SKIP LOCKED
// and a lease, so instances share the work and a job whose process died is taken up again),
// fetches check-ups, medicines and bills through the portal client, parses the CDA documents and
// stores each kind in its own transaction with the job's progress. A failure marks the job failed
// with a reason in Japanese and keeps whatever was stored before it; nothing is deleted.
import type { Actor } from '../platform/actor';
import { randomUUID } from 'node:crypto';
import {
  MYNA_MESSAGES,
  MynaErrorCodes,
  type MynaImport,
  type MynaImportPhase,
  type MynaImportStatus,
  type MynaRecordKind,
} from '@sukoyaka/contract';
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database, Executor } from '../db/client';
import { mynaImportJobs, mynaLinks } from '../db/schema';
import { CdaParseError, parseCheckupCda } from '../integrations/myna-portal/cda';
import { fetchCheckups, fetchMedicalBills, fetchMedicines } from '../integrations/myna-portal/client';
import { MynaPortalUnavailable, MynaTokenInvalid } from '../integrations/myna-portal/errors';
import { refreshMynaTokens } from '../integrations/myna-portal/oauth';
import type { MynaPortalConfig } from '../integrations/myna-portal/types';
import { audit } from '../platform/audit';
import { HttpError } from '../platform/errors';
import { registerIntervalJob } from '../platform/jobs';
import { assertCurrentConsent, hasCurrentConsent } from './agreements';
import { findMemberKey, type MemberKey } from './keys';
import { isSecretQuestionRegistered, secretQuestionRequired } from './secret-question';
import { storeBills, storeDispensings, storeExams, type StoredExam } from './store';

export type ImportJobRow = typeof mynaImportJobs.$inferSelect;
type Counts = Record<MynaRecordKind, { fetched: number; added: number }>;

const emptyCounts = (): Counts => ({
  medicalExams: { fetched: 0, added: 0 },
  medicines: { fetched: 0, added: 0 },
  medicalBills: { fetched: 0, added: 0 },
});

/** A job holds its claim this long; past it, another pass may take the job up again. */
const LEASE_MS = 10 * 60 * 1000;
/** A job whose process died this many times is given up rather than retried for ever. */
const MAX_ATTEMPTS = 3;

export function toImport(row: ImportJobRow): MynaImport {
  const counts = { ...emptyCounts(), ...row.counts } as Counts;
  return {
    id: row.id,
    status: row.status as MynaImportStatus,
    phase: row.phase as MynaImportPhase,
    counts,
    failureReason: row.failureReason,
    requestedAt: row.requestedAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export async function latestImport(db: Executor, userId: string): Promise<ImportJobRow | undefined> {
  const [row] = await db
    .select()
    .from(mynaImportJobs)
    .where(eq(mynaImportJobs.userId, userId))
    .orderBy(desc(mynaImportJobs.requestedAt), desc(mynaImportJobs.id))
    .limit(1);
  return row;
}

const activeImport = async (db: Executor, userId: string) => {
  const [row] = await db
    .select()
    .from(mynaImportJobs)
    .where(and(eq(mynaImportJobs.userId, userId), inArray(mynaImportJobs.status, ['queued', 'running'])));
  return row;
};

// Bumped by every queued job; the app wakes the worker after the request that queued one.
let queuedCount = 0;

export const notLinked = () => new HttpError(409, MynaErrorCodes.notLinked, MYNA_MESSAGES.notLinked);
const relinkRequired = () => new HttpError(409, MynaErrorCodes.relinkRequired, MYNA_MESSAGES.relinkRequired);

/**
 * The link can no longer read anything: its access token has expired and there is no refresh
 * token to renew it (the portal issued none, or refused it: the grant ended, and
 * markRelinkRequired dropped it). Only linking again helps; getMynaConnectionState says so.
 */
export const isRelinkRequired = (link: Pick<typeof mynaLinks.$inferSelect, 'refreshToken' | 'tokenExpiresAt'>, now: Date) =>
  link.refreshToken === null && link.tokenExpiresAt.getTime() <= now.getTime();

/**
 * Queues an import (consent, link and a registered secret question needed) and answers at once;
 * while one is queued or running, answers that one instead of queuing another.
 */
export async function requestImport(db: Database, actor: Actor | null, userId: string, now: Date): Promise<MynaImport> {
  await assertCurrentConsent(db, userId);
  const [link] = await db
    .select({ id: mynaLinks.id, refreshToken: mynaLinks.refreshToken, tokenExpiresAt: mynaLinks.tokenExpiresAt })
    .from(mynaLinks)
    .where(eq(mynaLinks.userId, userId));
  if (!link) throw notLinked();
  // An import would fail at once without reaching the portal: say what helps instead.
  if (isRelinkRequired(link, now)) throw relinkRequired();
  if (!(await isSecretQuestionRegistered(db, userId))) throw secretQuestionRequired();
  const running = await activeImport(db, userId);
  if (running) return toImport(running);
  // Just after the member's previous job when the clock has not moved past it, so the newest is well defined.
  const previous = await latestImport(db, userId);
  const requestedAt = previous && previous.requestedAt.getTime() >= now.getTime() ? new Date(previous.requestedAt.getTime() + 1) : now;
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(mynaImportJobs)
      .values({ id: randomUUID(), userId, status: 'queued', phase: 'queued', counts: emptyCounts(), requestedAt })
      // The partial unique index: another request queued one at the same moment.
      .onConflictDoNothing()
      .returning();
    if (inserted) await audit(tx, actor, 'myna_import_requested', userId, { importId: inserted.id }, now);
    return inserted;
  });
  if (!row) return toImport((await activeImport(db, userId))!);
  queuedCount += 1;
  return toImport(row);
}

// ——— the worker ———

const REASONS = {
  linkExpired:
    'マイナポータルとの連携の有効期限が切れたため、取り込めませんでした。もう一度マイナンバーカードで連携してから取り込んでください。',
  scopeMissing:
    'マイナポータルで一部の情報の提供が許可されていないため、取り込めませんでした。もう一度マイナンバーカードで連携し、すべての情報の提供に同意してください。',
  unavailable: 'マイナポータルと通信できなかったため、取り込みを中断しました。時間をおいてもう一度取り込んでください。',
  consentWithdrawn: '利用規約への同意が撤回されたため、取り込みを中止しました。',
  notLinked: 'マイナポータルとの連携が解除されたため、取り込みを中止しました。',
  interrupted: '取り込みが繰り返し中断されたため、中止しました。もう一度取り込んでください。',
  unknown: '取り込み中にエラーが発生しました。時間をおいてもう一度取り込んでください。',
} as const;
const KEPT = 'それまでに取り込んだ情報は保存されています。';

class ImportFailure extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

export interface ImportDeps {
  db: Database;
  portal: MynaPortalConfig;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now: () => Date;
}

/** Claims the oldest queued job (or one whose lease ran out), or null when none is due. */
async function claimJob(db: Database, now: Date): Promise<ImportJobRow | null> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: mynaImportJobs.id })
      .from(mynaImportJobs)
      .where(or(eq(mynaImportJobs.status, 'queued'), and(eq(mynaImportJobs.status, 'running'), lt(mynaImportJobs.claimedUntil, now))))
      .orderBy(mynaImportJobs.requestedAt)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    const [claimed] = await tx
      .update(mynaImportJobs)
      .set({
        status: 'running',
        claimedUntil: new Date(now.getTime() + LEASE_MS),
        attempts: sql`${mynaImportJobs.attempts} + 1`,
        startedAt: sql`coalesce(${mynaImportJobs.startedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(mynaImportJobs.id, due.id))
      .returning();
    return claimed ?? null;
  });
}

async function finish(db: Executor, jobId: string, fields: Partial<ImportJobRow>): Promise<void> {
  await db.update(mynaImportJobs).set(fields).where(eq(mynaImportJobs.id, jobId));
}

/**
 * The link can read nothing more (PROTOCOL.md §5): the refresh token is dropped (the portal
 * refused it, or there never was one) and the access token counts as expired, so the connection
 * state asks the member to link again (isRelinkRequired) until they do.
 */
async function markRelinkRequired(deps: ImportDeps, linkId: string, expiresAt: Date): Promise<void> {
  const now = deps.now();
  await deps.db
    .update(mynaLinks)
    .set({ refreshToken: null, tokenExpiresAt: expiresAt.getTime() < now.getTime() ? expiresAt : now })
    .where(eq(mynaLinks.id, linkId));
}

/**
 * The member's tokens for one import. `current` is the stored access token until it actually
 * expires (by the bff's clock), then a refreshed one; `renew` refreshes now — also when the
 * portal answered 401 to a token our clock still took for valid. The rotated refresh token is
 * stored at once. No refresh token, or one the portal refuses (invalid_grant): the link is marked
 * for re-linking and the import fails asking the member to link again.
 */
async function linkTokens(deps: ImportDeps, key: MemberKey, userId: string) {
  const [found] = await deps.db.select().from(mynaLinks).where(eq(mynaLinks.userId, userId));
  if (!found) throw new ImportFailure(REASONS.notLinked);
  const link = found;
  let accessToken = key.open('myna_links.access_token', link.id, link.accessToken);
  let refreshToken = link.refreshToken ? key.open('myna_links.refresh_token', link.id, link.refreshToken) : null;
  let expiresAt = link.tokenExpiresAt;
  const expireLink = async () => {
    await markRelinkRequired(deps, link.id, expiresAt);
    return new ImportFailure(REASONS.linkExpired);
  };
  async function renew(): Promise<string> {
    if (!refreshToken) throw await expireLink();
    let refreshed;
    try {
      refreshed = await refreshMynaTokens(deps.portal, refreshToken, { now: () => deps.now().getTime() });
    } catch (error) {
      // invalid_grant: the grant ended at the portal (withdrawn, expired, or a reused token).
      if (error instanceof MynaTokenInvalid) {
        deps.log.warn({ err: error, userId }, 'the My Number Portal refused the refresh token: the member is asked to link again');
        throw await expireLink();
      }
      throw error;
    }
    accessToken = refreshed.accessToken;
    refreshToken = refreshed.refreshToken ?? refreshToken;
    expiresAt = refreshed.expiresAt;
    await deps.db
      .update(mynaLinks)
      .set({
        accessToken: key.seal('myna_links.access_token', link.id, accessToken),
        refreshToken: key.seal('myna_links.refresh_token', link.id, refreshToken),
        tokenExpiresAt: expiresAt,
      })
      .where(eq(mynaLinks.id, link.id));
    return accessToken;
  }
  return {
    current: async (): Promise<string> => (expiresAt.getTime() > deps.now().getTime() ? accessToken : renew()),
    renew,
    /** A resource refused even a renewed token (or lacks a scope): only linking again helps. */
    relinkRequired: () => markRelinkRequired(deps, link.id, expiresAt),
  };
}

/** Registration time from which to ask the portal: the start of the last successful import, a day early for late arrivals. */
async function fetchSince(db: Executor, userId: string, jobId: string): Promise<string | undefined> {
  const [previous] = await db
    .select({ startedAt: mynaImportJobs.startedAt })
    .from(mynaImportJobs)
    .where(and(eq(mynaImportJobs.userId, userId), eq(mynaImportJobs.status, 'succeeded'), sql`${mynaImportJobs.id} <> ${jobId}`))
    .orderBy(desc(mynaImportJobs.startedAt))
    .limit(1);
  if (!previous?.startedAt) return undefined;
  return new Date(previous.startedAt.getTime() - 24 * 60 * 60 * 1000).toISOString();
}

/** Runs one claimed job to its end (succeeded or failed). */
export async function runImportJob(deps: ImportDeps, job: ImportJobRow): Promise<void> {
  const { db, log } = deps;
  const counts = { ...emptyCounts(), ...job.counts } as Counts;
  const userId = job.userId;
  let tokens: Awaited<ReturnType<typeof linkTokens>> | undefined;
  try {
    if (job.attempts > MAX_ATTEMPTS) throw new ImportFailure(REASONS.interrupted);
    if (!(await hasCurrentConsent(db, userId))) throw new ImportFailure(REASONS.consentWithdrawn);
    const key = await findMemberKey(db, userId);
    if (!key) throw new ImportFailure(REASONS.notLinked);
    const linked = await linkTokens(deps, key, userId);
    tokens = linked;
    const since = await fetchSince(db, userId, job.id);
    // Each fetch starts with the token as it is now (refreshed by an earlier one, perhaps).
    const options = { ...(since ? { since } : {}), renewAccessToken: linked.renew };

    // Each kind: fetch, then store it and the progress in one transaction.
    const step = async <T>(
      phase: MynaImportPhase,
      kind: MynaRecordKind,
      fetch: () => Promise<T[]>,
      store: (tx: Executor, records: T[], now: Date) => Promise<number>,
    ) => {
      await finish(db, job.id, { phase });
      const records = await fetch();
      await db.transaction(async (tx) => {
        // Consent withdrawn or data removed while fetching: store nothing more.
        if (!(await hasCurrentConsent(tx, userId))) throw new ImportFailure(REASONS.consentWithdrawn);
        const [still] = await tx.select({ id: mynaLinks.id }).from(mynaLinks).where(eq(mynaLinks.userId, userId));
        if (!still) throw new ImportFailure(REASONS.notLinked);
        const added = await store(tx, records, deps.now());
        counts[kind] = { fetched: records.length, added };
        await tx
          .update(mynaImportJobs)
          .set({ counts: { ...counts } })
          .where(eq(mynaImportJobs.id, job.id));
      });
    };

    await step(
      'medical_exams',
      'medicalExams',
      async () => {
        const documents = await fetchCheckups(deps.portal, await linked.current(), options);
        const parsed: Array<{ documentId: string; parsed: StoredExam }> = [];
        for (const document of documents) {
          try {
            parsed.push({ documentId: document.documentId, parsed: parseCheckupCda(document.cdaXml) });
          } catch (error) {
            // One unreadable document does not stop the others; it is fetched again next time.
            if (!(error instanceof CdaParseError)) throw error;
            log.warn({ err: error, importId: job.id }, 'a check-up document could not be parsed; skipped');
          }
        }
        return parsed;
      },
      (tx, records, now) => storeExams(tx, key, userId, records, now),
    );
    await step(
      'medicines',
      'medicines',
      async () => fetchMedicines(deps.portal, await linked.current(), options),
      (tx, records, now) => storeDispensings(tx, key, userId, records, now),
    );
    await step(
      'medical_bills',
      'medicalBills',
      async () => fetchMedicalBills(deps.portal, await linked.current(), options),
      (tx, records, now) => storeBills(tx, key, userId, records, now),
    );

    const now = deps.now();
    await db.transaction(async (tx) => {
      await finish(tx, job.id, { status: 'succeeded', phase: 'done', finishedAt: now, claimedUntil: null });
      await tx.update(mynaLinks).set({ lastImportedAt: now }).where(eq(mynaLinks.userId, userId));
    });
    log.info({ importId: job.id, counts }, 'My Number import finished');
  } catch (error) {
    // A resource refused the token even after a renewal (401), or a scope is not granted (403).
    if (error instanceof MynaTokenInvalid) await tokens?.relinkRequired();
    const reason =
      error instanceof ImportFailure
        ? error.reason
        : error instanceof MynaTokenInvalid
          ? error.details.code === 'insufficient_scope'
            ? REASONS.scopeMissing
            : REASONS.linkExpired
          : error instanceof MynaPortalUnavailable
            ? REASONS.unavailable
            : REASONS.unknown;
    if (!(error instanceof ImportFailure)) log.warn({ err: error, importId: job.id }, 'My Number import failed');
    await finish(db, job.id, { status: 'failed', failureReason: `${reason}${KEPT}`, finishedAt: deps.now(), claimedUntil: null });
  }
}

/**
 * Runs the due jobs one after another, in this process one pass at a time. `wake` starts a pass
 * now (after a request queued a job); `drain` waits for the running pass and runs one more (tests,
 * the seed).
 */
export class MynaImportWorker {
  private running: Promise<number> | undefined;
  private seenQueued = queuedCount;

  constructor(private readonly deps: ImportDeps) {}

  private async pass(): Promise<number> {
    let done = 0;
    for (;;) {
      const job = await claimJob(this.deps.db, this.deps.now());
      if (!job) return done;
      await runImportJob(this.deps, job);
      done += 1;
    }
  }

  async drain(): Promise<number> {
    while (this.running) await this.running.catch(() => 0);
    this.running = this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  wakeIfQueued(): void {
    if (this.seenQueued === queuedCount) return;
    this.seenQueued = queuedCount;
    // A pass under way may have looked before the new row committed: drain runs one more after it.
    this.wake();
  }

  private wake(): void {
    this.drain().catch((error: unknown) => this.deps.log.error({ err: error }, 'the My Number import pass failed'));
  }

  /** Waits for the running pass (the app is closing). */
  async idle(): Promise<void> {
    await this.running?.catch(() => 0);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The My Number import worker; null when the portal is not configured. */
    mynaImports: MynaImportWorker | null;
  }
}

/**
 * Starts the worker with the app: a pass right after a request queued a job, and every
 * `everyMs` for jobs queued elsewhere or left behind by a process that stopped.
 */
export function registerMynaImportJob(
  app: FastifyInstance,
  deps: { db: Database; portal: MynaPortalConfig | null; now: () => Date; everyMs: number },
): void {
  if (!deps.portal) {
    app.decorate('mynaImports', null);
    return;
  }
  const worker = new MynaImportWorker({ db: deps.db, portal: deps.portal, log: app.log, now: deps.now });
  app.decorate('mynaImports', worker);
  registerIntervalJob(app, { name: 'My Number import', everyMs: deps.everyMs, pass: () => worker.drain() });
  app.addHook('onResponse', async () => worker.wakeIfQueued());
  app.addHook('onClose', async () => worker.idle());
}
