import { and, eq } from 'drizzle-orm';
import { auditLogs, oneTimeTokens, sessions, users } from '../src/db/schema';
import { verifyPassword } from '../src/lib/password';
import { testContextForFile, Agent, createMember } from './helpers';
import { countRows, freshEmail, mailsTo, tokenIn, withNewMail } from './mail-helpers';

const ctx = testContextForFile();

const CHANGE = '/password_reset/change';
const NEW_PASSWORD = 'aozora-no-shita-77';

async function requestReset(email: string) {
  const { result, mail } = await withNewMail(ctx, email, () => new Agent(ctx.app).post('createPasswordReset', { email }));
  expect(result.status).toBe(200);
  return { mail, token: tokenIn(mail, CHANGE) };
}

async function userRow(id: string) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('createPasswordReset', () => {
  it('mails a link valid 30 minutes to a registered address and records the request', async () => {
    const member = await createMember(ctx.db);
    const { mail, token } = await requestReset(member.email);
    expect(mail.subject).toBe('【すこやか】パスワードの再設定');
    expect(mail.text).toContain(`${ctx.config.publicUrl}${CHANGE}?token=${token}`);
    expect(mail.text).toContain('30分');
    const [row] = await ctx.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, member.id));
    expect(row!.purpose).toBe('password_reset');
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(30 * 60 * 1000);
    const audits = await ctx.db.select().from(auditLogs).where(eq(auditLogs.userId, member.id));
    expect(audits.map((audit) => [audit.event, audit.detail])).toEqual([['password_reset_requested', { mailed: true }]]);
  });

  it('answers a registered and an unknown address with the same status and body, and mails only the registered one', async () => {
    const member = await createMember(ctx.db);
    const unknown = freshEmail('nobody');
    const registered = await new Agent(ctx.app).post('createPasswordReset', { email: member.email });
    const unregistered = await new Agent(ctx.app).post('createPasswordReset', { email: unknown });
    expect(registered.status).toBe(200);
    expect(unregistered.status).toBe(registered.status);
    expect(unregistered.body).toEqual(registered.body);
    expect(registered.body).toEqual({ status: 'accepted' });
    await ctx.outbox.waitFor(() => mailsTo(ctx, member.email)[0]);
    await ctx.deliverOutbox();
    expect(mailsTo(ctx, unknown)).toHaveLength(0);
  });

  it('sends at most one mail a minute per account, answering the same', async () => {
    const member = await createMember(ctx.db);
    const first = await requestReset(member.email);
    const again = await new Agent(ctx.app).post('createPasswordReset', { email: member.email });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: 'accepted' });
    await ctx.deliverOutbox();
    expect(mailsTo(ctx, member.email)).toHaveLength(1);

    ctx.clock.advance(61 * 1000);
    const second = await requestReset(member.email);
    // Only the newest link works.
    expect((await new Agent(ctx.app).post('updatePasswordByResetToken', { token: first.token, password: NEW_PASSWORD })).body.code).toBe(
      'invalid_token',
    );
    expect((await new Agent(ctx.app).post('updatePasswordByResetToken', { token: second.token, password: NEW_PASSWORD })).status).toBe(200);
  });

  it.each([
    ['no e-mail', {}, 'メールアドレスを入力してください'],
    ['a malformed e-mail', { email: 'hanako@@example.jp' }, 'メールアドレスの形式が正しくありません'],
  ])('refuses %s with 400 and a Japanese message, recording nothing', async (_label, body, message) => {
    const counts = [await countRows(ctx.db, oneTimeTokens), await countRows(ctx.db, auditLogs)];
    const response = await new Agent(ctx.app).post('createPasswordReset', body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalid_parameters', message, fields: { email: [message] } });
    expect([await countRows(ctx.db, oneTimeTokens), await countRows(ctx.db, auditLogs)]).toEqual(counts);
  });
});

describe('updatePasswordByResetToken', () => {
  it('sets the new password, ends every session of the account, signs nobody in; the old password stops working', async () => {
    const member = await createMember(ctx.db);
    const phone = new Agent(ctx.app);
    const laptop = new Agent(ctx.app);
    await phone.signIn(member.email, member.password);
    await laptop.signIn(member.email, member.password);
    const { token } = await requestReset(member.email);

    const browser = new Agent(ctx.app);
    const { result, mail } = await withNewMail(ctx, member.email, () =>
      browser.post('updatePasswordByResetToken', { token, password: NEW_PASSWORD }),
    );
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ status: 'password_updated' });
    expect(mail.subject).toBe('【すこやか】パスワードを変更しました');

    const user = await userRow(member.id);
    expect(await verifyPassword(user.passwordHash, NEW_PASSWORD)).toBe(true);
    expect(user.passwordChangedAt).toEqual(ctx.clock.now());
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
    expect((await phone.get('getUserInfo')).status).toBe(401);
    expect((await laptop.get('getUserInfo')).status).toBe(401);
    expect((await browser.get('getSession')).body.userId).toBeNull();

    expect((await new Agent(ctx.app).signIn(member.email, member.password)).status).toBe(401);
    expect((await new Agent(ctx.app).signIn(member.email, NEW_PASSWORD)).status).toBe(200);
    const resets = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, member.id), eq(auditLogs.event, 'password_reset')));
    expect(resets.map((row) => row.detail)).toEqual([{ sessionsEnded: 2 }]);
  });

  it('a browser signed in to the account that resets its password is signed out too', async () => {
    const member = await createMember(ctx.db);
    const agent = new Agent(ctx.app);
    await agent.signIn(member.email, member.password);
    const { token } = await requestReset(member.email);
    expect((await agent.post('updatePasswordByResetToken', { token, password: NEW_PASSWORD })).status).toBe(200);
    expect(agent.cookie('sukoyaka_session')).toBeUndefined();
    expect((await agent.get('getSession')).body.userId).toBeNull();
  });

  it('the link works once: a second use is 400 invalid_token and the password stays', async () => {
    const member = await createMember(ctx.db);
    const { token } = await requestReset(member.email);
    expect((await new Agent(ctx.app).post('updatePasswordByResetToken', { token, password: NEW_PASSWORD })).status).toBe(200);
    const again = await new Agent(ctx.app).post('updatePasswordByResetToken', { token, password: 'another-new-one-88' });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('invalid_token');
    expect(again.body.message).toMatch(/^このパスワード再設定用のリンクは無効です/);
    expect(await verifyPassword((await userRow(member.id)).passwordHash, NEW_PASSWORD)).toBe(true);
  });

  it('the link expires after 30 minutes: 400 invalid_token and the old password still works', async () => {
    const member = await createMember(ctx.db);
    const { token } = await requestReset(member.email);
    ctx.clock.advance(31 * 60 * 1000);
    const response = await new Agent(ctx.app).post('updatePasswordByResetToken', { token, password: NEW_PASSWORD });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_token');
    expect((await new Agent(ctx.app).signIn(member.email, member.password)).status).toBe(200);
  });

  it('a link still works just before its 30 minutes are up', async () => {
    const member = await createMember(ctx.db);
    const { token } = await requestReset(member.email);
    ctx.clock.advance(29 * 60 * 1000);
    expect((await new Agent(ctx.app).post('updatePasswordByResetToken', { token, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("another member's link changes that member's password only, never the signed-in member's", async () => {
    const me = await createMember(ctx.db);
    const them = await createMember(ctx.db);
    const agent = new Agent(ctx.app);
    await agent.signIn(me.email, me.password);
    const before = (await userRow(me.id)).passwordHash;
    const { token } = await requestReset(them.email);
    expect((await agent.post('updatePasswordByResetToken', { token, password: NEW_PASSWORD })).status).toBe(200);
    expect((await userRow(me.id)).passwordHash).toBe(before);
    expect((await agent.get('getUserInfo')).status).toBe(200);
    expect(await verifyPassword((await userRow(them.id)).passwordHash, NEW_PASSWORD)).toBe(true);
  });

  it('lifts a lock from failed sign-ins (the link proves the mailbox) and verifies an unverified address', async () => {
    const member = await createMember(ctx.db);
    await ctx.db
      .update(users)
      .set({ failedAuthCount: 5, lockedUntil: new Date(ctx.clock.now().getTime() + 30 * 60 * 1000), emailVerifiedAt: null })
      .where(eq(users.id, member.id));
    const { token } = await requestReset(member.email);
    expect((await new Agent(ctx.app).post('updatePasswordByResetToken', { token, password: NEW_PASSWORD })).status).toBe(200);
    const user = await userRow(member.id);
    expect(user).toMatchObject({ failedAuthCount: 0, lockedUntil: null });
    expect(user.emailVerifiedAt).not.toBeNull();
    expect((await new Agent(ctx.app).signIn(member.email, NEW_PASSWORD)).status).toBe(200);
  });

  it.each([
    ['no password', () => ({}), '新しいパスワードを入力してください'],
    ['a short password', () => ({ password: 'kazefuku9' }), '新しいパスワードは10文字以上で入力してください'],
    ['a common password', () => ({ password: '1234567890' }), '新しいパスワードは推測されやすいため使えません。別のものにしてください'],
    // The form has no address to check this against: the server does.
    [
      'a password made of the address',
      (email: string) => ({ password: `${email.split('@')[0]}!` }),
      '新しいパスワードにメールアドレスの一部を含めないでください',
    ],
  ])('refuses %s with 400 naming the field; nothing changes and the link still works', async (_label, body, message) => {
    const member = await createMember(ctx.db);
    const { token } = await requestReset(member.email);
    const before = await userRow(member.id);
    const response = await new Agent(ctx.app).post('updatePasswordByResetToken', { token, ...body(member.email) });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalid_parameters', message, fields: { password: [message] } });
    expect(await userRow(member.id)).toEqual(before);
    expect((await new Agent(ctx.app).post('updatePasswordByResetToken', { token, password: NEW_PASSWORD })).status).toBe(200);
  });

  it.each([
    ['an unknown token', { token: 'A'.repeat(43), password: NEW_PASSWORD }, 'invalid_token'],
    ['a malformed token', { token: 'a b c', password: NEW_PASSWORD }, 'invalid_parameters'],
    ['no token', { password: NEW_PASSWORD }, 'invalid_parameters'],
  ])('refuses %s with 400 and a Japanese message', async (_label, body, code) => {
    const audits = await countRows(ctx.db, auditLogs);
    const response = await new Agent(ctx.app).post('updatePasswordByResetToken', body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(code);
    expect(response.body.message).toMatch(/リンク/);
    expect(await countRows(ctx.db, auditLogs)).toBe(audits);
  });

  it('a link mailed before the address changed does not work afterwards', async () => {
    const member = await createMember(ctx.db);
    const { token } = await requestReset(member.email);
    await ctx.db
      .update(users)
      .set({ email: freshEmail('moved') })
      .where(eq(users.id, member.id));
    const response = await new Agent(ctx.app).post('updatePasswordByResetToken', { token, password: NEW_PASSWORD });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_token');
  });

  it('the sign-up password policy applies: what signUp refuses, a reset refuses too', async () => {
    const member = await createMember(ctx.db);
    const { token } = await requestReset(member.email);
    const response = await new Agent(ctx.app).post('updatePasswordByResetToken', { token, password: 'qwertyuiop' });
    expect(response.status).toBe(400);
    const signUp = await new Agent(ctx.app).post('signUp', { email: freshEmail(), password: 'qwertyuiop', agreedToTerms: true });
    expect(signUp.body.fields.password).toEqual(['パスワードは推測されやすいため使えません。別のものにしてください']);
    expect(response.body.fields.password).toEqual(['新しいパスワードは推測されやすいため使えません。別のものにしてください']);
  });
});
