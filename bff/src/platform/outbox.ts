import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, asc, eq, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/client';
import { outboxMessages } from '../db/schema';
import type { Mail, Mailer } from '../integrations/mail/mailer';
import type { SmsClient } from '../integrations/sms/sms-client';
import { configuredKeyring, decryptString, encrypt } from './crypto';
import { newRowId } from '../lib/row-ids';

/*
 * The durable outbox for mail and SMS, and for revocations of outside grants that failed at
 * once (the only writer of `outbox_messages`). A flow enqueues in
 * the transaction of the change the message tells of, so the message exists exactly when the
 * change does; the worker below sends it after the commit. A member's call therefore never waits
 * for SMTP or the SMS provider and never fails because they are down, and a row not yet sent is
 * sent after a restart.
 *
 * What a message says (subject and body: reset, verification and unlock links, SMS codes) is
 * sealed with the platform's key and dropped once the row is settled, so the table never shows a
 * live link: a row keeps its kind, recipient, status and times for the audit.
 *
 * Delivery is at most once per row. The worker claims rows (a lease under an attempt id), marks
 * each 'sending' right before handing it to the provider and 'sent' right after; every write
 * names the attempt id, so a claim lost to another worker writes nothing. A claim that never
 * reached 'sending' is released at once when the database fails under it, or as soon as its
 * process is seen gone; a row left 'sending' by a process that died (or whose database went away
 * before the outcome was written and the process then died) may have left: it is marked 'unknown'
 * and never sent again. For links and codes that is the right side: the member asks for another.
 * A provider's refusal or an unreachable provider is not a delivery: that row is retried.
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
  /**
   * How long a claimed row stays invisible to other workers while it waits to be sent, and how
   * long a row may stay 'sending' before a worker on another host judges its outcome unknown.
   */
  leaseMs: number;
  batchSize: number;
  /**
   * The mail provider's sending rate (MAIL_RATE_PER_SECOND): this worker hands it at most this
   * many mails a second, a second's worth at once at most; 0: no limit.
   */
  mailsPerSecond: number;
}

export const DEFAULT_OUTBOX_OPTIONS: OutboxWorkerOptions = {
  pollMs: 5_000,
  maxAttempts: 10,
  baseDelayMs: 10_000,
  maxDelayMs: 60 * 60 * 1000,
  leaseMs: 5 * 60 * 1000,
  batchSize: 20,
  mailsPerSecond: 0,
};

/** Bulk mail (notifications) waits behind what a member is waiting for (links, codes). */
export const BULK_PRIORITY = 1;

// Bumped by every enqueue; a worker that sees it moved after a request wakes (app.ts). The row
// is only visible once its transaction has committed, which it has by the time the answer is sent.
let enqueuedCount = 0;

// A sealed part names its row and column: copied elsewhere, it does not open.
const sealFor = (id: string, column: 'subject' | 'body', value: string) =>
  encrypt(configuredKeyring(), value, `outbox_messages.${column}|${id}`);
const openFor = (id: string, column: 'subject' | 'body', sealed: string) =>
  decryptString(configuredKeyring(), sealed, `outbox_messages.${column}|${id}`);

/** What a row still waiting says, opened (the worker, and tests that read what was enqueued). */
export function openMessage(row: Pick<OutboxRow, 'id' | 'subject' | 'body'>): { subject: string; text: string } {
  if (row.body === null) throw new Error('the message was settled: its content is gone');
  return { subject: row.subject === null ? '' : openFor(row.id, 'subject', row.subject), text: openFor(row.id, 'body', row.body) };
}

export async function enqueueMail(tx: Executor, mail: Mail, options: { kind: string; now: Date }): Promise<void> {
  await enqueueMails(tx, [mail], options);
}

/**
 * Many mails in one statement (a notification fan-out's batch), at `priority` (BULK_PRIORITY for
 * notifications, so they never hold up a member's link or code).
 */
export async function enqueueMails(tx: Executor, mails: Mail[], options: { kind: string; now: Date; priority?: number }): Promise<void> {
  if (mails.length === 0) return;
  await tx.insert(outboxMessages).values(mails.map((mail) => mailRow(mail, options)));
  enqueuedCount += mails.length;
}

/** A mail's row as it waits to be sent: a new id, the subject and body sealed to it. */
function mailRow(mail: Mail, options: { kind: string; now: Date; priority?: number; fillFrom?: string }) {
  const id = newRowId();
  return {
    id,
    channel: 'mail' as const,
    recipient: mail.to,
    subject: sealFor(id, 'subject', mail.subject),
    body: sealFor(id, 'body', mail.text),
    kind: options.kind,
    nextAttemptAt: options.now,
    createdAt: options.now,
    priority: options.priority ?? 0,
    fillFrom: options.fillFrom ?? null,
  };
}

/**
 * Where a mail's writer leaves a part the worker fills in when it sends the mail (MailFiller):
 * what the writer cannot seal itself because its own statement chooses it (a gift code).
 */
export const fillToken = (name: string) => `⟦${name}⟧`;

/**
 * The values a mail's `fill_from` key names (`<kind>:<key>`: this filler's kind, then its key),
 * read when the mail is sent; null when what they came from is gone (the mail is then not sent).
 */
export type MailFiller = (db: Database, key: string) => Promise<Readonly<Record<string, string>> | null>;

/**
 * One mail written by the caller's own statement: an insert for a common table expression, one
 * row for each row `from` selects (`from handed`: only when the statement handed something out).
 * The parts the statement chooses are `fillToken`s, filled from `fillFrom` when the mail is sent
 * (issue 28: a coin gift's redemption and its mail in one statement, no transaction around it).
 * Counted as enqueued whether or not `from` gives a row: at worst the worker wakes for nothing.
 */
export function mailWrite(mail: Mail, options: { kind: string; now: Date; fillFrom: string }, from: SQL): SQL {
  const row = mailRow(mail, options);
  const now = options.now.toISOString();
  enqueuedCount += 1;
  return sql`insert into ${outboxMessages} (id, channel, recipient, subject, body, kind, next_attempt_at, created_at, priority, fill_from)
    select ${row.id}::uuid, ${row.channel}, ${row.recipient}, ${row.subject}, ${row.body}, ${row.kind},
      ${now}::timestamptz, ${now}::timestamptz, ${row.priority}::smallint, ${row.fillFrom} ${from}`;
}

/** `discardAfter`: when the message stops being useful (an SMS code's expiry). */
export async function enqueueSms(
  tx: Executor,
  message: { to: string; body: string },
  options: { kind: string; now: Date; discardAfter?: Date },
): Promise<void> {
  const id = newRowId();
  await tx.insert(outboxMessages).values({
    id,
    channel: 'sms',
    recipient: message.to,
    body: sealFor(id, 'body', message.body),
    kind: options.kind,
    nextAttemptAt: options.now,
    discardAfter: options.discardAfter ?? null,
    createdAt: options.now,
  });
  enqueuedCount += 1;
}

/**
 * A grant to revoke at an outside provider (`recipient`, e.g. `google_health`), when revoking it
 * at once failed: retried like a message until the provider accepts. `sealedToken` is already
 * sealed by the caller (bound to `id`), so no live token waits here in the clear.
 */
export async function enqueueRevocation(
  tx: Executor,
  revocation: { id: string; recipient: string; sealedToken: string },
  options: { kind: string; now: Date },
): Promise<void> {
  await tx.insert(outboxMessages).values({
    id: revocation.id,
    channel: 'revocation',
    recipient: revocation.recipient,
    body: revocation.sealedToken,
    kind: options.kind,
    nextAttemptAt: options.now,
    createdAt: options.now,
  });
  enqueuedCount += 1;
}

/** Sends a revocation row to its provider (by `recipient`); throws to have it retried. */
export type RevocationSender = (row: OutboxRow) => Promise<void>;

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
  /** Senders of the `revocation` channel, by recipient (app.ts wires them). */
  revokers?: Readonly<Record<string, RevocationSender>>;
  /** What fills a mail's `fill_from` in, by its kind (app.ts wires them). */
  fillers?: Readonly<Record<string, MailFiller>>;
}

/** This process as a claim names it: host, pid and a token drawn at start (a pid is reused: 1 in every container). */
const PROCESS_TOKEN = randomUUID().slice(0, 8);
export const PROCESS_OWNER = `${hostname()}:${process.pid}:${PROCESS_TOKEN}`;

/**
 * Whether the process that holds a claim is surely gone. Only a process of this host can be told:
 * its pid is not alive, or it is this pid under another start token (a restarted container).
 * Another host's claims are never judged here: they wait for their lease.
 */
export function ownerIsGone(owner: string): boolean {
  const [host, pidText, token, ...rest] = owner.split(':');
  if (rest.length > 0 || host !== hostname() || !token) return false;
  const pid = Number(pidText);
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return token !== PROCESS_TOKEN;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: alive under another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

type Status = OutboxRow['status'];
/** A settled row keeps what the audit needs; its content and claim go. */
const SETTLED = { subject: null, body: null, attemptId: null, claimedBy: null } as const;
const UNKNOWN_OUTCOME = 'handed to the provider, outcome lost with its worker: not sent again';

/** One conditional write of the worker: the row(s) of an attempt, in the statuses it expects. */
interface Write {
  attemptId: string;
  id?: string;
  statuses: Status[];
  set: Partial<OutboxRow>;
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
  /** Set while stop() waits for the pass under way, so that pass ends after its current claim. */
  private halting = false;
  /** Writes that failed with the database (a release, an outcome): made first at the next pass. */
  private readonly late: Write[] = [];
  /** The mail rate's token bucket: tokens available and when they were last counted. */
  private mailTokens = 0;
  private mailTokensAt = 0;

  constructor(
    private readonly deps: OutboxDeps,
    options: Partial<OutboxWorkerOptions> = {},
    /** The claims' owner; tests stand in for another process with another. */
    private readonly owner: string = PROCESS_OWNER,
  ) {
    this.options = { ...DEFAULT_OUTBOX_OPTIONS, ...options };
    this.mailTokens = Math.max(1, this.options.mailsPerSecond);
    this.mailTokensAt = performance.now();
  }

  /** Waits until the provider's rate allows one more mail (a token bucket, a second's worth deep). */
  private async mailSlot(): Promise<void> {
    const rate = this.options.mailsPerSecond;
    if (rate <= 0) return;
    for (;;) {
      const at = performance.now();
      this.mailTokens = Math.min(Math.max(1, rate), this.mailTokens + ((at - this.mailTokensAt) / 1000) * rate);
      this.mailTokensAt = at;
      if (this.mailTokens >= 1) {
        this.mailTokens -= 1;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.ceil(((1 - this.mailTokens) / rate) * 1000)));
    }
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
    this.halting = true;
    try {
      await this.chain;
    } finally {
      this.halting = false;
    }
    // An outcome still unwritten would otherwise read as unknown once this process is gone.
    await this.writeLate().catch((error: unknown) => this.deps.log.error({ err: error }, 'outbox outcomes not recorded at stop'));
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
    await this.writeLate();
    await this.recoverAbandoned();
    let sent = 0;
    for (;;) {
      // A stopping worker leaves the rest (a bulk backlog can take hours at the provider's rate).
      if (this.halting) return sent;
      const { attemptId, rows } = await this.claim();
      if (rows.length === 0) return sent;
      try {
        for (const row of rows) if (await this.send(row, attemptId)) sent += 1;
      } catch (error) {
        // The database failed under the claim: what it holds and has not handed over goes back now.
        await this.write({ attemptId, statuses: ['pending'], set: { nextAttemptAt: this.deps.now(), attemptId: null, claimedBy: null } });
        throw error;
      }
    }
  }

  private async claim(): Promise<{ attemptId: string; rows: OutboxRow[] }> {
    const now = this.deps.now();
    const attemptId = randomUUID();
    try {
      const rows = await this.deps.db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(outboxMessages)
          .where(and(eq(outboxMessages.status, 'pending'), lte(outboxMessages.nextAttemptAt, now)))
          .orderBy(asc(outboxMessages.priority), asc(outboxMessages.nextAttemptAt))
          .limit(this.options.batchSize)
          .for('update', { skipLocked: true });
        if (due.length === 0) return [];
        await tx
          .update(outboxMessages)
          .set({ nextAttemptAt: new Date(now.getTime() + this.options.leaseMs), attemptId, claimedBy: this.owner })
          .where(
            inArray(
              outboxMessages.id,
              due.map((row) => row.id),
            ),
          );
        return due;
      });
      return { attemptId, rows };
    } catch (error) {
      // It may have committed with its answer lost (the connection died): nothing of it was sent,
      // so whatever it holds goes back at once rather than after the lease.
      await this.write({ attemptId, statuses: ['pending'], set: { nextAttemptAt: now, attemptId: null, claimedBy: null } });
      throw error;
    }
  }

  /**
   * Claims whose process is gone, and rows left 'sending' past their lease: a claim never handed
   * over is due again at once; a row that may have left is 'unknown' and never sent again.
   */
  private async recoverAbandoned(): Promise<void> {
    const { db, log } = this.deps;
    const now = this.deps.now();
    const owners = await db
      .selectDistinct({ owner: outboxMessages.claimedBy })
      .from(outboxMessages)
      .where(isNotNull(outboxMessages.claimedBy));
    const gone = owners.map((row) => row.owner!).filter((owner) => owner !== this.owner && ownerIsGone(owner));
    if (gone.length > 0) {
      await db
        .update(outboxMessages)
        .set({ nextAttemptAt: now, attemptId: null, claimedBy: null })
        .where(and(eq(outboxMessages.status, 'pending'), inArray(outboxMessages.claimedBy, gone)));
    }
    const lost = await db
      .update(outboxMessages)
      .set({ status: 'unknown', lastError: UNKNOWN_OUTCOME, ...SETTLED })
      .where(
        and(
          eq(outboxMessages.status, 'sending'),
          gone.length > 0
            ? sql`(${outboxMessages.nextAttemptAt} <= ${now} or ${inArray(outboxMessages.claimedBy, gone)})`
            : lte(outboxMessages.nextAttemptAt, now),
        ),
      )
      .returning({ id: outboxMessages.id, kind: outboxMessages.kind, channel: outboxMessages.channel });
    for (const row of lost)
      log.error({ outboxId: row.id, channel: row.channel, kind: row.kind }, 'outbox message outcome unknown; not sent again');
  }

  /** Sends one claimed row; throws only when the database fails before the row is handed over. */
  private async send(row: OutboxRow, attemptId: string): Promise<boolean> {
    const { db, services, log } = this.deps;
    const now = this.deps.now();
    const attempt = row.attempts + 1;
    const context = { outboxId: row.id, channel: row.channel, kind: row.kind, attempt };
    if (row.discardAfter && row.discardAfter.getTime() <= now.getTime()) {
      await this.write({
        attemptId,
        id: row.id,
        statuses: ['pending'],
        set: { status: 'failed', lastError: 'expired before it could be sent', ...SETTLED },
      });
      log.warn(context, 'outbox message expired unsent');
      return false;
    }
    let message: { subject: string; text: string } | null;
    try {
      // A revocation's body is the token its caller sealed (bound to the row): its sender opens it.
      message = row.channel === 'revocation' ? null : openMessage(row);
    } catch (error) {
      await this.write({
        attemptId,
        id: row.id,
        statuses: ['pending'],
        set: { status: 'failed', lastError: 'the sealed message did not open', ...SETTLED },
      });
      log.error({ ...context, err: error }, 'outbox message could not be opened');
      return false;
    }
    if (message !== null && row.fillFrom !== null) {
      // A database failure here throws: the claim goes back, as for any read of the pass.
      const filled = await this.fill(row.fillFrom, message);
      if (typeof filled === 'string') {
        await this.write({ attemptId, id: row.id, statuses: ['pending'], set: { status: 'failed', lastError: filled, ...SETTLED } });
        log.error(context, `outbox message not sent: ${filled}`);
        return false;
      }
      message = filled;
    }
    // The provider's rate, waited for before the row is marked: a wait never leaves a row 'sending'.
    if (row.channel === 'mail') await this.mailSlot();
    // The last write before the provider: from here on the row is never handed over again.
    let marked: unknown[];
    try {
      marked = await db
        .update(outboxMessages)
        .set({ status: 'sending', attempts: attempt, nextAttemptAt: new Date(now.getTime() + this.options.leaseMs) })
        .where(and(eq(outboxMessages.id, row.id), eq(outboxMessages.attemptId, attemptId), eq(outboxMessages.status, 'pending')))
        .returning({ id: outboxMessages.id });
    } catch (error) {
      // Perhaps written, its answer lost: it was not handed over, so it goes back as it was.
      await this.write({
        attemptId,
        id: row.id,
        statuses: ['pending', 'sending'],
        set: { status: 'pending', attempts: row.attempts, nextAttemptAt: now, attemptId: null, claimedBy: null },
      });
      throw error;
    }
    // The claim was lost meanwhile (its lease ran out and another worker took the row).
    if (marked.length === 0) return false;
    try {
      if (message === null) await this.revoke(row);
      else if (row.channel === 'mail') await services.mailer.send({ to: row.recipient, ...message });
      else await services.sms.send({ to: row.recipient, body: message.text });
    } catch (error) {
      // The provider refused or was not reached: not delivered, so it may be tried again.
      const message = (error as Error).message ?? String(error);
      if (attempt >= this.options.maxAttempts) {
        await this.record(row.id, attemptId, { status: 'failed', lastError: message, ...SETTLED });
        log.error({ ...context, err: error }, 'outbox message failed for good');
      } else {
        const retryAt = new Date(now.getTime() + retryDelayMs(attempt, this.options));
        await this.record(row.id, attemptId, {
          status: 'pending',
          nextAttemptAt: retryAt,
          lastError: message,
          attemptId: null,
          claimedBy: null,
        });
        log.warn({ ...context, err: error, retryAt }, 'outbox message not sent; will retry');
      }
      return false;
    }
    await this.record(row.id, attemptId, { status: 'sent', sentAt: now, lastError: null, ...SETTLED });
    return true;
  }

  /** The message with its fill tokens replaced, or why it cannot be (it is then never sent). */
  private async fill(fillFrom: string, message: { subject: string; text: string }): Promise<{ subject: string; text: string } | string> {
    const colon = fillFrom.indexOf(':');
    const filler = colon > 0 ? this.deps.fillers?.[fillFrom.slice(0, colon)] : undefined;
    if (!filler) return `no filler for ${fillFrom.slice(0, Math.max(colon, 0))}`;
    const values = await filler(this.deps.db, fillFrom.slice(colon + 1));
    if (values === null) return 'what the message was to carry is gone';
    const replace = (text: string) => Object.entries(values).reduce((out, [name, value]) => out.replaceAll(fillToken(name), value), text);
    return { subject: replace(message.subject), text: replace(message.text) };
  }

  private async revoke(row: OutboxRow): Promise<void> {
    const revoker = this.deps.revokers?.[row.recipient];
    if (!revoker) throw new Error(`no revoker for ${row.recipient}`);
    await revoker(row);
  }

  /**
   * The outcome of a row handed to the provider. 'unknown' too: a worker elsewhere may have judged
   * it so after the lease while the provider was slow. If the database fails now, the outcome is
   * kept for the next pass, and the pass stops (the database is gone).
   */
  private async record(id: string, attemptId: string, set: Partial<OutboxRow>): Promise<void> {
    if (!(await this.write({ attemptId, id, statuses: ['sending', 'unknown'], set })))
      throw new Error('outbox outcome not recorded: database unavailable');
  }

  /** Makes one write; if the database fails, keeps it for the next pass and answers false. */
  private async write(write: Write): Promise<boolean> {
    try {
      await this.apply(write);
      return true;
    } catch (error) {
      this.deps.log.warn({ err: error, outboxId: write.id, attemptId: write.attemptId }, 'outbox write deferred to the next pass');
      this.late.push(write);
      return false;
    }
  }

  private async apply(write: Write): Promise<void> {
    await this.deps.db
      .update(outboxMessages)
      .set(write.set)
      .where(
        and(
          eq(outboxMessages.attemptId, write.attemptId),
          inArray(outboxMessages.status, write.statuses),
          write.id === undefined ? undefined : eq(outboxMessages.id, write.id),
        ),
      );
  }

  /** The writes an earlier pass could not make, in order; the first that fails again stops the pass. */
  private async writeLate(): Promise<void> {
    while (this.late.length > 0) {
      await this.apply(this.late[0]!);
      this.late.shift();
    }
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
