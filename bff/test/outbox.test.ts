import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { outboxMessages } from '../src/db/schema';
import {
  BULK_PRIORITY,
  DEFAULT_OUTBOX_OPTIONS,
  OutboxWorker,
  enqueueMail,
  enqueueMails,
  fillToken,
  mailWrite,
  retryDelayMs,
} from '../src/platform/outbox';
import type { Mail } from '../src/integrations/mail/mailer';
import { testContextForFile, createTestContext, Agent, createMember } from './helpers';
import { GOOD_PASSWORD, freshEmail, mailsTo } from './mail-helpers';

/*
 * Issue 8: every mail and SMS goes through a durable outbox written in the transaction of the
 * change; a worker sends it, retrying with backoff, so a member's call never fails or waits
 * because the provider is down, and nothing is lost across a restart.
 */

const ctx = testContextForFile();

const SECOND = 1000;

async function rowsTo(recipient: string) {
  return ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient));
}

describe('the outbox', () => {
  it('a call succeeds while SMTP is down; the mail is retried with growing delays and delivered once SMTP is back', async () => {
    const member = await createMember(ctx.db);
    const send = jest.spyOn(ctx.services.mailer, 'send').mockRejectedValue(new Error('SMTP down'));
    try {
      const started = Date.now();
      const response = await new Agent(ctx.app).post('createPasswordReset', { email: member.email });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 'accepted' });
      expect(Date.now() - started).toBeLessThan(2000);

      await ctx.deliverOutbox();
      let [row] = await rowsTo(member.email);
      expect(row).toMatchObject({ status: 'pending', attempts: 1, kind: 'password_reset', lastError: 'SMTP down' });
      // First retry: within [base/2, base] from now.
      let delay = row!.nextAttemptAt.getTime() - ctx.clock.now().getTime();
      expect(delay).toBeGreaterThanOrEqual(DEFAULT_OUTBOX_OPTIONS.baseDelayMs / 2);
      expect(delay).toBeLessThanOrEqual(DEFAULT_OUTBOX_OPTIONS.baseDelayMs);

      // Not due yet: nothing is tried.
      await ctx.deliverOutbox();
      expect(send).toHaveBeenCalledTimes(1);

      ctx.clock.advance(DEFAULT_OUTBOX_OPTIONS.baseDelayMs);
      await ctx.deliverOutbox();
      [row] = await rowsTo(member.email);
      expect(row).toMatchObject({ status: 'pending', attempts: 2 });
      delay = row!.nextAttemptAt.getTime() - ctx.clock.now().getTime();
      expect(delay).toBeGreaterThanOrEqual(DEFAULT_OUTBOX_OPTIONS.baseDelayMs);
      expect(delay).toBeLessThanOrEqual(2 * DEFAULT_OUTBOX_OPTIONS.baseDelayMs);
    } finally {
      send.mockRestore();
    }

    ctx.clock.advance(2 * DEFAULT_OUTBOX_OPTIONS.baseDelayMs);
    await ctx.deliverOutbox();
    const [row] = await rowsTo(member.email);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    await ctx.outbox.waitFor(() => mailsTo(ctx, member.email)[0]);
    expect(mailsTo(ctx, member.email)).toHaveLength(1);
    expect(mailsTo(ctx, member.email)[0]!.subject).toBe('【すこやか】パスワードの再設定');
  });

  it('backoff doubles up to its cap and is jittered within the upper half', () => {
    const options = { baseDelayMs: 10 * SECOND, maxDelayMs: 60 * SECOND };
    expect(retryDelayMs(1, options, () => 0)).toBe(5 * SECOND);
    expect(retryDelayMs(1, options, () => 1)).toBe(10 * SECOND);
    expect(retryDelayMs(3, options, () => 1)).toBe(40 * SECOND);
    expect(retryDelayMs(3, options, () => 0)).toBe(20 * SECOND);
    expect(retryDelayMs(9, options, () => 1)).toBe(60 * SECOND);
  });

  it('after the last attempt the row is marked failed and logged, and never tried again', async () => {
    const email = freshEmail('given-up');
    const errors: unknown[] = [];
    const log = { ...ctx.app.log, error: (...args: unknown[]) => errors.push(args), warn: () => undefined } as never;
    const failing = {
      mailer: { send: jest.fn().mockRejectedValue(new Error('550 mailbox unavailable')), close() {} },
      sms: ctx.services.sms,
    };
    const worker = new OutboxWorker({ db: ctx.db, services: failing, log, now: ctx.clock.now }, { maxAttempts: 3, baseDelayMs: SECOND });
    // Only this worker runs meanwhile (the app's own would send the row with the working fake).
    await ctx.app.outbox.stop();
    await ctx.db.transaction((tx) => enqueueMail(tx, { to: email, subject: 's', text: 't' }, { kind: 'test', now: ctx.clock.now() }));
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await worker.deliverDue();
      ctx.clock.advance(10 * SECOND);
    }
    const [row] = await rowsTo(email);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: '550 mailbox unavailable' });
    expect(failing.mailer.send).toHaveBeenCalledTimes(3);
    expect(errors).toHaveLength(1);
    ctx.app.outbox.start();
  });

  it('an SMS whose code expired before it could leave is not sent', async () => {
    const to = '+819000000001';
    const now = ctx.clock.now();
    await ctx.db.insert(outboxMessages).values({
      channel: 'sms',
      recipient: to,
      body: 'code',
      kind: 'sms_sign_in',
      nextAttemptAt: new Date(now.getTime() + 10 * 60 * SECOND),
      discardAfter: new Date(now.getTime() + 5 * 60 * SECOND),
      createdAt: now,
    });
    ctx.clock.advance(10 * 60 * SECOND);
    await ctx.deliverOutbox();
    const [row] = await rowsTo(to);
    expect(row).toMatchObject({ status: 'failed', lastError: 'expired before it could be sent' });
    expect(ctx.outbox.latestSmsTo(to)).toBeUndefined();
  });

  it('issue 28: a mail written by its own statement is sent with its fill tokens filled in; without a filler or what it names, never', async () => {
    const sent: Mail[] = [];
    const errors: unknown[] = [];
    const log = { ...ctx.app.log, error: (...args: unknown[]) => errors.push(args) } as never;
    const mailer = { send: async (mail: Mail) => void sent.push(mail), close() {} };
    const codes: Record<string, string> = { 'known-1': 'FILL-0001' };
    const worker = new OutboxWorker({
      db: ctx.db,
      services: { mailer, sms: ctx.services.sms },
      log,
      now: ctx.clock.now,
      fillers: { test_code: async (_db, key) => (key in codes ? { test_code: codes[key]! } : null) },
    });
    const write = (to: string, fillFrom: string) =>
      ctx.db.execute(
        sql`with chosen as (select 1), mailed as (${mailWrite(
          { to, subject: `件名 ${fillToken('test_code')}`, text: `コード：${fillToken('test_code')}（${fillToken('test_code')}）` },
          { kind: 'test', now: ctx.clock.now(), fillFrom },
          sql`from chosen`,
        )}) select`,
      );
    const [filled, unknownKey, unknownFiller] = ['fill-known', 'fill-gone', 'fill-nofiller'].map((name) => freshEmail(name));
    await ctx.app.outbox.stop();
    try {
      await write(filled!, 'test_code:known-1');
      await write(unknownKey!, 'test_code:gone-1');
      await write(unknownFiller!, 'other_code:known-1');
      await worker.deliverDue();
    } finally {
      ctx.app.outbox.start();
    }
    expect(sent.filter((mail) => [filled, unknownKey, unknownFiller].includes(mail.to))).toEqual([
      { to: filled, subject: '件名 FILL-0001', text: 'コード：FILL-0001（FILL-0001）' },
    ]);
    expect(await rowsTo(filled!)).toMatchObject([{ status: 'sent', fillFrom: 'test_code:known-1', body: null }]);
    expect(await rowsTo(unknownKey!)).toMatchObject([{ status: 'failed', lastError: 'what the message was to carry is gone', body: null }]);
    expect(await rowsTo(unknownFiller!)).toMatchObject([{ status: 'failed', lastError: 'no filler for other_code', body: null }]);
    expect(errors).toHaveLength(2);
  });

  it('two workers on one database never send the same row twice', async () => {
    const sent: string[] = [];
    // A slow provider, so both workers are busy at the same time.
    const mailer = {
      async send(mail: Mail) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        sent.push(mail.to);
      },
      close() {},
    };
    const deps = { db: ctx.db, services: { mailer, sms: ctx.services.sms }, log: ctx.app.log, now: ctx.clock.now };
    const first = new OutboxWorker(deps, { batchSize: 3 });
    const second = new OutboxWorker(deps, { batchSize: 3 });
    const prefix = `pair-${Date.now()}`;
    const addresses = Array.from({ length: 24 }, (_, i) => `${prefix}-${i}@example.jp`);
    await ctx.app.outbox.stop();
    const due = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      for (const to of addresses) await enqueueMail(tx, { to, subject: 's', text: 't' }, { kind: 'test', now: due });
    });
    const [a, b] = await Promise.all([first.deliverDue(), second.deliverDue()]);
    const ours = sent.filter((to) => to.startsWith(prefix));
    expect(a + b).toBe(24);
    expect(ours.sort()).toEqual([...addresses].sort());
    ctx.app.outbox.start();
  });

  it('issue 28: hands the provider mail no faster than its configured rate, and members\u2019 mail before bulk', async () => {
    const handed: Array<{ to: string; at: number }> = [];
    const mailer = {
      async send(mail: Mail) {
        handed.push({ to: mail.to, at: performance.now() });
      },
      close() {},
    };
    // 4 a second, a second's worth at once: the ninth mail cannot leave within a second of the first.
    const worker = new OutboxWorker(
      { db: ctx.db, services: { mailer, sms: ctx.services.sms }, log: ctx.app.log, now: ctx.clock.now },
      { batchSize: 5, mailsPerSecond: 4 },
    );
    const prefix = `rate-${Date.now()}`;
    await ctx.app.outbox.stop();
    const due = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      await enqueueMails(
        tx,
        Array.from({ length: 10 }, (_, i) => ({ to: `${prefix}-bulk-${i}@example.jp`, subject: 's', text: 't' })),
        { kind: 'test_bulk', now: due, priority: BULK_PRIORITY },
      );
      await enqueueMail(tx, { to: `${prefix}-reset@example.jp`, subject: 's', text: 't' }, { kind: 'test', now: due });
    });
    await worker.deliverDue();
    const ours = handed.filter((mail) => mail.to.startsWith(prefix));
    expect(ours).toHaveLength(11);
    expect(ours[0]!.to).toBe(`${prefix}-reset@example.jp`);
    // Lower bounds only: a busy machine spreads the mails further, never closer.
    for (let i = 0; i + 8 < ours.length; i += 1) expect(ours[i + 8]!.at - ours[i]!.at).toBeGreaterThanOrEqual(990);
    ctx.app.outbox.start();
  });

  it('a mail enqueued before a restart is sent by the next process on the same database', async () => {
    const restartCtx = await createTestContext();
    try {
      const email = freshEmail('restart');
      // The first process accepts the sign-up but dies before its worker sends anything.
      await restartCtx.app.outbox.stop();
      const response = await new Agent(restartCtx.app).post('signUp', { email, password: GOOD_PASSWORD, agreedToTerms: true });
      expect(response.status).toBe(200);
      await restartCtx.app.close();
      expect(mailsTo(restartCtx, email)).toHaveLength(0);

      const next = await buildApp({
        config: restartCtx.config,
        db: restartCtx.db,
        services: restartCtx.services,
        now: restartCtx.clock.now,
      });
      await next.ready();
      try {
        const mail = await restartCtx.outbox.waitFor(() => mailsTo(restartCtx, email)[0]);
        expect(mail.subject).toBe('【すこやか】メールアドレスの確認');
        // The pass that sent it has recorded it once it is over.
        await next.outbox.drain();
        const [row] = await restartCtx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
        expect(row).toMatchObject({ status: 'sent', attempts: 1 });
      } finally {
        await next.close();
      }
    } finally {
      await restartCtx.close();
    }
    // A second database with its migrations: slow on a busy machine.
  }, 120_000);
});
