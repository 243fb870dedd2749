import { and, eq } from 'drizzle-orm';
import { deviceCookieName } from '../src/account/known-devices';
import { auditLogs, knownDevices, users } from '../src/db/schema';
import { testContextForFile, MINUTE, Agent, createMember, signInAgent } from './helpers';
import { mailsTo, tokenIn, withNewMail } from './mail-helpers';

/*
 * Issue 8, "anyone can lock any member out": five wrong passwords from browsers that never signed
 * in to the account lock it for such browsers only (423), while a browser holding the account's
 * device cookie keeps its own allowance (OWASP device cookies); the member is mailed once per lock
 * a single-use link that ends it.
 */

const ctx = testContextForFile();

const UNLOCK = '/unlock';
const LOCK_SUBJECT = '【すこやか】ログインを一時的に停止しました';

async function strangerFails(email: string, times: number, stranger = new Agent(ctx.app)) {
  const statuses: number[] = [];
  for (let i = 0; i < times; i += 1) statuses.push((await stranger.signIn(email, `stranger-guess-${i}`)).status);
  return statuses;
}

/** A member and their own browser, which has signed in once (and so holds the device cookie). */
async function memberWithOwnBrowser() {
  const member = await createMember(ctx.db);
  const own = await signInAgent(ctx, member);
  expect(own.cookie(deviceCookieName(member.id))).toBeTruthy();
  return { member, own };
}

const lockMails = (email: string) => mailsTo(ctx, email).filter((mail) => mail.subject === LOCK_SUBJECT);

describe('device cookies', () => {
  it('a complete sign-in gives the browser an HttpOnly, long-lived cookie for that account, sent to the sign-in call only', async () => {
    const member = await createMember(ctx.db);
    const agent = new Agent(ctx.app);
    await agent.fetchToken();
    const response = await agent.post('signIn', { email: member.email, password: member.password });
    expect(response.status).toBe(200);
    const lines = [response.headers['set-cookie']].flat() as string[];
    const line = lines.find((candidate) => candidate.startsWith(`${deviceCookieName(member.id)}=`));
    expect(line).toBeDefined();
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Strict/i);
    expect(line).toMatch(/Path=\/api\/bff\/signIn/);
    expect(line).toMatch(/Max-Age=31536000/);
    // Only its digest is stored, bound to the account.
    const [row] = await ctx.db.select().from(knownDevices).where(eq(knownDevices.userId, member.id));
    expect(row!.tokenHash).not.toBe(agent.cookie(deviceCookieName(member.id)));
  });

  it('a wrong password gives no cookie', async () => {
    const member = await createMember(ctx.db);
    const agent = new Agent(ctx.app);
    expect((await agent.signIn(member.email, 'wrong-password-1')).status).toBe(401);
    expect(agent.cookie(deviceCookieName(member.id))).toBeUndefined();
    expect(await ctx.db.select().from(knownDevices).where(eq(knownDevices.userId, member.id))).toEqual([]);
  });
});

describe('a stranger cannot lock a member out', () => {
  it("five wrong passwords lock unknown browsers out (423), while the member's own browser still signs in", async () => {
    const { member, own } = await memberWithOwnBrowser();
    const stranger = new Agent(ctx.app);
    expect(await strangerFails(member.email, 5, stranger)).toEqual([401, 401, 401, 401, 423]);

    // The stranger, and any other browser new to the account, is locked even with the right password.
    expect((await stranger.signIn(member.email, member.password)).status).toBe(423);
    expect((await new Agent(ctx.app).signIn(member.email, member.password)).body.code).toBe('system_account_locked');

    // The member's browser is known: it signs in, and the member's calls work.
    expect((await own.signIn(member.email, member.password)).status).toBe(200);
    expect((await own.get('getUserInfo')).status).toBe(200);
    // Signing in from the known browser does not reopen the address to strangers.
    expect((await new Agent(ctx.app).signIn(member.email, member.password)).status).toBe(423);
    const locks = await ctx.db
      .select({ detail: auditLogs.detail })
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, member.id), eq(auditLogs.event, 'account_locked')));
    expect(locks.map((row) => row.detail)).toEqual([
      expect.objectContaining({ after: 'password', failures: 5, scope: 'unknown_browsers' }),
    ]);
  });

  it('a known browser has its own allowance: its five wrong passwords lock that browser only', async () => {
    const { member, own } = await memberWithOwnBrowser();
    expect(await strangerFails(member.email, 5, own)).toEqual([401, 401, 401, 401, 423]);
    expect((await own.signIn(member.email, member.password)).status).toBe(423);
    // Other browsers are not locked by it, and no lock mail goes (the member's own browser).
    expect((await new Agent(ctx.app).signIn(member.email, member.password)).status).toBe(200);
    await ctx.deliverOutbox();
    expect(lockMails(member.email)).toHaveLength(0);
    ctx.clock.advance(30 * MINUTE);
    expect((await own.signIn(member.email, member.password)).status).toBe(200);
  });

  it("another account's device cookie, put under this account's name, counts as an unknown browser's", async () => {
    const { member } = await memberWithOwnBrowser();
    const other = await memberWithOwnBrowser();
    const impostor = new Agent(ctx.app);
    const borrowed = other.own.cookie(deviceCookieName(other.member.id))!;
    const headers = { cookie: `${deviceCookieName(member.id)}=${borrowed}` };
    await impostor.fetchToken();
    for (let i = 0; i < 5; i += 1) {
      await impostor.request({
        method: 'POST',
        url: '/api/bff/signIn',
        payload: { email: member.email, password: `guess-${i}` },
        headers: {
          ...headers,
          cookie: `${headers.cookie}; sukoyaka_session=${impostor.cookie('sukoyaka_session')}`,
          'x-csrf-token': impostor.token!,
        },
      });
    }
    expect((await new Agent(ctx.app).signIn(member.email, member.password)).status).toBe(423);
  });

  it('the member is mailed once per lock, with a link that ends it once', async () => {
    const { member } = await memberWithOwnBrowser();
    const { result: statuses, mail } = await withNewMail(ctx, member.email, () => strangerFails(member.email, 5));
    expect(statuses).toEqual([401, 401, 401, 401, 423]);
    expect(mail.subject).toBe(LOCK_SUBJECT);
    expect(mail.text).toContain('30分間');
    expect(mail.text).toContain(`${ctx.config.publicUrl}/password_reset/new`);

    // More wrong passwords while it is locked send nothing more (a few: the account's throttle,
    // ten attempts in ten minutes from browsers it does not know, would refuse more).
    expect(await strangerFails(member.email, 3)).toEqual([423, 423, 423]);
    await ctx.deliverOutbox();
    expect(lockMails(member.email)).toHaveLength(1);

    const token = tokenIn(mail, UNLOCK);
    const unlocked = await new Agent(ctx.app).post('unlockAccount', { token });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body).toEqual({ status: 'unlocked' });
    const browser = new Agent(ctx.app);
    expect((await browser.signIn(member.email, member.password)).status).toBe(200);
    expect((await browser.get('getUserInfo')).status).toBe(200);

    const again = await new Agent(ctx.app).post('unlockAccount', { token });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('invalid_token');
    expect(again.body.message).toMatch(/ロック解除用のリンクは無効です/);
    const events = await ctx.db
      .select({ event: auditLogs.event })
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, member.id), eq(auditLogs.event, 'account_unlocked')));
    expect(events).toHaveLength(1);
  });

  it('an unknown address locks the same way, and nobody is mailed', async () => {
    const email = `nobody-${Date.now()}@example.jp`;
    expect(await strangerFails(email, 6)).toEqual([401, 401, 401, 401, 423, 423]);
    await ctx.deliverOutbox();
    expect(mailsTo(ctx, email)).toHaveLength(0);
  });

  it('an unlock link expires with the lock (30 minutes) and then does nothing', async () => {
    const { member } = await memberWithOwnBrowser();
    const { mail } = await withNewMail(ctx, member.email, () => strangerFails(member.email, 5));
    ctx.clock.advance(30 * MINUTE);
    const late = await new Agent(ctx.app).post('unlockAccount', { token: tokenIn(mail, UNLOCK) });
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('invalid_token');
  });

  it('a password reset ends the lock for unknown browsers too (the link proves the mailbox)', async () => {
    const { member } = await memberWithOwnBrowser();
    await strangerFails(member.email, 5);
    ctx.clock.advance(2 * MINUTE);
    const { mail } = await withNewMail(ctx, member.email, () => new Agent(ctx.app).post('createPasswordReset', { email: member.email }));
    const reset = await new Agent(ctx.app).post('updatePasswordByResetToken', {
      token: tokenIn(mail, '/password_reset/change'),
      password: 'aozora-no-shita-2026',
    });
    expect(reset.status).toBe(200);
    expect((await new Agent(ctx.app).signIn(member.email, 'aozora-no-shita-2026')).status).toBe(200);
  });

  it("the account's own lock (SMS codes, step-up) still holds for every browser", async () => {
    const { member, own } = await memberWithOwnBrowser();
    await ctx.db
      .update(users)
      .set({ lockedUntil: new Date(ctx.clock.now().getTime() + 30 * MINUTE) })
      .where(eq(users.id, member.id));
    expect((await own.signIn(member.email, member.password)).status).toBe(423);
  });
});
