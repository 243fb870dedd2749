import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/client';
import { outboxMessages } from '../db/schema';
import type { Mail, Mailer } from '../integrations/mail/mailer';
import type { SmsClient } from '../integrations/sms/sms-client';

/*
 * The durable outbox for mail and SMS (the only writer of `outbox_messages`). A flow enqueues in
 * the transaction of the change the message tells of, so the message exists exactly when the
 * change does; the worker below sends it after the commit. A member's call therefore never waits
 * for SMTP or the SMS provider and never fails because they are down, and a row not yet sent is
 * sent after a restart. Delivery is at least once: a process that dies between sending and
 * recording it sends again after the claim's lease runs out.
 */

export type OutboxRow = typeof outboxMessages.$inferSelect;

export interface OutboxWorkerOptions {
  /** How often the worker looks for due rows when nothing woke it. */
  pollMs: number;
  /** Tries before a row is marked failed (and logged as an error). */
  maxAttempts: number;
  /** The first retry waits about this long; each further one twice as long, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long a claimed row stays invisible to other workers while it is being sent. */
  leaseMs: number;
  batchSize: number;
}

export const DEFAULT_OUTBOX_OPTIONS: OutboxWorkerOptions = {
  pollMs: 5_000,
  maxAttempts: 10,
  baseDelayMs: 10_000,
  maxDelayMs: 60 * 60 * 1000,
  leaseMs: 5 * 60 * 1000,
  batchSize: 20,
};

// Bumped by every enqueue; a worker that sees it moved after a request wakes (app.ts). The row
// is only visible once its transaction has committed, which it has by the time the answer is sent.
let enqueuedCount = 0;

export async function enqueueMail(tx: Executor, mail: Mail, options: { kind: string; now: Date }): Promise<void> {
  await tx.insert(outboxMessages).values({
    channel: 'mail',
    recipient: mail.to,
    subject: mail.subject,
    body: mail.text,
    kind: options.kind,
    nextAttemptAt: options.now,
    createdAt: options.now,
  });
  enqueuedCount += 1;
}

/** `discardAfter`: when the message stops being useful (an SMS code's expiry). */
export async function enqueueSms(
  tx: Executor,
  message: { to: string; body: string },
  options: { kind: string; now: Date; discardAfter?: Date },
): Promise<void> {
  await tx.insert(outboxMessages).values({
    channel: 'sms',
    recipient: message.to,
    body: message.body,
    kind: options.kind,
    nextAttemptAt: options.now,
    discardAfter: options.discardAfter ?? null,
    createdAt: options.now,
  });
  enqueuedCount += 1;
}

/**
 * Exponential backoff with jitter: about base·2^(attempt-1), capped, drawn from its upper half so
 * that rows failing together (the provider was down) do not all come back at the same instant.
 */
export function retryDelayMs(
  attempt: number,
  options: Pick<OutboxWorkerOptions, 'baseDelayMs' | 'maxDelayMs'>,
  random = Math.random,
): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export interface OutboxDeps {
  db: Database;
  services: { mailer: Mailer; sms: SmsClient };
  log: FastifyBaseLogger;
  now: () => Date;
}

/**
 * Sends what the outbox holds. Rows are claimed in a short transaction with
 * `FOR UPDATE SKIP LOCKED` and their due time moved a lease ahead, so several instances never
 * take the same row; the sending happens outside any transaction.
 */
export class OutboxWorker {
  private readonly options: OutboxWorkerOptions;
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();
  private queued = false;
  private seen = enqueuedCount;
  private stopped = true;

  constructor(
    private readonly deps: OutboxDeps,
    options: Partial<OutboxWorkerOptions> = {},
  ) {
    this.options = { ...DEFAULT_OUTBOX_OPTIONS, ...options };
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
    // Whatever an earlier run left behind (a restart) goes out now.
    this.wake();
  }

  /** Stops polling and waits for the pass under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.chain;
  }

  /** Called after each answer: wakes the worker when something was enqueued since it last looked. */
  wakeIfEnqueued(): void {
    if (enqueuedCount === this.seen) return;
    this.seen = enqueuedCount;
    this.wake();
  }

  /** One more pass after the current one (passes never overlap within a worker). */
  wake(): void {
    if (this.stopped || this.queued) return;
    this.queued = true;
    this.chain = this.chain.then(async () => {
      this.queued = false;
      try {
        await this.deliverDue();
      } catch (error) {
        this.deps.log.error({ err: error }, 'outbox pass failed');
      }
    });
  }

  /** Waits for the pass under way, then sends everything due now (tests drain with it). */
  async drain(): Promise<number> {
    const run = this.chain.then(() => this.deliverDue());
    this.chain = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** Claims and sends due rows until none is left; answers how many were sent. */
  async deliverDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const claimed = await this.claim();
      if (claimed.length === 0) return sent;
      for (const row of claimed) if (await this.send(row)) sent += 1;
    }
  }

  private async claim(): Promise<OutboxRow[]> {
    const now = this.deps.now();
    return this.deps.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.status, 'pending'), lte(outboxMessages.nextAttemptAt, now)))
        .orderBy(asc(outboxMessages.nextAttemptAt))
        .limit(this.options.batchSize)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return [];
      await tx
        .update(outboxMessages)
        .set({ attempts: sql`${outboxMessages.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + this.options.leaseMs) })
        .where(
          inArray(
            outboxMessages.id,
            rows.map((row) => row.id),
          ),
        );
      return rows.map((row) => ({ ...row, attempts: row.attempts + 1 }));
    });
  }

  private async send(row: OutboxRow): Promise<boolean> {
    const { db, services, log } = this.deps;
    const now = this.deps.now();
    const context = { outboxId: row.id, channel: row.channel, kind: row.kind, attempt: row.attempts };
    if (row.discardAfter && row.discardAfter.getTime() <= now.getTime()) {
      await this.finish(row.id, { status: 'failed', lastError: 'expired before it could be sent' });
      log.warn(context, 'outbox message expired unsent');
      return false;
    }
    try {
      if (row.channel === 'mail') await services.mailer.send({ to: row.recipient, subject: row.subject ?? '', text: row.body });
      else await services.sms.send({ to: row.recipient, body: row.body });
    } catch (error) {
      const message = (error as Error).message ?? String(error);
      if (row.attempts >= this.options.maxAttempts) {
        await this.finish(row.id, { status: 'failed', lastError: message });
        log.error({ ...context, err: error }, 'outbox message failed for good');
      } else {
        const retryAt = new Date(now.getTime() + retryDelayMs(row.attempts, this.options));
        await db
          .update(outboxMessages)
          .set({ nextAttemptAt: retryAt, lastError: message })
          .where(and(eq(outboxMessages.id, row.id), eq(outboxMessages.status, 'pending')));
        log.warn({ ...context, err: error, retryAt }, 'outbox message not sent; will retry');
      }
      return false;
    }
    await this.finish(row.id, { status: 'sent', sentAt: now, lastError: null });
    return true;
  }

  private async finish(id: string, fields: Partial<Pick<OutboxRow, 'status' | 'sentAt' | 'lastError'>>): Promise<void> {
    await this.deps.db
      .update(outboxMessages)
      .set(fields)
      .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'pending')));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's outbox worker (started when the app is ready, stopped when it closes). */
    outbox: OutboxWorker;
  }
}

/** A member left the service: mail and SMS not yet sent to them (a reset link, a code) are not sent. */
export async function dropPendingMessagesTo(tx: Executor, recipients: string[]): Promise<void> {
  if (recipients.length === 0) return;
  await tx.delete(outboxMessages).where(and(inArray(outboxMessages.recipient, recipients), eq(outboxMessages.status, 'pending')));
}
