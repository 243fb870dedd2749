import { OPERATOR_SESSION_COOKIE } from '@sukoyaka/contract';
import { sql } from 'drizzle-orm';
import { runOperatorsCommand } from '../src/operators/commands';
import { DEMO_OPERATOR, seedDemoOperator } from '../src/operators/demo-seed';
import { totpCodeAt } from '../src/operators/totp';
import { createOperatorSession, deleteExpiredOperatorSessions, findOperatorSession } from '../src/platform/operator-sessions';
import { Agent, createAssociations, createMember, createTestContext, createTestOperator, type TestContext } from './helpers';

/*
 * Issue 14, operators: their own sign-in (password, then a TOTP code; enrolment for an operator
 * without an authenticator), their own session that never is a member's, roles per association,
 * and the audit of every action.
 */

let ctx: TestContext;
let associationX: string;
let associationY: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [associationX, associationY] = (await createAssociations(ctx.db)) as [string, string];
});
afterAll(async () => ctx?.close());

const rows = async <T>(text: string) => ((await ctx.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
const auditEvents = async (operatorId: string) =>
  (await rows<{ event: string }>(`select event from audit_logs where operator_id = '${operatorId}' order by created_at, event`)).map(
    (row) => row.event,
  );
/** Moves the clock past the current TOTP step, so the next sign-in has a fresh code. */
const nextStep = () => ctx.clock.advance(31_000);

describe('the operator session as every operator call reads it', () => {
  it('carries the operator and every role, oldest grant first, in one statement; a session before the password step has no operator', async () => {
    const operator = await createTestOperator(ctx.db, { roles: [{ associationId: associationX, role: 'editor' }] }, ctx.clock.now());
    // Granted second but dated a second before the first grant: the order is the grants' dates.
    await ctx.db.execute(
      sql`insert into operator_roles (operator_id, association_id, role, created_at)
          select operator_id, ${associationY}, 'viewer', created_at - interval '1 second' from operator_roles where operator_id = ${operator.id}`,
    );
    const { token } = await createOperatorSession(ctx.db, { operatorId: operator.id, secondFactorAt: ctx.clock.now() }, ctx.clock.now());
    const found = await findOperatorSession(ctx.db, token, ctx.clock.now());
    expect(found?.operator).toEqual({
      id: operator.id,
      email: operator.email,
      name: expect.any(String),
      roles: [
        { associationId: associationY, role: 'viewer' },
        { associationId: associationX, role: 'editor' },
      ],
    });
    expect(found?.operator?.roles).toEqual(
      await rows<{ associationId: string; role: string }>(
        `select association_id as "associationId", role from operator_roles where operator_id = '${operator.id}' order by created_at, association_id`,
      ),
    );

    const anonymous = await createOperatorSession(ctx.db, { operatorId: null }, ctx.clock.now());
    expect((await findOperatorSession(ctx.db, anonymous.token, ctx.clock.now()))?.operator).toBeNull();
  });
});

describe('operator sign-in: password, then the TOTP code (RFC 6238)', () => {
  it('a first visit gets an anonymous operator session on its own cookie: HttpOnly, SameSite=Strict, path /', async () => {
    const agent = new Agent(ctx.app);
    const answer = await agent.get('getOperatorSession');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ state: 'signedOut', operator: null });
    expect(answer.body.authenticityToken).toEqual(expect.any(String));
    const cookie = String(answer.headers['set-cookie']);
    expect(cookie).toContain(`${OPERATOR_SESSION_COOKIE}=`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toContain('sukoyaka_session=');
  });

  it('signs in with the password and the current code; the session rotates at each step; audited', async () => {
    const operator = await createTestOperator(ctx.db, { roles: [{ associationId: associationX, role: 'editor' }] }, ctx.clock.now());
    const agent = new Agent(ctx.app);
    await agent.get('getOperatorSession');
    const first = agent.cookie(OPERATOR_SESSION_COOKIE);

    const password = await agent.operatorPost('operatorSignIn', { email: operator.email, password: operator.password });
    expect(password.status).toBe(200);
    expect(password.body).toEqual({ state: 'totpRequired' });
    const second = agent.cookie(OPERATOR_SESSION_COOKIE);
    expect(second).not.toBe(first);
    expect((await agent.get('getOperatorSession')).body).toMatchObject({ state: 'totpRequired', operator: null });
    // Halfway is not signed in: operator calls refuse it.
    expect((await agent.get('listOperatorAuditLogs', { associationId: associationX })).status).toBe(401);

    const code = await agent.operatorPost('verifyOperatorTotp', { code: totpCodeAt(operator.totpSecret, ctx.clock.now()) });
    expect(code.status).toBe(200);
    expect(code.body).toEqual({ state: 'signedIn' });
    expect(agent.cookie(OPERATOR_SESSION_COOKIE)).not.toBe(second);

    const session = await agent.get('getOperatorSession');
    expect(session.body).toMatchObject({
      state: 'signedIn',
      operator: {
        id: operator.id,
        email: operator.email,
        roles: [{ associationId: associationX, associationName: '組合エックス', role: 'editor' }],
      },
    });
    expect(await auditEvents(operator.id)).toEqual(['operator_password_verified', 'operator_sign_in']);
  });

  it('a wrong password answers 401; the fifth in a row locks the operator for 30 minutes (423), even with the right one', async () => {
    const operator = await createTestOperator(ctx.db, { roles: [{ associationId: associationX, role: 'viewer' }] }, ctx.clock.now());
    const agent = new Agent(ctx.app);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const answer = await agent.operatorPost('operatorSignIn', { email: operator.email, password: 'wrong-password-1' });
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe('invalid_credentials');
    }
    const fifth = await agent.operatorPost('operatorSignIn', { email: operator.email, password: 'wrong-password-1' });
    expect(fifth.status).toBe(423);
    expect(fifth.body.code).toBe('system_account_locked');
    const right = await agent.operatorPost('operatorSignIn', { email: operator.email, password: operator.password });
    expect(right.status).toBe(423);
    ctx.clock.advance(31 * 60 * 1000);
    // The anonymous session has ended meanwhile (30 minutes unused): the page fetches a new one.
    await agent.get('getOperatorSession');
    expect((await agent.operatorPost('operatorSignIn', { email: operator.email, password: operator.password })).status).toBe(200);
  });

  it('an unknown address answers as a wrong password does', async () => {
    const agent = new Agent(ctx.app);
    const answer = await agent.operatorPost('operatorSignIn', { email: 'nobody-here@example.jp', password: 'whatever-password' });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('メールアドレスまたはパスワードが正しくありません。');
  });

  it('a wrong code is refused and counted; a code is good only once', async () => {
    const operator = await createTestOperator(ctx.db, { roles: [{ associationId: associationX, role: 'viewer' }] }, ctx.clock.now());
    const agent = new Agent(ctx.app);
    await agent.operatorPost('operatorSignIn', { email: operator.email, password: operator.password });
    const right = totpCodeAt(operator.totpSecret, ctx.clock.now());
    const wrong = right === '000000' ? '111111' : '000000';
    const refused = await agent.operatorPost('verifyOperatorTotp', { code: wrong });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toContain('あと4回');
    expect((await agent.operatorPost('verifyOperatorTotp', { code: right })).status).toBe(200);

    // Another browser with the same (already used) code is refused.
    const other = new Agent(ctx.app);
    await other.operatorPost('operatorSignIn', { email: operator.email, password: operator.password });
    expect((await other.operatorPost('verifyOperatorTotp', { code: right })).status).toBe(401);
    nextStep();
    expect((await other.operatorPost('verifyOperatorTotp', { code: totpCodeAt(operator.totpSecret, ctx.clock.now()) })).status).toBe(200);
  });

  it('a code without the password step is refused', async () => {
    const agent = new Agent(ctx.app);
    const answer = await agent.operatorPost('verifyOperatorTotp', { code: '123456' });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('operator_unauthenticated');
  });

  it('sign-out ends the session: operator calls answer 401 afterwards', async () => {
    const operator = await createTestOperator(ctx.db, { roles: [{ associationId: associationX, role: 'viewer' }] }, ctx.clock.now());
    nextStep();
    const agent = new Agent(ctx.app);
    expect((await agent.signInOperator(operator, ctx.clock.now())).status).toBe(200);
    expect((await agent.get('listOperatorAuditLogs', { associationId: associationX })).status).toBe(200);
    expect((await agent.operatorPost('operatorSignOut')).status).toBe(200);
    expect((await agent.get('listOperatorAuditLogs', { associationId: associationX })).status).toBe(401);
    expect(await auditEvents(operator.id)).toContain('operator_sign_out');
  });

  it('the session ends after 30 minutes unused, and after 8 hours however used', async () => {
    const operator = await createTestOperator(ctx.db, { roles: [{ associationId: associationX, role: 'viewer' }] }, ctx.clock.now());
    nextStep();
    const idle = new Agent(ctx.app);
    await idle.signInOperator(operator, ctx.clock.now());
    ctx.clock.advance(29 * 60 * 1000);
    expect((await idle.get('listOperatorAuditLogs', { associationId: associationX })).status).toBe(200);
    ctx.clock.advance(31 * 60 * 1000);
    expect((await idle.get('listOperatorAuditLogs', { associationId: associationX })).status).toBe(401);

    nextStep();
    const busy = new Agent(ctx.app);
    await busy.signInOperator(operator, ctx.clock.now());
    // Used every 25 minutes: alive until the eighth hour, then over.
    const statuses: number[] = [];
    for (let minutes = 25; minutes <= 500; minutes += 25) {
      ctx.clock.advance(25 * 60 * 1000);
      statuses.push((await busy.get('listOperatorAuditLogs', { associationId: associationX })).status);
    }
    expect(statuses.slice(0, 19).every((status) => status === 200)).toBe(true);
    expect(statuses[19]).toBe(401);
  });
});

describe('pruning', () => {
  it('sessions past their end or idle too long are deleted; a live one stays', async () => {
    const operator = await createTestOperator(ctx.db, { roles: [{ associationId: associationX, role: 'viewer' }] }, ctx.clock.now());
    nextStep();
    const idle = new Agent(ctx.app);
    await idle.signInOperator(operator, ctx.clock.now());
    ctx.clock.advance(31 * 60 * 1000);
    nextStep();
    const live = new Agent(ctx.app);
    await live.signInOperator(operator, ctx.clock.now());
    const count = async () =>
      (await rows<{ n: number }>(`select count(*)::int as n from operator_sessions where operator_id = '${operator.id}'`))[0]!.n;
    expect(await count()).toBe(2);
    await deleteExpiredOperatorSessions(ctx.db, ctx.clock.now());
    expect(await count()).toBe(1);
    expect((await live.get('listOperatorAuditLogs', { associationId: associationX })).status).toBe(200);
  });
});

describe('enrolment: an operator without an authenticator can only enrol', () => {
  it('shows the otpauth URI, its QR code and the secret; the first code registers it and signs in', async () => {
    const operator = await createTestOperator(
      ctx.db,
      { roles: [{ associationId: associationX, role: 'editor' }], enrolled: false },
      ctx.clock.now(),
    );
    const agent = new Agent(ctx.app);
    const password = await agent.operatorPost('operatorSignIn', { email: operator.email, password: operator.password });
    expect(password.body).toEqual({ state: 'enrolmentRequired' });
    // Nothing else is open before enrolment.
    expect((await agent.get('listOperatorAuditLogs', { associationId: associationX })).status).toBe(401);
    expect((await agent.operatorPost('verifyOperatorTotp', { code: '123456' })).status).toBe(401);
    expect((await agent.operatorPost('confirmOperatorTotpEnrolment', { code: '123456' })).body.code).toBe('operator_enrolment_not_started');

    const started = await agent.operatorPost('startOperatorTotpEnrolment');
    expect(started.status).toBe(200);
    const { secret, otpauthUri, qrSvg } = started.body as { secret: string; otpauthUri: string; qrSvg: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(otpauthUri).toContain(encodeURIComponent(operator.email));
    expect(qrSvg).toMatch(/^<svg[^>]*>/);

    const confirmed = await agent.operatorPost('confirmOperatorTotpEnrolment', { code: totpCodeAt(secret, ctx.clock.now()) });
    expect(confirmed.status).toBe(200);
    expect((await agent.get('getOperatorSession')).body.state).toBe('signedIn');
    expect((await agent.get('listOperatorAuditLogs', { associationId: associationX })).status).toBe(200);
    expect(await auditEvents(operator.id)).toEqual(
      expect.arrayContaining(['operator_totp_enrolment_started', 'operator_totp_enrolled', 'operator_sign_in']),
    );
    const [stored] = await rows<{ totp_secret: string }>(`select totp_secret from operators where id = '${operator.id}'`);
    // Sealed at rest, never the secret itself.
    expect(stored!.totp_secret).toMatch(/^v1:/);
    expect(stored!.totp_secret).not.toContain(secret);

    // Enrolled now: the next sign-in asks for the code, and enrolment is closed.
    nextStep();
    const again = new Agent(ctx.app);
    expect((await again.operatorPost('operatorSignIn', { email: operator.email, password: operator.password })).body.state).toBe(
      'totpRequired',
    );
    expect((await again.operatorPost('startOperatorTotpEnrolment')).status).toBe(409);
  });

  it('a wrong first code registers nothing', async () => {
    const operator = await createTestOperator(
      ctx.db,
      { roles: [{ associationId: associationX, role: 'editor' }], enrolled: false },
      ctx.clock.now(),
    );
    const agent = new Agent(ctx.app);
    await agent.operatorPost('operatorSignIn', { email: operator.email, password: operator.password });
    const { secret } = (await agent.operatorPost('startOperatorTotpEnrolment')).body as { secret: string };
    const right = totpCodeAt(secret, ctx.clock.now());
    expect((await agent.operatorPost('confirmOperatorTotpEnrolment', { code: right === '000000' ? '111111' : '000000' })).status).toBe(401);
    const [stored] = await rows<{ totp_enabled_at: string | null }>(`select totp_enabled_at from operators where id = '${operator.id}'`);
    expect(stored!.totp_enabled_at).toBeNull();
  });
});

describe('an operator session is never a member session, and the other way round', () => {
  it("a member's session is refused on operator calls (401 operator_unauthenticated)", async () => {
    const member = await createMember(ctx.db);
    const agent = new Agent(ctx.app);
    expect((await agent.signIn(member.email, member.password)).status).toBe(200);
    expect((await agent.get('getUserInfo')).status).toBe(200);
    const answer = await agent.get('listOperatorAuditLogs', { associationId: member.associationId });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('operator_unauthenticated');
    // The member's authenticity token does not pass an operator POST either.
    const post = await agent.operatorPost('operatorSignOut', {}, { token: agent.token ?? (await agent.fetchToken()) });
    expect(post.status).toBe(403);
  });

  it("an operator's session is refused on member calls (401), and its token on member POSTs", async () => {
    const operator = await createTestOperator(ctx.db, { roles: [{ associationId: associationX, role: 'editor' }] }, ctx.clock.now());
    nextStep();
    const agent = new Agent(ctx.app);
    expect((await agent.signInOperator(operator, ctx.clock.now())).status).toBe(200);
    expect((await agent.get('getUserInfo')).status).toBe(401);
    expect((await agent.get('getSession')).body).not.toHaveProperty('userId', operator.id);
    const post = await agent.post('updateProfile', { nickname: 'なりすまし' }, { token: agent.operatorToken! });
    expect(post.status).toBe(403);
  });

  it('an operator signed in and a member signed in, in one browser, each see only their own side', async () => {
    const operator = await createTestOperator(ctx.db, { roles: [{ associationId: associationX, role: 'viewer' }] }, ctx.clock.now());
    const member = await createMember(ctx.db);
    nextStep();
    const agent = new Agent(ctx.app);
    await agent.signIn(member.email, member.password);
    await agent.signInOperator(operator, ctx.clock.now());
    expect((await agent.get('getUserInfo')).body.userId).toBe(member.id);
    expect((await agent.get('getOperatorSession')).body.operator.id).toBe(operator.id);
    // Signing the operator out leaves the member signed in.
    await agent.operatorPost('operatorSignOut');
    expect((await agent.get('getUserInfo')).status).toBe(200);
  });
});

describe('roles per association', () => {
  it("another association's audit log is refused (403 operator_forbidden); the own one lists the operators' actions", async () => {
    const operator = await createTestOperator(ctx.db, { roles: [{ associationId: associationX, role: 'viewer' }] }, ctx.clock.now());
    nextStep();
    const agent = new Agent(ctx.app);
    await agent.signInOperator(operator, ctx.clock.now());
    const other = await agent.get('listOperatorAuditLogs', { associationId: associationY });
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('operator_forbidden');
    expect(other.body.message).toMatch(/権限/);

    await ctx.db.execute(
      sql.raw(
        `insert into audit_logs (event, operator_id, association_id, detail, created_at) values
         ('operator_test_earlier_in_x', '${operator.id}', '${associationX}', '{}', now() - interval '1 minute'),
         ('operator_test_in_x', '${operator.id}', '${associationX}', '{}', now()),
         ('operator_test_in_y', '${operator.id}', '${associationY}', '{}', now())`,
      ),
    );
    const own = await agent.get('listOperatorAuditLogs', { associationId: associationX, limit: '1' });
    expect(own.status).toBe(200);
    expect(own.body.entries).toHaveLength(1);
    expect(own.body.entries[0]).toMatchObject({ event: 'operator_test_in_x', operatorEmail: operator.email });
    expect(own.body.nextCursor).toEqual(expect.any(String));
    const page2 = await agent.get('listOperatorAuditLogs', { associationId: associationX, cursor: own.body.nextCursor });
    expect(page2.body.entries.map((entry: { event: string }) => entry.event)).toEqual(['operator_test_earlier_in_x']);
  });
});

describe('npm run operators (the first operator of an association) and the demo operator', () => {
  it('create makes an operator who signs in with the password and must enrol; grant adds an association; list shows them', async () => {
    await ctx.db.execute(sql.raw(`update associations set insurer_number = '06130001' where id = '${associationX}'`));
    const created = await runOperatorsCommand(
      ctx.db,
      ['create', '--email', 'First.Operator@Example.jp', '--name', '最初 の運営者', '--association', '06130001', '--role', 'editor'],
      ctx.clock.now(),
    );
    expect(created.code).toBe(0);
    expect(created.output).toContain('first.operator@example.jp');
    const password = /初期パスワード: (\S+)/.exec(created.output)![1]!;
    const agent = new Agent(ctx.app);
    const signIn = await agent.operatorPost('operatorSignIn', { email: 'first.operator@example.jp', password });
    expect(signIn.body).toEqual({ state: 'enrolmentRequired' });

    expect(
      (
        await runOperatorsCommand(
          ctx.db,
          ['grant', '--email', 'first.operator@example.jp', '--association', associationY, '--role', 'viewer'],
          ctx.clock.now(),
        )
      ).code,
    ).toBe(0);
    const [roles] = await rows<{ n: number }>(
      `select count(*)::int as n from operator_roles r join operators o on o.id = r.operator_id where o.email = 'first.operator@example.jp'`,
    );
    expect(roles!.n).toBe(2);
    expect((await runOperatorsCommand(ctx.db, ['list'], ctx.clock.now())).output).toContain(
      'first.operator@example.jp\t最初 の運営者\t認証アプリ未登録',
    );

    const again = await runOperatorsCommand(
      ctx.db,
      ['create', '--email', 'first.operator@example.jp', '--name', 'x', '--association', '06130001'],
      ctx.clock.now(),
    );
    expect(again).toEqual({ code: 1, output: 'そのメールアドレスの運営者はすでにいます' });
    expect(
      (
        await runOperatorsCommand(
          ctx.db,
          ['create', '--email', 'y@example.jp', '--name', 'y', '--association', '99999999'],
          ctx.clock.now(),
        )
      ).code,
    ).toBe(2);
  });

  it('code prints the current code of a secret (the development stand-in for an authenticator app)', async () => {
    const result = await runOperatorsCommand(null, ['code', '--secret', DEMO_OPERATOR.totpSecret], ctx.clock.now());
    expect(result).toEqual({ code: 0, output: totpCodeAt(DEMO_OPERATOR.totpSecret, ctx.clock.now()) });
  });

  it('the seeded demo operator signs in with its documented password and secret, as editor of its association', async () => {
    await seedDemoOperator(ctx.db, associationX, ctx.clock.now());
    // Seeding again leaves it as it is.
    await seedDemoOperator(ctx.db, associationX, ctx.clock.now());
    nextStep();
    const agent = new Agent(ctx.app);
    expect((await agent.signInOperator(DEMO_OPERATOR, ctx.clock.now())).status).toBe(200);
    expect((await agent.get('getOperatorSession')).body.operator.roles).toEqual([
      { associationId: associationX, associationName: '組合エックス', role: 'editor' },
    ]);
  });
});
