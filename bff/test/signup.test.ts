import { and, eq } from 'drizzle-orm';
import { auditLogs, oneTimeTokens, outboxMessages, sessions, users } from '../src/db/schema';
import { testContextForFile, createTestContext, Agent, createMember, type TestContext } from './helpers';
import { GOOD_PASSWORD, auditEvents, countRows, freshEmail, mailsTo, tokenIn, userByEmail, withNewMail } from './mail-helpers';

const ctx = testContextForFile();

const VERIFY = '/signup/verification';

/**
 * A browser that signs up with a new address and then signs in (sign-up itself signs nobody in);
 * returns the agent, the address and the link's token.
 */
async function signUp(email = freshEmail()) {
  const agent = new Agent(ctx.app);
  const { result, mail } = await withNewMail(ctx, email, () =>
    agent.post('signUp', { email, password: GOOD_PASSWORD, agreedToTerms: true }),
  );
  expect(result.status).toBe(200);
  expect((await agent.signIn(email, GOOD_PASSWORD)).status).toBe(200);
  return { agent, email, mail, token: tokenIn(mail, VERIFY), userId: (await userByEmail(ctx.db, email))!.id };
}

describe('validateEmail: format and domain only', () => {
  it('accepts a well-formed address', async () => {
    const response = await new Agent(ctx.app).get('validateEmail', { email: 'hanako@example.jp' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ valid: true });
  });

  it.each([
    ['hanako@', 'メールアドレスの形式が正しくありません'],
    ['', 'メールアドレスを入力してください'],
    ['hanako@gmial.com', 'メールアドレスのドメイン「gmial.com」をご確認ください。「gmail.com」ではありませんか？'],
    ['hanako@docomo.ne.jo', 'メールアドレスのドメイン「docomo.ne.jo」をご確認ください。「docomo.ne.jp」ではありませんか？'],
    ['hanako@example.con', 'メールアドレスのドメイン「example.con」をご確認ください。「example.com」ではありませんか？'],
  ])('answers %j as not valid with a Japanese message', async (email, message) => {
    const response = await new Agent(ctx.app).get('validateEmail', { email });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ valid: false, message });
  });

  it('answers a registered and an unregistered address alike', async () => {
    const member = await createMember(ctx.db);
    const registered = await new Agent(ctx.app).get('validateEmail', { email: member.email });
    const unregistered = await new Agent(ctx.app).get('validateEmail', { email: freshEmail() });
    expect(registered.status).toBe(unregistered.status);
    expect(registered.body).toEqual(unregistered.body);
  });

  it('refuses a call without the email parameter with 400 and a Japanese message', async () => {
    const response = await new Agent(ctx.app).get('validateEmail');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalid_parameters', message: 'メールアドレスを入力してください' });
  });
});

describe('signUp', () => {
  // Issue 8: sign-up used to sign the new account in, which a registered address could not do, so
  // the cookie told the two apart. Now neither signs in.
  it('creates an unverified account without association, signs nobody in and mails a 24-hour link', async () => {
    const email = freshEmail();
    const agent = new Agent(ctx.app);
    await agent.fetchToken();
    const visitorCookie = agent.cookie('sukoyaka_session');

    const { result, mail } = await withNewMail(ctx, email, () =>
      agent.post('signUp', { email: `  ${email.toUpperCase()} `, password: GOOD_PASSWORD, agreedToTerms: true }),
    );

    expect(result.status).toBe(200);
    expect(result.body).toEqual({ status: 'verification_sent' });
    const user = (await userByEmail(ctx.db, email))!;
    expect(user).toMatchObject({ emailVerifiedAt: null, associationId: null, nickname: email.split('@')[0] });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(agent.cookie('sukoyaka_session')).toBe(visitorCookie);
    expect((await agent.get('getSession')).body.userId).toBeNull();

    expect(mail.subject).toBe('【すこやか】メールアドレスの確認');
    expect(mail.text).toContain(`${ctx.config.publicUrl}/signup/verification?token=`);
    expect(mail.text).toContain('24時間');
    const [token] = await ctx.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    expect(token).toMatchObject({ purpose: 'email_verification', email, usedAt: null });
    expect(token!.expiresAt.getTime() - token!.createdAt.getTime()).toBe(24 * 60 * 60 * 1000);
    // Only the hash of the token is kept.
    expect(token!.tokenHash).not.toBe(tokenIn(mail, VERIFY));
    expect(await auditEvents(ctx.db, user.id)).toEqual(['sign_up']);
  });

  it('until the address is verified, member calls answer 403 user_email_not_verified and account calls work', async () => {
    const { agent, email } = await signUp();
    const info = await agent.get('getUserInfo');
    expect(info.status).toBe(403);
    expect(info.body.code).toBe('user_email_not_verified');
    expect(info.body.message).toMatch(/メールアドレスの確認/);
    const own = await agent.get('getUserEmail');
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ email, pendingEmail: null });
  });

  it('a registered address gets the same answer, no new account, no session change, and its owner a mail', async () => {
    const member = await createMember(ctx.db);
    const [before] = await ctx.db.select().from(users).where(eq(users.id, member.id));
    const usersBefore = await countRows(ctx.db, users);

    const fresh = new Agent(ctx.app);
    const newcomer = await fresh.post('signUp', { email: freshEmail(), password: GOOD_PASSWORD, agreedToTerms: true });

    const agent = new Agent(ctx.app);
    await agent.fetchToken();
    const visitorCookie = agent.cookie('sukoyaka_session');
    const { result, mail } = await withNewMail(ctx, member.email, () =>
      agent.post('signUp', { email: member.email, password: GOOD_PASSWORD, agreedToTerms: true }),
    );

    expect(result.status).toBe(newcomer.status);
    expect(result.body).toEqual(newcomer.body);
    expect(await countRows(ctx.db, users)).toBe(usersBefore + 1); // only the newcomer's
    expect(agent.cookie('sukoyaka_session')).toBe(visitorCookie);
    expect((await agent.get('getSession')).body.userId).toBeNull();
    const [after] = await ctx.db.select().from(users).where(eq(users.id, member.id));
    expect(after).toEqual(before);

    expect(mail.subject).toBe('【すこやか】新規登録のお申し込みについて');
    expect(mail.text).toContain(`${ctx.config.publicUrl}/password_reset/new`);
    expect(mail.text).not.toContain('token=');
    const rows = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, member.id), eq(auditLogs.event, 'sign_up')));
    expect(rows.map((row) => row.detail)).toEqual([{ outcome: 'already_registered', notified: true }]);
  });

  it('tells a registered address at most once a minute, still answering the same', async () => {
    const member = await createMember(ctx.db);
    const attempt = () => new Agent(ctx.app).post('signUp', { email: member.email, password: GOOD_PASSWORD, agreedToTerms: true });
    await withNewMail(ctx, member.email, attempt);
    const again = await attempt();
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: 'verification_sent' });
    await ctx.deliverOutbox();
    expect(mailsTo(ctx, member.email)).toHaveLength(1);
    ctx.clock.advance(61 * 1000);
    await withNewMail(ctx, member.email, attempt);
    expect(mailsTo(ctx, member.email)).toHaveLength(2);
  });

  it.each([
    ['no e-mail', { password: GOOD_PASSWORD, agreedToTerms: true }, 'email', 'メールアドレスを入力してください'],
    [
      'a malformed e-mail',
      { email: 'hanako@', password: GOOD_PASSWORD, agreedToTerms: true },
      'email',
      'メールアドレスの形式が正しくありません',
    ],
    [
      'a mistyped domain',
      { email: 'hanako@gmial.com', password: GOOD_PASSWORD, agreedToTerms: true },
      'email',
      'メールアドレスのドメイン「gmial.com」をご確認ください。「gmail.com」ではありませんか？',
    ],
    ['no password', { email: 'hanako@example.jp', agreedToTerms: true }, 'password', 'パスワードを入力してください'],
    [
      'a 9-character password',
      { email: 'hanako@example.jp', password: 'kazefuku9', agreedToTerms: true },
      'password',
      'パスワードは10文字以上で入力してください',
    ],
    [
      'a 129-character password',
      { email: 'hanako@example.jp', password: 'a1'.repeat(64) + 'b', agreedToTerms: true },
      'password',
      'パスワードは128文字以内で入力してください',
    ],
    [
      'a common password',
      { email: 'hanako@example.jp', password: 'qwertyuiop', agreedToTerms: true },
      'password',
      'パスワードは推測されやすいため使えません。別のものにしてください',
    ],
    [
      'the service name as password',
      { email: 'hanako@example.jp', password: 'sukoyaka1234', agreedToTerms: true },
      'password',
      'パスワードは推測されやすいため使えません。別のものにしてください',
    ],
    [
      'a password containing the address',
      { email: 'yamada.hanako@example.jp', password: 'Yamada.Hanako-1990', agreedToTerms: true },
      'password',
      'パスワードにメールアドレスの一部を含めないでください',
    ],
    [
      'terms not agreed',
      { email: 'hanako@example.jp', password: GOOD_PASSWORD, agreedToTerms: false },
      'agreedToTerms',
      '利用規約への同意が必要です',
    ],
    ['no answer about the terms', { email: 'hanako@example.jp', password: GOOD_PASSWORD }, 'agreedToTerms', '利用規約への同意が必要です'],
  ])('refuses %s with 400 and a Japanese message, creating nothing', async (_label, body, field, message) => {
    const counts = [await countRows(ctx.db, users), await countRows(ctx.db, oneTimeTokens), await countRows(ctx.db, auditLogs)];
    const agent = new Agent(ctx.app);
    const response = await agent.post('signUp', body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_parameters');
    expect(response.body.fields[field]).toEqual([message]);
    expect([await countRows(ctx.db, users), await countRows(ctx.db, oneTimeTokens), await countRows(ctx.db, auditLogs)]).toEqual(counts);
    expect((await agent.get('getSession')).body.userId).toBeNull();
  });
});

describe('activateUserEmailVerification', () => {
  it('verifies the address once; member calls work afterwards; a second use is 400 invalid_token', async () => {
    const { agent, token, userId } = await signUp();
    const response = await agent.post('activateUserEmailVerification', { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'verified' });
    const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
    expect(user!.emailVerifiedAt).toEqual(ctx.clock.now());
    expect((await agent.get('getUserInfo')).status).toBe(200);
    // sign_in: the member signs in after signing up (issue 8: sign-up itself signs nobody in).
    expect(await auditEvents(ctx.db, userId)).toEqual(['sign_up', 'sign_in', 'email_verified']);

    const again = await agent.post('activateUserEmailVerification', { token });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('invalid_token');
    expect(again.body.message).toMatch(/この確認リンクは無効です/);
  });

  it('works from another browser without a session (the link is bound to the account, not the browser)', async () => {
    const { token, userId } = await signUp();
    const elsewhere = new Agent(ctx.app);
    expect((await elsewhere.post('activateUserEmailVerification', { token })).status).toBe(200);
    expect((await elsewhere.get('getSession')).body.userId).toBeNull();
    const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
    expect(user!.emailVerifiedAt).not.toBeNull();
  });

  it('a link older than 24 hours is 400 invalid_token and verifies nothing', async () => {
    const { agent, token, userId } = await signUp();
    ctx.clock.advance(24 * 60 * 60 * 1000 + 1000);
    const response = await agent.post('activateUserEmailVerification', { token });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_token');
    const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
    expect(user!.emailVerifiedAt).toBeNull();
  });

  it("another account's link verifies that account only, never the signed-in one", async () => {
    const mine = await signUp();
    const theirs = await signUp();
    expect((await mine.agent.post('activateUserEmailVerification', { token: theirs.token })).status).toBe(200);
    const [me] = await ctx.db.select().from(users).where(eq(users.id, mine.userId));
    const [them] = await ctx.db.select().from(users).where(eq(users.id, theirs.userId));
    expect(me!.emailVerifiedAt).toBeNull();
    expect(them!.emailVerifiedAt).not.toBeNull();
    expect((await mine.agent.get('getUserInfo')).body.code).toBe('user_email_not_verified');
  });

  it.each([
    ['an unknown token', { token: 'x'.repeat(43) }, 'invalid_token'],
    ['a malformed token', { token: '<script>' }, 'invalid_parameters'],
    ['no token', {}, 'invalid_parameters'],
  ])('refuses %s with 400 and a Japanese message', async (_label, body, code) => {
    const response = await new Agent(ctx.app).post('activateUserEmailVerification', body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(code);
    expect(response.body.message).toMatch(/リンク/);
  });
});

describe('createUserEmailVerification and resendMailUserEmailVerification', () => {
  it.each(['createUserEmailVerification', 'resendMailUserEmailVerification'] as const)(
    '%s: one mail a minute (429 with a Japanese message), then a fresh link that replaces the older one',
    async (call) => {
      const { agent, email, token: first, userId } = await signUp();

      const tooSoon = await agent.post(call);
      expect(tooSoon.status).toBe(429);
      expect(tooSoon.body.code).toBe('too_many_requests');
      expect(tooSoon.body.message).toMatch(/^メールは1分に1回まで送信できます。\d+秒ほど待ってから/);
      await ctx.deliverOutbox();
      expect(mailsTo(ctx, email)).toHaveLength(1);

      ctx.clock.advance(61 * 1000);
      const { result, mail } = await withNewMail(ctx, email, () => agent.post(call));
      expect(result.status).toBe(200);
      expect(result.body).toEqual({ status: 'verification_sent' });
      const second = tokenIn(mail, VERIFY);
      expect(second).not.toBe(first);

      expect((await agent.post('activateUserEmailVerification', { token: first })).body.code).toBe('invalid_token');
      expect((await agent.post('activateUserEmailVerification', { token: second })).status).toBe(200);
      const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
      expect(user!.emailVerifiedAt).not.toBeNull();
    },
  );

  it('answers already_verified for a verified account and sends nothing', async () => {
    const member = await createMember(ctx.db);
    const agent = new Agent(ctx.app);
    await agent.signIn(member.email, member.password);
    const response = await agent.post('resendMailUserEmailVerification');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'already_verified' });
    await ctx.deliverOutbox();
    expect(mailsTo(ctx, member.email)).toHaveLength(0);
  });

  it('needs a signed-in account (401 for a visitor)', async () => {
    const response = await new Agent(ctx.app).post('resendMailUserEmailVerification');
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('unauthenticated');
  });
});

describe('a mail that cannot be sent', () => {
  let broken: TestContext;
  beforeAll(async () => {
    // Nothing listens on port 9 of loopback: every SMTP connection is refused.
    broken = await createTestContext({ smtpUrl: 'smtp://127.0.0.1:9' });
  });
  afterAll(async () => {
    await broken.close();
  });

  // Issue 8: this used to answer 503 delivery_failed; the mail now waits in the outbox.
  it('sign-up still succeeds while SMTP is down; the link waits in the outbox and the answer is the usual one', async () => {
    const email = freshEmail();
    const agent = new Agent(broken.app);
    const response = await agent.post('signUp', { email, password: GOOD_PASSWORD, agreedToTerms: true });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'verification_sent' });
    const [user] = await broken.db.select().from(users).where(eq(users.email, email));
    expect(await broken.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user!.id))).toHaveLength(1);
    await broken.deliverOutbox();
    const [row] = await broken.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, kind: 'email_verification' });
    expect(row!.lastError).toBeTruthy();
    expect(await broken.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(0);
  });
});
