import { and, eq } from 'drizzle-orm';
import { associations, auditLogs, rosterEntries, users } from '../src/db/schema';
import { testContextForFile, MINUTE, Agent, createMember, signInAgent } from './helpers';

/*
 * Issue 4, "Step-up confirmations" (/prompt_auth with authenticateUserPassword,
 * /sensitive_verification with authenticateBirthday): each sets its expiry in the auth state
 * (spec §3); failed confirmations count toward the account lock.
 */

const ctx = testContextForFile();

const BIRTHDAY = '1980-04-01';

async function signedIn(options: { birthday?: string | null } = { birthday: BIRTHDAY }) {
  const member = await createMember(ctx.db);
  if (options.birthday) await ctx.db.update(users).set({ birthday: options.birthday }).where(eq(users.id, member.id));
  return { member, agent: await signInAgent(ctx, member) };
}

async function auditRows(userId: string, event: string) {
  return ctx.db
    .select({ detail: auditLogs.detail })
    .from(auditLogs)
    .where(and(eq(auditLogs.userId, userId), eq(auditLogs.event, event)));
}

const in15Minutes = () => new Date(ctx.clock.now().getTime() + 15 * MINUTE).toISOString();

describe('authenticateUserPassword (/prompt_auth)', () => {
  it('the right password sets passwordAuthExpireAt, 15 minutes ahead, visible in getAuthState', async () => {
    const { member, agent } = await signedIn();
    const response = await agent.post('authenticateUserPassword', { password: member.password });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ passwordAuthExpireAt: in15Minutes() });
    expect((await agent.post('getAuthState')).body).toEqual({
      birthdayAuthExpireAt: null,
      passwordAuthExpireAt: in15Minutes(),
      mynaSecretQuestionExpireAt: null,
    });
    expect((await auditRows(member.id, 'step_up_succeeded')).map((row) => row.detail)).toEqual([
      { kind: 'password', expiresAt: in15Minutes() },
    ]);
  });

  it('a wrong password answers 401 with a Japanese message and sets nothing', async () => {
    const { member, agent } = await signedIn();
    const response = await agent.post('authenticateUserPassword', { password: 'not-my-password' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: 'invalid_credentials', message: 'パスワードが正しくありません。' });
    expect((await agent.post('getAuthState')).body.passwordAuthExpireAt).toBeNull();
    expect((await auditRows(member.id, 'step_up_failed')).map((row) => row.detail)).toEqual([{ kind: 'password', locked: false }]);
  });

  it('an empty password answers 400 naming パスワード, and is not counted', async () => {
    const { member, agent } = await signedIn();
    const response = await agent.post('authenticateUserPassword', { password: '' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ password: ['パスワードを入力してください'] });
    const [row] = await ctx.db.select({ failedAuthCount: users.failedAuthCount }).from(users).where(eq(users.id, member.id));
    expect(row!.failedAuthCount).toBe(0);
  });

  it('needs a signed-in member', async () => {
    const response = await new Agent(ctx.app).post('authenticateUserPassword', { password: 'anything' });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('unauthenticated');
  });

  it('the confirmation lapses after 15 minutes', async () => {
    const { member, agent } = await signedIn();
    await agent.post('authenticateUserPassword', { password: member.password });
    ctx.clock.advance(15 * MINUTE);
    // The timestamp stays; it lies in the past now, so the server refuses what needs it.
    expect((await agent.post('disableSmsMfa')).body.code).toBe('password_authentication_required');
  });
});

describe('authenticateBirthday (/sensitive_verification)', () => {
  it('the right birthday sets birthdayAuthExpireAt, visible in getAuthState', async () => {
    const { member, agent } = await signedIn();
    const response = await agent.post('authenticateBirthday', { birthday: BIRTHDAY });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ birthdayAuthExpireAt: in15Minutes() });
    expect((await agent.post('getAuthState')).body).toMatchObject({ birthdayAuthExpireAt: in15Minutes(), passwordAuthExpireAt: null });
    expect((await auditRows(member.id, 'step_up_succeeded')).map((row) => row.detail)).toEqual([
      { kind: 'birthday', expiresAt: in15Minutes() },
    ]);
  });

  it('a wrong birthday answers 401 with a Japanese message and sets nothing', async () => {
    const { agent } = await signedIn();
    const response = await agent.post('authenticateBirthday', { birthday: '1980-04-02' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: 'invalid_credentials', message: '生年月日が正しくありません。' });
    expect((await agent.post('getAuthState')).body.birthdayAuthExpireAt).toBeNull();
  });

  it.each([
    ['', '生年月日を入力してください'],
    ['1980/04/01', '生年月日の形式が正しくありません'],
    ['1980-02-30', '生年月日の形式が正しくありません'],
    ['1899-12-31', '生年月日は1900年1月1日以降の日付を入力してください'],
    ['2999-01-01', '生年月日に未来の日付は指定できません'],
  ])('refuses %j with 400 and the message %j, not counted toward the lock', async (birthday, message) => {
    const { member, agent } = await signedIn();
    const response = await agent.post('authenticateBirthday', { birthday });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalid_parameters', message, fields: { birthday: [message] } });
    const [row] = await ctx.db.select({ failedAuthCount: users.failedAuthCount }).from(users).where(eq(users.id, member.id));
    expect(row!.failedAuthCount).toBe(0);
  });

  it("uses the birthday of the member's roster entry when the account has none", async () => {
    const { member, agent } = await signedIn({ birthday: null });
    const [association] = await ctx.db.select({ id: associations.id }).from(associations).where(eq(associations.id, member.associationId));
    await ctx.db
      .insert(rosterEntries)
      .values({ associationId: association!.id, memberSymbol: '77', memberNumber: '1', birthday: '1975-11-30', linkedUserId: member.id });
    expect((await agent.post('authenticateBirthday', { birthday: '1975-11-30' })).status).toBe(200);
  });

  it('answers 409 birthday_not_registered when no birthday is known, without counting it', async () => {
    const { member, agent } = await signedIn({ birthday: null });
    const response = await agent.post('authenticateBirthday', { birthday: BIRTHDAY });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('birthday_not_registered');
    expect(response.body.message).toContain('生年月日が登録されていない');
    const [row] = await ctx.db.select({ failedAuthCount: users.failedAuthCount }).from(users).where(eq(users.id, member.id));
    expect(row!.failedAuthCount).toBe(0);
  });
});

describe('failed confirmations count toward the account lock', () => {
  it('3 wrong passwords and 2 wrong birthdays lock the account: the fifth answers 423 and member calls follow', async () => {
    const { member, agent } = await signedIn();
    for (let i = 0; i < 3; i += 1) expect((await agent.post('authenticateUserPassword', { password: `wrong-${i}` })).status).toBe(401);
    const fourth = await agent.post('authenticateBirthday', { birthday: '1981-04-01' });
    expect(fourth.status).toBe(401);
    // The member is known here, so they are warned before the lock.
    expect(fourth.body.message).toBe('生年月日が正しくありません。あと1回間違えると、アカウントが30分間ロックされます。');

    const fifth = await agent.post('authenticateBirthday', { birthday: '1982-04-01' });
    expect(fifth.status).toBe(423);
    expect(fifth.body.code).toBe('system_account_locked');
    expect((await agent.get('getUserInfo')).status).toBe(423);
    expect((await new Agent(ctx.app).signIn(member.email, member.password)).status).toBe(423);
    expect((await auditRows(member.id, 'account_locked'))[0]!.detail).toMatchObject({ after: 'step_up_birthday' });
  });

  it('a successful confirmation ends the run of failures', async () => {
    const { member, agent } = await signedIn();
    for (let i = 0; i < 4; i += 1) await agent.post('authenticateUserPassword', { password: `wrong-${i}` });
    expect((await agent.post('authenticateBirthday', { birthday: BIRTHDAY })).status).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await agent.post('authenticateUserPassword', { password: `wrong-${i}` })).status).toBe(401);
    const [row] = await ctx.db
      .select({ failedAuthCount: users.failedAuthCount, lockedUntil: users.lockedUntil })
      .from(users)
      .where(eq(users.id, member.id));
    expect(row).toEqual({ failedAuthCount: 4, lockedUntil: null });
  });
});
