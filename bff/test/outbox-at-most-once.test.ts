import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { eq, like } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { outboxMessages } from '../src/db/schema';
import type { Mail } from '../src/integrations/mail/mailer';
import { DEFAULT_OUTBOX_OPTIONS, OutboxWorker, enqueueMail, ownerIsGone } from '../src/platform/outbox';
import { createTestContext, type TestContext } from './helpers';
import { freshEmail } from './mail-helpers';

/*
 * Issue 24 #11: after a PostgreSQL restart, outbox rows claimed at that moment waited the whole
 * lease, and one mail went out twice. A claim whose database failed under it goes back at once;
 * a claim whose process is gone is taken early; a row handed to the provider is never sent again.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // Only the workers of these tests run (the app's own would send the rows with the fake).
  await ctx.app.outbox.stop();
});
afterAll(async () => ctx?.close());

const quiet = { ...console, error: () => undefined, warn: () => undefined, info: () => undefined } as never;
const connectionLost = () => Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });

/**
 * The database as the worker sees it through a connection that can die: while `down`, every call
 * fails; `dropNextCommitAnswer` lets the next transaction commit and then fails it, as a server
 * restarting between the commit and its answer does.
 */
function flaky(db: Database) {
  const state = { down: false, dropNextCommitAnswer: false };
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      if (property === 'transaction') {
        return async (...args: unknown[]) => {
          if (state.down) throw connectionLost();
          const result = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          if (state.dropNextCommitAnswer) {
            state.dropNextCommitAnswer = false;
            state.down = true;
            throw connectionLost();
          }
          return result;
        };
      }
      return (...args: unknown[]) => {
        if (state.down) throw connectionLost();
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { db: proxy, state };
}

/** A provider that records what it was handed; `onSend` runs after it has the mail. */
function recordingMailer(onSend: (mail: Mail) => void = () => undefined) {
  const sent: Mail[] = [];
  return {
    sent,
    mailer: {
      async send(mail: Mail) {
        sent.push(mail);
        onSend(mail);
      },
      close() {},
    },
  };
}

async function enqueue(prefix: string) {
  const to = freshEmail(prefix);
  await ctx.db.transaction((tx) =>
    enqueueMail(
      tx,
      { to, subject: '【すこやか】パスワードの再設定', text: `https://example.jp/password_reset/change?token=${prefix}` },
      {
        kind: 'password_reset',
        now: ctx.clock.now(),
      },
    ),
  );
  return to;
}

async function rowTo(to: string) {
  const [row] = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, to));
  return row!;
}

function worker(db: Database, mailer: ReturnType<typeof recordingMailer>['mailer'], owner?: string) {
  return new OutboxWorker({ db, services: { mailer, sms: ctx.services.sms }, log: quiet, now: ctx.clock.now }, {}, owner);
}

describe('issue 24 #11: claims whose connection died are released, and a row is delivered at most once', () => {
  it('a claim committed as the database went away goes back at once, not after the lease, and is sent once', async () => {
    const to = await enqueue('claim-lost');
    const { db, state } = flaky(ctx.db);
    const provider = recordingMailer();
    const first = worker(db, provider.mailer);
    state.dropNextCommitAnswer = true;
    await expect(first.deliverDue()).rejects.toThrow('Connection terminated');
    expect(provider.sent).toHaveLength(0);

    // The database is back a moment later; the clock has not moved past any lease.
    state.down = false;
    ctx.clock.advance(1000);
    await first.deliverDue();
    expect(provider.sent.filter((mail) => mail.to === to)).toHaveLength(1);
    expect(await rowTo(to)).toMatchObject({ status: 'sent', attempts: 1, attemptId: null, claimedBy: null });
  });

  it('a mail handed to the provider whose outcome could not be recorded, its process then gone, is never sent again', async () => {
    const to = await enqueue('outcome-lost');
    const { db, state } = flaky(ctx.db);
    // The provider takes the mail; the database dies before 'sent' is written; then the process.
    const provider = recordingMailer(() => {
      state.down = true;
    });
    const dying = worker(db, provider.mailer, `${hostname()}:${process.pid}:gone0001`);
    await expect(dying.deliverDue()).rejects.toThrow();
    expect(provider.sent.filter((mail) => mail.to === to)).toHaveLength(1);
    expect(await rowTo(to)).toMatchObject({ status: 'sending', attempts: 1 });

    // The next process on this host, at once, and again after the lease: nothing is sent twice.
    const next = worker(ctx.db, provider.mailer);
    await next.deliverDue();
    ctx.clock.advance(DEFAULT_OUTBOX_OPTIONS.leaseMs + 60_000);
    await next.deliverDue();
    expect(provider.sent.filter((mail) => mail.to === to)).toHaveLength(1);
    const row = await rowTo(to);
    expect(row).toMatchObject({ status: 'unknown', attempts: 1, body: null, subject: null });
    expect(row.lastError).toContain('not sent again');
  });

  it('a row left sending by a worker on another host is judged unknown after the lease, and never sent again', async () => {
    const to = await enqueue('elsewhere');
    const { db, state } = flaky(ctx.db);
    const provider = recordingMailer(() => {
      state.down = true;
    });
    await expect(worker(db, provider.mailer, 'another-host:4242:cafe0001').deliverDue()).rejects.toThrow();
    const next = worker(ctx.db, provider.mailer);
    await next.deliverDue();
    // Within the lease, another host's claim is left alone: it may still be working on it.
    expect(await rowTo(to)).toMatchObject({ status: 'sending' });
    ctx.clock.advance(DEFAULT_OUTBOX_OPTIONS.leaseMs + 60_000);
    await next.deliverDue();
    expect(await rowTo(to)).toMatchObject({ status: 'unknown' });
    expect(provider.sent.filter((mail) => mail.to === to)).toHaveLength(1);
  });

  it('the outcome a worker could not record while the database was down is recorded by its next pass', async () => {
    const to = await enqueue('recorded-late');
    const { db, state } = flaky(ctx.db);
    const provider = recordingMailer(() => {
      state.down = true;
    });
    const same = worker(db, provider.mailer);
    await expect(same.deliverDue()).rejects.toThrow();
    state.down = false;
    await same.deliverDue();
    expect(await rowTo(to)).toMatchObject({ status: 'sent', attempts: 1, body: null, subject: null });
    expect(provider.sent.filter((mail) => mail.to === to)).toHaveLength(1);
  });

  it('rows claimed by a process of this host that is gone are sent at once, by the next one', async () => {
    const to = await enqueue('owner-gone');
    const leased = new Date(ctx.clock.now().getTime() + DEFAULT_OUTBOX_OPTIONS.leaseMs);
    await ctx.db
      .update(outboxMessages)
      .set({ nextAttemptAt: leased, attemptId: randomUUID(), claimedBy: `${hostname()}:${process.pid}:gone0002` })
      .where(eq(outboxMessages.recipient, to));
    const provider = recordingMailer();
    await worker(ctx.db, provider.mailer).deliverDue();
    expect(provider.sent.filter((mail) => mail.to === to)).toHaveLength(1);
    expect(await rowTo(to)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('tells a gone process from a live one only on its own host', () => {
    expect(ownerIsGone(`${hostname()}:${process.pid}:gone0003`)).toBe(true);
    expect(ownerIsGone(`${hostname()}:${process.ppid}:anything`)).toBe(false);
    expect(ownerIsGone('another-host:1:cafe0001')).toBe(false);
    expect(ownerIsGone('malformed')).toBe(false);
  });

  it('keeps no content of a settled mail: sealed while it waits, dropped once sent', async () => {
    const to = await enqueue('sealed');
    const waiting = await rowTo(to);
    expect(waiting.body).toMatch(/^v1:/);
    expect(waiting.subject).toMatch(/^v1:/);
    expect(`${waiting.body}${waiting.subject}`).not.toContain('token=');
    const provider = recordingMailer();
    await worker(ctx.db, provider.mailer).deliverDue();
    expect(provider.sent.find((mail) => mail.to === to)?.text).toContain('token=sealed');
    const rows = await ctx.db.select().from(outboxMessages).where(like(outboxMessages.recipient, 'sealed%'));
    expect(rows).toEqual([expect.objectContaining({ status: 'sent', body: null, subject: null, kind: 'password_reset' })]);
  });
});
