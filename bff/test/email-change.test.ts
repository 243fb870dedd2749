import { and, eq } from 'drizzle-orm';
import { auditLogs, oneTimeTokens, sessions, users } from '../src/db/schema';
import { testContextForFile, Agent, createMember, signedInMember } from './helpers';
import { countRows, freshEmail, mailsTo, tokenIn, withNewMail } from './mail-helpers';

const ctx = testContextForFile();

const CONFIRM = '/settings/email/confirm';

async function userRow(id: string) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
}

/** The password confirmation of /prompt_auth, given directly (another flow builds the page and call). */
async function confirmPassword(userId: string, validForMs = 15 * 60 * 1000) {
  await ctx.db
    .update(sessions)
    .set({ passwordAuthExpiresAt: new Date(ctx.clock.now().getTime() + validForMs) })
    .where(eq(sessions.userId, userId));
}

/** A signed-in member who has just confirmed their password. */
async function confirmedMember() {
  const { member, agent } = await signedInMember(ctx);
  await confirmPassword(member.id);
  return { member, agent };
}

async function requestChange(agent: Agent, newEmail: string) {
  const { result, mail } = await withNewMail(ctx, newEmail, () => agent.post('createUserEmailChange', { email: newEmail }));
  expect(result.status).toBe(200);
  return mail;
}

describe('getUserEmail', () => {
  it('answers the address and no pending change', async () => {
    const { member, agent } = await confirmedMember();
    const response = await agent.get('getUserEmail');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ email: member.email, pendingEmail: null });
  });

  it('refuses a visitor with 401', async () => {
    expect((await new Agent(ctx.app).get('getUserEmail')).status).toBe(401);
  });
});

describe('createUserEmailChange', () => {
  it('without a fresh password confirmation is 403 password_authentication_required and sends nothing', async () => {
    const member = await createMember(ctx.db);
    const agent = new Agent(ctx.app);
    await agent.signIn(member.email, member.password);
    const newEmail = freshEmail('new');
    const tokens = await countRows(ctx.db, oneTimeTokens);
    const response = await agent.post('createUserEmailChange', { email: newEmail });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('password_authentication_required');
    expect(response.body.message).toMatch(/パスワード/);
    expect(await countRows(ctx.db, oneTimeTokens)).toBe(tokens);
    await ctx.deliverOutbox();
    expect(mailsTo(ctx, newEmail)).toHaveLength(0);
  });

  it('a confirmation that has lapsed no longer counts', async () => {
    const { agent } = await confirmedMember();
    ctx.clock.advance(16 * 60 * 1000);
    const response = await agent.post('createUserEmailChange', { email: freshEmail('new') });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('password_authentication_required');
  });

  it('mails a 24-hour link to the new address only; the address stays until it is opened', async () => {
    const { member, agent } = await confirmedMember();
    const newEmail = freshEmail('new');
    const mail = await requestChange(agent, newEmail);
    expect(mail.subject).toBe('【すこやか】メールアドレス変更の確認');
    expect(mail.text).toContain(`${ctx.config.publicUrl}${CONFIRM}?token=`);
    await ctx.deliverOutbox();
    expect(mailsTo(ctx, member.email)).toHaveLength(0);
    expect((await userRow(member.id)).email).toBe(member.email);
    expect((await agent.get('getUserEmail')).body).toEqual({ email: member.email, pendingEmail: newEmail });
    const [token] = await ctx.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, member.id));
    expect(token!.expiresAt.getTime() - token!.createdAt.getTime()).toBe(24 * 60 * 60 * 1000);
    const audits = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, member.id), eq(auditLogs.event, 'email_change_requested')));
    expect(audits.map((row) => row.detail)).toEqual([{ newEmail, alreadyRegistered: false }]);
  });

  it('an address of another account gets the same answer and pending state, changes nothing, and is told it is registered', async () => {
    const other = await createMember(ctx.db);
    const otherBefore = await userRow(other.id);
    const free = await confirmedMember();
    const taken = await confirmedMember();

    const freeAnswer = await free.agent.post('createUserEmailChange', { email: freshEmail('new') });
    const { result: takenAnswer, mail } = await withNewMail(ctx, other.email, () =>
      taken.agent.post('createUserEmailChange', { email: other.email }),
    );

    expect(takenAnswer.status).toBe(freeAnswer.status);
    expect(takenAnswer.body).toEqual(freeAnswer.body);
    expect((await taken.agent.get('getUserEmail')).body).toEqual({ email: taken.member.email, pendingEmail: other.email });
    expect(await userRow(other.id)).toEqual(otherBefore);
    expect((await userRow(taken.member.id)).email).toBe(taken.member.email);
    expect(mail.subject).toBe('【すこやか】メールアドレス変更のお申し込みについて');
    expect(mail.text).not.toContain('token=');
  });

  it.each([
    ['no e-mail', {}, '新しいメールアドレスを入力してください'],
    ['a malformed e-mail', { email: 'new@' }, '新しいメールアドレスの形式が正しくありません'],
    [
      'a mistyped domain',
      { email: 'new@docomo.ne.jo' },
      '新しいメールアドレスのドメイン「docomo.ne.jo」をご確認ください。「docomo.ne.jp」ではありませんか？',
    ],
  ])('refuses %s with 400 naming the field and records nothing', async (_label, body, message) => {
    const { agent } = await confirmedMember();
    const counts = [await countRows(ctx.db, oneTimeTokens), await countRows(ctx.db, auditLogs)];
    const response = await agent.post('createUserEmailChange', body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalid_parameters', message, fields: { email: [message] } });
    expect([await countRows(ctx.db, oneTimeTokens), await countRows(ctx.db, auditLogs)]).toEqual(counts);
  });

  it('refuses the current address with 400', async () => {
    const { member, agent } = await confirmedMember();
    const response = await agent.post('createUserEmailChange', { email: member.email.toUpperCase() });
    expect(response.status).toBe(400);
    expect(response.body.fields.email).toEqual(['新しいメールアドレスが、現在のメールアドレスと同じです']);
  });

  it('is for members with a verified address (403 user_email_not_verified otherwise)', async () => {
    const { member, agent } = await confirmedMember();
    await ctx.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, member.id));
    const response = await agent.post('createUserEmailChange', { email: freshEmail('new') });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('user_email_not_verified');
  });

  it('sends at most one mail a minute: a second request at once is 429', async () => {
    const { agent } = await confirmedMember();
    await requestChange(agent, freshEmail('new'));
    const second = freshEmail('new');
    const response = await agent.post('createUserEmailChange', { email: second });
    expect(response.status).toBe(429);
    expect(response.body.code).toBe('too_many_requests');
    await ctx.deliverOutbox();
    expect(mailsTo(ctx, second)).toHaveLength(0);
  });
});

describe('activateUserEmailChange', () => {
  it('switches the address, tells the old one, records it; the member signs in with the new address only', async () => {
    const { member, agent } = await confirmedMember();
    const newEmail = freshEmail('new');
    const token = tokenIn(await requestChange(agent, newEmail), CONFIRM);

    const { result, mail } = await withNewMail(ctx, member.email, () => new Agent(ctx.app).post('activateUserEmailChange', { token }));
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ status: 'email_changed', email: newEmail });
    expect(mail.subject).toBe('【すこやか】メールアドレスを変更しました');
    expect(mail.text).toContain(`${newEmail.slice(0, 1)}***@example.jp`);

    expect((await userRow(member.id)).email).toBe(newEmail);
    expect((await agent.get('getUserEmail')).body).toEqual({ email: newEmail, pendingEmail: null });
    const audits = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, member.id), eq(auditLogs.event, 'email_changed')));
    expect(audits.map((row) => row.detail)).toEqual([{ from: member.email, to: newEmail }]);
    expect((await new Agent(ctx.app).signIn(member.email, member.password)).status).toBe(401);
    expect((await new Agent(ctx.app).signIn(newEmail, member.password)).status).toBe(200);
  });

  it('works once: a second use is 400 invalid_token', async () => {
    const { agent } = await confirmedMember();
    const token = tokenIn(await requestChange(agent, freshEmail('new')), CONFIRM);
    expect((await agent.post('activateUserEmailChange', { token })).status).toBe(200);
    const again = await agent.post('activateUserEmailChange', { token });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('invalid_token');
    expect(again.body.message).toMatch(/^このメールアドレス変更用のリンクは無効です/);
  });

  it('a link older than 24 hours is 400 invalid_token and changes nothing', async () => {
    const { member, agent } = await confirmedMember();
    const token = tokenIn(await requestChange(agent, freshEmail('new')), CONFIRM);
    ctx.clock.advance(24 * 60 * 60 * 1000 + 1000);
    const response = await agent.post('activateUserEmailChange', { token });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_token');
    expect((await userRow(member.id)).email).toBe(member.email);
  });

  it('fails cleanly when the address was taken in the meantime: 400 with a clear message, nothing changes', async () => {
    const { member, agent } = await confirmedMember();
    const newEmail = freshEmail('new');
    const token = tokenIn(await requestChange(agent, newEmail), CONFIRM);
    await createMember(ctx.db, { email: newEmail });
    const response = await agent.post('activateUserEmailChange', { token });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_token');
    expect(response.body.message).toMatch(/^このメールアドレスはすでに別のアカウントで使われているため、変更できませんでした/);
    expect((await userRow(member.id)).email).toBe(member.email);
    await ctx.deliverOutbox();
    expect(mailsTo(ctx, member.email)).toHaveLength(0);
  });

  it("another member's link changes that member's address only, never the signed-in member's", async () => {
    const me = await confirmedMember();
    const them = await confirmedMember();
    const theirNew = freshEmail('theirs');
    const token = tokenIn(await requestChange(them.agent, theirNew), CONFIRM);
    expect((await me.agent.post('activateUserEmailChange', { token })).status).toBe(200);
    expect((await userRow(me.member.id)).email).toBe(me.member.email);
    expect((await userRow(them.member.id)).email).toBe(theirNew);
  });

  it.each([
    ['an unknown token', { token: 'Z'.repeat(43) }, 'invalid_token'],
    ['a malformed token', { token: 'not a token' }, 'invalid_parameters'],
  ])('refuses %s with 400 and a Japanese message', async (_label, body, code) => {
    const response = await new Agent(ctx.app).post('activateUserEmailChange', body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(code);
    expect(response.body.message).toMatch(/リンク/);
  });
});

describe('resendMailUserEmailChange', () => {
  it('one mail a minute (429), then a fresh link to the pending address that replaces the older one', async () => {
    const { member, agent } = await confirmedMember();
    const newEmail = freshEmail('new');
    const first = tokenIn(await requestChange(agent, newEmail), CONFIRM);

    const tooSoon = await agent.post('resendMailUserEmailChange');
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.message).toMatch(/^メールは1分に1回まで送信できます/);

    ctx.clock.advance(61 * 1000);
    const { result, mail } = await withNewMail(ctx, newEmail, () => agent.post('resendMailUserEmailChange'));
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ status: 'confirmation_sent' });
    const second = tokenIn(mail, CONFIRM);
    expect((await agent.post('activateUserEmailChange', { token: first })).body.code).toBe('invalid_token');
    expect((await agent.post('activateUserEmailChange', { token: second })).status).toBe(200);
    expect((await userRow(member.id)).email).toBe(newEmail);
  });

  it('with nothing pending answers 404 with a Japanese message', async () => {
    const { agent } = await confirmedMember();
    const response = await agent.post('resendMailUserEmailChange');
    expect(response.status).toBe(404);
    expect(response.body.message).toMatch(/確認待ちのメールアドレスの変更はありません/);
  });

  it('does not need the password confirmation again (the change was confirmed when asked for)', async () => {
    const { member, agent } = await confirmedMember();
    const newEmail = freshEmail('new');
    await requestChange(agent, newEmail);
    await confirmPassword(member.id, -1000);
    ctx.clock.advance(61 * 1000);
    const { result } = await withNewMail(ctx, newEmail, () => agent.post('resendMailUserEmailChange'));
    expect(result.status).toBe(200);
  });
});
