import { randomUUID } from 'node:crypto';
import { pagePaths } from '@sukoyaka/contract';
import { sql } from 'drizzle-orm';
import { associations } from '../../src/db/schema';
import { addGift, importGiftCodes } from '../../src/incentives/gifts';
import { createProgram, grantPoints } from '../../src/incentives/operator';
import { totpCodeAt } from '../../src/operators/totp';
import { Agent, createMember, createTestContext, createTestOperator, type TestContext, scheduledJobsOff } from '../helpers';
import { LOCAL_FAKES } from '../../src/services';
import { GOOD_PASSWORD, freshEmail, tokenIn, withNewMail } from '../mail-helpers';
import { agreeTerms, fakePortal, importNow, link, registerSecret } from '../myna-helpers';
import { report } from './support';

/*
 * Issue 24 #4, the plaintext scan: the API is driven through the flows that hand out secrets (a
 * digital gift's code, an operator's TOTP secret at enrolment, the one-time tokens of the reset,
 * verification, unlock and e-mail change mails, a My Number import, a forecast snapshot of the
 * check-up's LDL/HDL), with an Idempotency-Key on every POST as the browser sends it. Then every
 * text, varchar, json and jsonb column of every table (information_schema) is searched for each
 * known value: none may hold one in the clear (sealed copies and hashes are fine).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext(scheduledJobsOff(), {}, { fakes: LOCAL_FAKES });
});
afterAll(async () => ctx?.close());

/** A browser as mf-shared's client is: every POST carries a fresh Idempotency-Key (api/calls.ts). */
class KeyedAgent extends Agent {
  override request<T = any>(options: Parameters<Agent['request']>[0]) {
    if (options.method !== 'POST') return super.request<T>(options);
    return super.request<T>({ ...options, headers: { 'idempotency-key': randomUUID(), ...options.headers } });
  }
}

interface Needle {
  /** What it is, for the failure message. */
  label: string;
  /** A literal searched for as is, or a case-insensitive POSIX regular expression. */
  literal?: string;
  pattern?: string;
}
const needles: Needle[] = [];
const known = (label: string, literal: string) => {
  // A short or empty value would match everywhere: the flows below must hand out real ones.
  expect(literal.length).toBeGreaterThanOrEqual(6);
  needles.push({ label, literal });
};

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await ctx.db.execute(query);
  return ((result as unknown as { rows?: T[] }).rows ?? (result as unknown as T[])) as T[];
}

async function signedIn(agent: Agent = new KeyedAgent(ctx.app)) {
  const member = await createMember(ctx.db);
  expect((await agent.signIn(member.email, member.password)).status).toBe(200);
  return { member, agent };
}

describe('issue 24 #4: no secret is stored in the clear beside its sealed copy', () => {
  it('a redeemed digital gift: its code', async () => {
    const { member, agent } = await signedIn();
    const programId = await createProgram(ctx.db, {
      associationId: member.associationId,
      name: 'すこやかポイント',
      description: '健康づくりでたまるポイントです。',
      menus: [{ kind: 'vital_recorded', vitalType: 'weight', title: '体重を記録', points: 10, dailyLimit: 1 }],
    });
    const giftId = await addGift(ctx.db, { programId, name: 'QUOカードPay 500円分', cost: 40, kind: 'digital_code' });
    const code = `QUO-${randomUUID().slice(0, 8).toUpperCase()}-PAY`;
    await importGiftCodes(ctx.db, giftId, `code\n${code}\n`);
    await grantPoints(ctx.db, {
      userId: member.id,
      programId,
      amount: 100,
      reason: 'テスト付与',
      operator: 'test',
      idempotencyKey: randomUUID(),
      now: ctx.clock.now(),
    });
    const redeemed = await agent.post('redeemGift', { giftId });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.userGift.code).toBe(code);
    known('gift code', code);
  });

  it("an operator's TOTP enrolment: the secret", async () => {
    const [association] = await ctx.db.insert(associations).values({ name: '平文検査組合' }).returning();
    const operator = await createTestOperator(
      ctx.db,
      { roles: [{ associationId: association!.id, role: 'editor' }], enrolled: false },
      ctx.clock.now(),
    );
    const agent = new KeyedAgent(ctx.app);
    expect((await agent.operatorPost('operatorSignIn', { email: operator.email, password: operator.password })).body).toEqual({
      state: 'enrolmentRequired',
    });
    const started = await agent.operatorPost('startOperatorTotpEnrolment');
    expect(started.status).toBe(200);
    const { secret } = started.body as { secret: string };
    const confirmed = await agent.operatorPost('confirmOperatorTotpEnrolment', { code: totpCodeAt(secret, ctx.clock.now()) });
    expect(confirmed.status).toBe(200);
    known('TOTP secret', secret);
  });

  it('the one-time tokens of the verification, reset, unlock and e-mail change mails', async () => {
    const newcomer = freshEmail('scan-signup');
    const signUp = await withNewMail(ctx, newcomer, () =>
      new KeyedAgent(ctx.app).post('signUp', { email: newcomer, password: GOOD_PASSWORD, agreedToTerms: true }),
    );
    expect(signUp.result.status).toBe(200);
    known('verification token', tokenIn(signUp.mail, pagePaths.signupVerification));

    const resetting = await createMember(ctx.db);
    const reset = await withNewMail(ctx, resetting.email, () =>
      new KeyedAgent(ctx.app).post('createPasswordReset', { email: resetting.email }),
    );
    expect(reset.result.status).toBe(200);
    known('password reset token', tokenIn(reset.mail, pagePaths.passwordResetChange));

    const locked = await createMember(ctx.db);
    const unlock = await withNewMail(ctx, locked.email, async () => {
      const agent = new KeyedAgent(ctx.app);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await agent.signIn(locked.email, `wrong-guess-${i}`)).status);
      return statuses;
    });
    expect(unlock.result.at(-1)).toBe(423);
    known('unlock token', tokenIn(unlock.mail, pagePaths.accountUnlock));

    const { member, agent } = await signedIn();
    expect((await agent.post('authenticateUserPassword', { password: member.password })).status).toBe(200);
    const newEmail = freshEmail('scan-new');
    const change = await withNewMail(ctx, newEmail, () => agent.post('createUserEmailChange', { email: newEmail }));
    expect(change.result.status).toBe(200);
    known('e-mail change token', tokenIn(change.mail, pagePaths.emailChangeConfirm));
  });

  it("a My Number import, and a forecast snapshot of its check-up's LDL/HDL", async () => {
    const { agent } = await signedIn();
    await agreeTerms(agent);
    await link(agent);
    await registerSecret(agent);
    expect((await importNow(ctx, agent)).status).toBe('succeeded');
    const served = fakePortal(ctx).records();
    known('medicine brand name', served.medicines[0]!.items[0]!.brandName);
    known('medicine generic name', served.medicines[0]!.items[0]!.genericName!);
    known('pharmacy', served.medicines[0]!.pharmacyName);
    known('medical institution', served.medicalBills[0]!.institutionName);

    const forecast = await agent.get('getHealthForecast');
    expect(forecast.status).toBe(200);
    const { ldl, hdl } = forecast.body.inputs as Record<string, { value: number | null; source: string }>;
    expect(ldl).toMatchObject({ value: expect.any(Number), source: 'checkup' });
    expect(hdl).toMatchObject({ value: expect.any(Number), source: 'checkup' });
    const saved = await agent.post('saveHealthForecastSnapshot', {
      sex: 'male',
      age: 58,
      systolic: 132,
      ldl: ldl!.value,
      hdl: hdl!.value,
      impairedGlucose: false,
      smoker: false,
      sources: { ldl: 'checkup', hdl: 'checkup' },
    });
    expect(saved.status).toBe(200);
    // A number alone is everywhere; in the clear it sits beside its name, as JSON writes it.
    needles.push({ label: 'check-up LDL', pattern: `"ldl"\\s*:\\s*${ldl!.value}\\y` });
    needles.push({ label: 'check-up HDL', pattern: `"hdl"\\s*:\\s*${hdl!.value}\\y` });
  });

  it('every text, varchar, json and jsonb column of every table holds none of them in the clear', async () => {
    // The mails above have left: what the outbox keeps of them is what a reader of the table gets.
    await ctx.deliverOutbox();
    expect(needles.length).toBeGreaterThanOrEqual(11);
    const columns = await rows<{ table_name: string; column_name: string }>(
      sql`select c.table_name, c.column_name from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
          where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
            and c.data_type in ('text', 'character varying', 'json', 'jsonb')
          order by c.table_name, c.column_name`,
    );
    expect(columns.length).toBeGreaterThan(50);
    for (const expected of [
      ['idempotency_keys', 'sealed_response'],
      ['idempotency_keys', 'response'],
      ['outbox_messages', 'body'],
    ]) {
      expect(columns).toContainEqual(expect.objectContaining({ table_name: expected[0], column_name: expected[1] }));
    }
    const found: string[] = [];
    for (const column of columns) {
      // One pass over each column, counting the rows that hold each value.
      const value = sql`${sql.identifier(column.column_name)}::text`;
      const counts = needles.map((needle, index) => {
        const match = needle.literal !== undefined ? sql`strpos(${value}, ${needle.literal}) > 0` : sql`${value} ~* ${needle.pattern}`;
        return sql`count(*) filter (where ${match})::int as ${sql.identifier(`n${index}`)}`;
      });
      const [hits] = await rows<Record<string, number>>(
        sql`select ${sql.join(counts, sql`, `)} from ${sql.identifier(column.table_name)} where ${sql.identifier(column.column_name)} is not null`,
      );
      needles.forEach((needle, index) => {
        const n = hits![`n${index}`]!;
        if (n > 0) found.push(`${column.table_name}.${column.column_name}: ${needle.label} (${n} rows)`);
      });
    }
    report('plaintext-scan', {
      tables: new Set(columns.map((column) => column.table_name)).size,
      columns: columns.length,
      values: needles.length,
      found: found.length,
    });
    expect(found).toEqual([]);
  });
});
