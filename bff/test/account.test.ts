import { eq } from 'drizzle-orm';
import { deleteExpiredSessions } from '../src/platform/sessions';
import { sessions } from '../src/db/schema';
import { testContextForFile, Agent, createMember } from './helpers';

const ctx = testContextForFile();

describe('authenticity token (CSRF)', () => {
  it('gives a visitor a session cookie and a token', async () => {
    const agent = new Agent(ctx.app);
    const response = await agent.get('getAuthenticityTokenForClient');
    expect(response.status).toBe(200);
    expect(response.body.authenticityToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
  });

  it('refuses a POST without the token with 403 invalid_authenticity_token', async () => {
    const member = await createMember(ctx.db);
    const agent = new Agent(ctx.app);
    await agent.fetchToken();
    const response = await agent.post('signIn', { email: member.email, password: member.password }, { token: null });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('invalid_authenticity_token');
    expect(response.body.message).toMatch(/ページ/);
  });

  it('refuses a POST with another session’s token', async () => {
    const member = await createMember(ctx.db);
    const other = new Agent(ctx.app);
    const foreignToken = await other.fetchToken();
    const agent = new Agent(ctx.app);
    await agent.fetchToken();
    const response = await agent.post('signIn', { email: member.email, password: member.password }, { token: foreignToken });
    expect(response.status).toBe(403);
  });

  it('refuses a POST with no session at all', async () => {
    const agent = new Agent(ctx.app);
    const response = await agent.post('getAuthState', {}, { token: 'made-up' });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('invalid_authenticity_token');
  });
});

describe('signIn', () => {
  it('signs in with the right password and rotates the session id', async () => {
    const member = await createMember(ctx.db);
    const agent = new Agent(ctx.app);
    await agent.fetchToken();
    const before = agent.cookie('sukoyaka_session');
    const response = await agent.signIn(member.email, member.password);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ userId: member.id, mfaRequired: false });
    const after = agent.cookie('sukoyaka_session');
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    // The new session's token comes with the answer, and the old one no longer works.
    expect(response.headers['x-csrf-token']).toEqual(expect.any(String));
    const info = await agent.get('getUserInfo');
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ userId: member.id, email: member.email, association: { name: 'テスト健康保険組合' } });
  });

  it('accepts the e-mail in any case and with spaces around it', async () => {
    const member = await createMember(ctx.db);
    const agent = new Agent(ctx.app);
    const response = await agent.signIn(`  ${member.email.toUpperCase()} `, member.password);
    expect(response.status).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail with the same 401', async () => {
    const member = await createMember(ctx.db);
    const wrongPassword = await new Agent(ctx.app).signIn(member.email, 'not-the-password');
    const unknownEmail = await new Agent(ctx.app).signIn('nobody@example.jp', 'not-the-password');
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body).toEqual({ code: 'invalid_credentials', message: 'メールアドレスまたはパスワードが正しくありません。' });
    expect(unknownEmail.status).toBe(401);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it('answers bad input with 400 and Japanese messages naming the field', async () => {
    const agent = new Agent(ctx.app);
    const response = await agent.post('signIn', { email: 'not-an-email', password: '' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_parameters');
    expect(response.body.fields.email).toEqual(['メールアドレスの形式が正しくありません']);
    expect(response.body.fields.password).toEqual(['パスワードを入力してください']);
    expect(response.body.message).toBe('メールアドレスの形式が正しくありません');
  });

  it('answers a malformed JSON body with 400, not 500', async () => {
    const agent = new Agent(ctx.app);
    const token = await agent.fetchToken();
    const response = await agent.request({
      method: 'POST',
      url: '/api/bff/signIn',
      payload: '{"email":',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_parameters');
  });
});

describe('member calls without a member', () => {
  it('answers getUserInfo with 401 unauthenticated for a visitor', async () => {
    const agent = new Agent(ctx.app);
    const response = await agent.get('getUserInfo');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: 'unauthenticated', message: 'ログインしてください。' });
  });

  it('answers a member POST with 401 once the visitor holds a valid token', async () => {
    const agent = new Agent(ctx.app);
    const response = await agent.post('saveBloodPressure', { measuredAt: new Date().toISOString(), systolic: 120, diastolic: 80 });
    expect(response.status).toBe(401);
  });

  it('does not accept an expired session', async () => {
    const member = await createMember(ctx.db);
    const agent = new Agent(ctx.app);
    await agent.signIn(member.email, member.password);
    // The app reads the test clock, which stands still: expire the session by that clock, not the wall clock.
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(ctx.clock.now().getTime() - 1000) })
      .where(eq(sessions.userId, member.id));
    expect((await agent.get('getUserInfo')).status).toBe(401);
  });
});

describe('getAuthState (spec §3)', () => {
  it('returns the three expiry timestamps, null when never confirmed', async () => {
    const member = await createMember(ctx.db);
    const agent = new Agent(ctx.app);
    await agent.signIn(member.email, member.password);
    const response = await agent.post('getAuthState');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ birthdayAuthExpireAt: null, passwordAuthExpireAt: null, mynaSecretQuestionExpireAt: null });
  });

  it('spec §7: accepts the call as a POST with no body at all', async () => {
    const agent = new Agent(ctx.app);
    const token = await agent.fetchToken();
    const response = await agent.request({ method: 'POST', url: '/api/bff/getAuthState', headers: { 'x-csrf-token': token } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ birthdayAuthExpireAt: null, passwordAuthExpireAt: null, mynaSecretQuestionExpireAt: null });
  });

  it('returns a stored expiry as an ISO timestamp', async () => {
    const member = await createMember(ctx.db);
    const agent = new Agent(ctx.app);
    await agent.signIn(member.email, member.password);
    const expiry = new Date(Date.now() + 10 * 60 * 1000);
    await ctx.db.update(sessions).set({ passwordAuthExpiresAt: expiry }).where(eq(sessions.userId, member.id));
    const response = await agent.post('getAuthState');
    expect(response.body.passwordAuthExpireAt).toBe(expiry.toISOString());
  });
});

describe('POST /logout (spec §7)', () => {
  const logout = (agent: Agent, token: string | undefined, headers: Record<string, string> = {}) =>
    agent.request({
      method: 'POST',
      url: '/logout',
      payload: token === undefined ? '' : `authenticity_token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });

  it('ends the session with the form token and the member is signed out', async () => {
    const member = await createMember(ctx.db);
    const agent = new Agent(ctx.app);
    await agent.signIn(member.email, member.password);
    const token = await agent.fetchToken();
    const response = await logout(agent, token, { 'x-requested-with': 'XMLHttpRequest' });
    expect(response.status).toBe(204);
    expect((await agent.get('getUserInfo')).status).toBe(401);
    const left = await ctx.db.select().from(sessions).where(eq(sessions.userId, member.id));
    expect(left).toHaveLength(0);
  });

  it('sends a plain form post on to the login page', async () => {
    const member = await createMember(ctx.db);
    const agent = new Agent(ctx.app);
    await agent.signIn(member.email, member.password);
    const token = await agent.fetchToken();
    const response = await logout(agent, token);
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/login');
  });

  it('refuses a logout without the token and keeps the session', async () => {
    const member = await createMember(ctx.db);
    const agent = new Agent(ctx.app);
    await agent.signIn(member.email, member.password);
    const response = await logout(agent, undefined);
    expect(response.status).toBe(403);
    expect((await agent.get('getUserInfo')).status).toBe(200);
  });

  it('answers 401 when nobody is signed in', async () => {
    const agent = new Agent(ctx.app);
    const token = await agent.fetchToken();
    const response = await logout(agent, token);
    expect(response.status).toBe(401);
  });
});

describe('pruning sessions', () => {
  it('deletes the expired sessions and keeps the live ones', async () => {
    const member = await createMember(ctx.db);
    const expired = new Agent(ctx.app);
    await expired.signIn(member.email, member.password);
    const live = new Agent(ctx.app);
    await live.signIn(member.email, member.password);
    const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, member.id));
    expect(rows).toHaveLength(2);
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, rows[0]!.id));
    await deleteExpiredSessions(ctx.db, new Date());
    const left = await ctx.db.select().from(sessions).where(eq(sessions.userId, member.id));
    expect(left.map((row) => row.id)).toEqual([rows[1]!.id]);
  });
});

describe('ping', () => {
  it('answers ok with the time', async () => {
    const response = await new Agent(ctx.app).get('ping');
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('ok');
  });
});
