import { callPath, ErrorCodes, MEMBER_DATA_EXPORT_PATH, memberDataExportUrl } from '@sukoyaka/contract';
import { and, eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { buildApp } from '../src/app';
import {
  associations,
  auditLogs,
  enqueteQuestions,
  enquetes,
  idempotencyKeys,
  notificationSettings,
  outboxMessages,
  rosterEntries,
  users,
  weights,
} from '../src/db/schema';
import { addGift, importGiftCodes } from '../src/incentives/gifts';
import { createProgram, grantPoints } from '../src/incentives/operator';
import { reconcile } from '../src/incentives/reconcile';
import { unsubscribeToken } from '../src/platform/notification-mail';
import { DAY, Agent, TEST_ADDRESS, createMember, createTestContext, type TestContext } from './helpers';
import { GOOD_PASSWORD, freshEmail, tokenIn, withNewMail } from './mail-helpers';
import { SECRET, agreeTerms, importNow, link, registerSecret } from './myna-helpers';

/*
 * Issue 24 #15: a member can take everything recorded about them (JSON, or a ZIP of CSVs), and
 * leave the service after the password step-up: every session ends, the wearable and My Number
 * grants go, the roster entry is free again, the personal records are deleted and the ledger and
 * audit entries kept are anonymous, and the ledger still reconciles.
 */

let ctx: TestContext;
const INSURER = '06139901';
type Roster = { memberSymbol: string; memberNumber: string; birthday: string };
let rosterCounter = 0;
/** A free roster entry of the association, one per person. */
async function rosterEntry(): Promise<Roster> {
  rosterCounter += 1;
  const roster = { memberSymbol: '2001', memberNumber: String(7000 + rosterCounter), birthday: '1985-06-15' };
  await ctx.db.insert(rosterEntries).values({ associationId, ...roster });
  return roster;
}
let associationId: string;
let programId: string;
let giftId: string;
const GIFT_CODES = ['GIFT-LEAVE-0001', 'GIFT-LEAVE-0002', 'GIFT-LEAVE-0003'];
const GIFT_CODE = /^GIFT-LEAVE-000\d$/;

beforeAll(async () => {
  ctx = await createTestContext({}, {}, { fakes: ['mynaPortal'] });
  const [association] = await ctx.db.insert(associations).values({ name: 'わかば健康保険組合', insurerNumber: INSURER }).returning();
  associationId = association!.id;
  programId = await createProgram(ctx.db, {
    associationId,
    name: 'わかばポイント',
    description: '健康づくりでたまるポイントです。',
    // A menu no step of these tests earns by: a saved reading now earns in its own write (decision
    // 0006), and the balances below are the grants and the gift's alone.
    menus: [{ kind: 'campaign_entered', title: 'キャンペーンにエントリー', points: 10, totalLimit: 1 }],
  });
  giftId = await addGift(ctx.db, { programId, name: 'デジタルギフト500円分', cost: 40, kind: 'digital_code' });
  await importGiftCodes(ctx.db, giftId, `code\n${GIFT_CODES.join('\n')}\n`);
  // A fresh database and the fake services take a while on a busy machine.
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** A newcomer who signs up, confirms the address and links to the roster entry, as a person would. */
async function registeredThroughRoster(email = freshEmail('leaver'), given?: Roster) {
  const roster = given ?? (await rosterEntry());
  const agent = new Agent(ctx.app);
  const { mail } = await withNewMail(ctx, email, () => agent.post('signUp', { email, password: GOOD_PASSWORD, agreedToTerms: true }));
  expect((await agent.signIn(email, GOOD_PASSWORD)).status).toBe(200);
  expect((await agent.post('activateUserEmailVerification', { token: tokenIn(mail, '/signup/verification') })).status).toBe(200);
  const linked = await agent.post('verifyOrganization', { insurerNumber: INSURER, ...roster });
  expect(linked.status).toBe(200);
  const [row] = await ctx.db.select().from(users).where(eq(users.email, email));
  return { agent, email, userId: row!.id, roster };
}

/** Something of every kind: readings, goals, points, coins, a digital gift, an enquete answer, a forecast, My Number records. */
async function recordEverything(agent: Agent, userId: string) {
  expect((await agent.post('updateProfile', { nickname: '=HYPERLINK("x")', height: 170.5 })).status).toBe(200);
  expect((await agent.post('saveBloodPressure', { measuredAt: minutesAgo(10), systolic: 131, diastolic: 83, pulse: 66 })).status).toBe(200);
  expect((await agent.post('saveBloodSugar', { measuredAt: minutesAgo(9), glucose: 104, timing: 'fasting' })).status).toBe(200);
  expect((await agent.post('saveWeight', { measuredAt: minutesAgo(8), weight: 61.3 })).status).toBe(200);
  expect((await agent.post('saveBodyTemperature', { measuredAt: minutesAgo(7), temperature: 36.4 })).status).toBe(200);
  expect((await agent.post('saveSleep', { startedAt: minutesAgo(7 * 60 + 6), measuredAt: minutesAgo(6) })).status).toBe(200);
  const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
  expect((await agent.post('saveStep', { day: today, steps: 8123 })).status).toBe(200);
  expect((await agent.post('saveVitalGoals', { dailySteps: 9000, targetWeight: 59.5 })).status).toBe(200);
  const snapshot = { sex: 'male', age: 41, systolic: 131, ldl: 141, hdl: 52, impairedGlucose: false, smoker: false } as const;
  expect((await agent.post('saveHealthForecastSnapshot', snapshot)).status).toBe(200);
  const grant = (program: string | null, amount: number) =>
    grantPoints(ctx.db, {
      userId,
      programId: program,
      amount,
      reason: 'テスト付与',
      operator: 'test',
      idempotencyKey: `${userId}-${program}-${Math.random()}`,
      now: ctx.clock.now(),
    });
  await grant(programId, 100);
  await grant(null, 25);
  expect((await agent.post('redeemGift', { giftId })).status).toBe(200);
  expect((await agent.post('saveDeliveryAddress', TEST_ADDRESS)).status).toBe(200);
  const [enquete] = await ctx.db
    .insert(enquetes)
    .values({ associationId, title: '退会テストのアンケート', publishedAt: new Date(Date.now() - DAY) })
    .returning();
  const [question] = await ctx.db
    .insert(enqueteQuestions)
    .values({ enqueteId: enquete!.id, position: 1, kind: 'text', text: 'ご意見をどうぞ', required: true })
    .returning();
  const answered = await agent.post('answerEnquete', {
    enqueteId: enquete!.id,
    answers: [{ questionId: question!.id, text: '+歩くのが楽しい' }],
  });
  expect(answered.status).toBe(200);
  // My Number: consent, link, the secret question (this session counts as answered), an import.
  await agreeTerms(agent);
  await link(agent);
  await registerSecret(agent);
  expect((await importNow(ctx, agent)).status).toBe('succeeded');
}

async function download(agent: Agent, format: 'json' | 'csv', myna = false) {
  return ctx.app.inject({
    method: 'GET',
    url: memberDataExportUrl(format, myna),
    headers: { cookie: `sukoyaka_session=${agent.cookie('sukoyaka_session')}` },
    remoteAddress: agent.ip,
  });
}

async function auditCount(userId: string, event: string): Promise<number> {
  const rows = await ctx.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.userId, userId), eq(auditLogs.event, event)));
  return rows.length;
}

describe('issue 24 #15: a member takes every record of theirs (JSON and CSV), audited', () => {
  let leaver: Awaited<ReturnType<typeof registeredThroughRoster>>;
  let other: { agent: Agent; member: Awaited<ReturnType<typeof createMember>> };

  beforeAll(async () => {
    leaver = await registeredThroughRoster();
    await recordEverything(leaver.agent, leaver.userId);
    const member = await createMember(ctx.db, { nickname: 'ほかの会員' });
    const agent = new Agent(ctx.app);
    expect((await agent.signIn(member.email, member.password)).status).toBe(200);
    expect((await agent.post('saveWeight', { measuredAt: minutesAgo(5), weight: 88.8 })).status).toBe(200);
    other = { agent, member };
  }, 120_000);

  it('the JSON holds each kind of the member’s data, the gift code and the My Number records, and nothing of another member', async () => {
    const response = await download(leaver.agent, 'json', true);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="sukoyaka-data-\d{8}\.json"/);
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json();
    expect(data.profile).toMatchObject({ email: leaver.email, nickname: '=HYPERLINK("x")', height: 170.5 });
    expect(data.blood_pressures).toEqual([expect.objectContaining({ systolic: 131, diastolic: 83, pulse: 66 })]);
    expect(data.blood_sugars).toEqual([expect.objectContaining({ glucose: 104, timing: 'fasting' })]);
    expect(data.weights).toEqual([expect.objectContaining({ weight: 61.3 })]);
    expect(data.body_temperatures).toEqual([expect.objectContaining({ temperature: 36.4 })]);
    expect(data.sleeps).toEqual([expect.objectContaining({ minutesAsleep: 420, source: 'manual' })]);
    expect(data.steps).toEqual([expect.objectContaining({ steps: 8123 })]);
    expect(data.goals).toEqual([expect.objectContaining({ dailySteps: 9000, targetWeight: 59.5 })]);
    expect(data.point_balances).toEqual(
      expect.arrayContaining([
        { currency: 'わかばポイント', balance: 60 },
        { currency: 'コイン', balance: 25 },
      ]),
    );
    expect(data.point_history.map((row: { amount: number }) => row.amount).sort()).toEqual([-40, 100, 25].sort());
    expect(data.gifts).toEqual([expect.objectContaining({ name: 'デジタルギフト500円分', code: expect.stringMatching(GIFT_CODE) })]);
    expect(data.enquete_answers).toEqual([expect.objectContaining({ enquete: '退会テストのアンケート', text: '+歩くのが楽しい' })]);
    expect(data.forecast_snapshots).toHaveLength(1);
    expect(data.myna.included).toBe(true);
    expect(data.myna.fhirBundle.resourceType).toBe('Bundle');
    expect(data.myna.fhirBundle.entry.length).toBeGreaterThan(1);
    // Nothing of the other member: not their address, their reading, or their id.
    const text = response.body;
    expect(text).not.toContain(other.member.email);
    expect(text).not.toContain('88.8');
    expect(text).not.toContain(other.member.id);
  });

  it('the CSV download is a ZIP of one CSV per kind, with formulas neutralised', async () => {
    const response = await download(leaver.agent, 'csv', true);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="sukoyaka-data-\d{8}\.zip"/);
    expect(response.headers['cache-control']).toBe('no-store');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    for (const kind of [
      'profile',
      'blood_pressures',
      'blood_sugars',
      'weights',
      'body_temperatures',
      'sleeps',
      'steps',
      'goals',
      'point_balances',
      'point_history',
      'gifts',
      'enquete_answers',
      'forecast_snapshots',
      'myna_records',
      'myna_agreements',
    ]) {
      expect(Object.keys(files)).toContain(`${kind}.csv`);
      expect(strFromU8(files[`${kind}.csv`]!).split('\r\n').filter(Boolean).length).toBeGreaterThan(1);
    }
    const profile = strFromU8(files['profile.csv']!);
    expect(profile).toContain(`"'=HYPERLINK(""x"")"`);
    expect(strFromU8(files['enquete_answers.csv']!)).toContain("'+歩くのが楽しい");
    expect(strFromU8(files['gifts.csv']!)).toMatch(/GIFT-LEAVE-000\d/);
    expect(strFromU8(files['weights.csv']!)).not.toContain('88.8');
  });

  it('each download is audited with its format and counts, never its values', async () => {
    const before = await auditCount(leaver.userId, 'member_data_exported');
    ctx.clock.advance(1000);
    expect((await download(leaver.agent, 'json')).statusCode).toBe(200);
    expect(await auditCount(leaver.userId, 'member_data_exported')).toBe(before + 1);
    const [entry] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, leaver.userId), eq(auditLogs.event, 'member_data_exported')))
      .orderBy(sql`${auditLogs.createdAt} desc`)
      .limit(1);
    expect(entry!.detail).toMatchObject({ format: 'json', myna: false, counts: expect.objectContaining({ weights: 1, gifts: 1 }) });
    expect(JSON.stringify(entry!.detail)).not.toContain('GIFT-LEAVE');
  });

  it('the My Number records need the secret question: without it 403 and nothing audited; left out, the file says so', async () => {
    const fresh = new Agent(ctx.app);
    expect((await fresh.signIn(leaver.email, GOOD_PASSWORD)).status).toBe(200);
    const before = await auditCount(leaver.userId, 'member_data_exported');
    const refused = await download(fresh, 'json', true);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(ErrorCodes.mynaSecretQuestionAuthenticationRequired);
    expect(await auditCount(leaver.userId, 'member_data_exported')).toBe(before);
    const without = (await download(fresh, 'json')).json();
    expect(without.myna).toEqual({ included: false });
    expect(without.notes).toEqual([expect.stringContaining('含まれていません')]);
    expect(JSON.stringify(without)).not.toContain('JLAC10');
    expect((await fresh.post('authenticateUserMynaSecretQuestion', { answer: SECRET.answer })).status).toBe(200);
    expect((await download(fresh, 'json', true)).json().myna.included).toBe(true);
  });

  it('refuses a stranger (401) and a wrong format (400, in Japanese, naming the field)', async () => {
    const stranger = await ctx.app.inject({ method: 'GET', url: memberDataExportUrl('json', false) });
    expect(stranger.statusCode).toBe(401);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `${MEMBER_DATA_EXPORT_PATH}?format=xml`,
      headers: { cookie: `sukoyaka_session=${leaver.agent.cookie('sukoyaka_session')}` },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_parameters', fields: { format: ['形式を選択してください'] } });
  });
});

describe('issue 24 #15: leaving the service', () => {
  it('needs the password step-up: without it 403, with a wrong password 401, and nothing changes', async () => {
    const { agent, userId } = await registeredThroughRoster();
    expect((await agent.post('saveWeight', { measuredAt: minutesAgo(3), weight: 70.1 })).status).toBe(200);
    const refused = await agent.post('leaveService', { confirm: true });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(ErrorCodes.passwordAuthenticationRequired);
    expect((await agent.post('authenticateUserPassword', { password: 'not-the-password-1' })).status).toBe(401);
    expect((await agent.post('leaveService', { confirm: true })).status).toBe(403);
    const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
    expect(user!.leftAt).toBeNull();
    expect(await ctx.db.select().from(weights).where(eq(weights.userId, userId))).toHaveLength(1);
    expect((await agent.get('getUserInfo')).status).toBe(200);
    // The confirmation box is required, with a Japanese message naming it.
    expect((await agent.post('authenticateUserPassword', { password: GOOD_PASSWORD })).status).toBe(200);
    const unconfirmed = await agent.post('leaveService', {});
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.fields.confirm).toEqual(['退会の確認にチェックを入れてください']);
  });

  it('ends every session, frees the roster entry, deletes the personal records, anonymises what is kept, and the ledger reconciles', async () => {
    const leaver = await registeredThroughRoster();
    await recordEverything(leaver.agent, leaver.userId);
    // A second browser of the same member, and an app instance that keeps sessions in memory.
    const secondBrowser = new Agent(ctx.app);
    expect((await secondBrowser.signIn(leaver.email, GOOD_PASSWORD)).status).toBe(200);
    const cachedApp = await buildApp({
      config: ctx.config,
      db: ctx.db,
      services: ctx.services,
      now: ctx.clock.now,
      sessionCacheMs: 60_000,
    });
    await cachedApp.ready();
    const viaCache = () =>
      cachedApp.inject({
        method: 'GET',
        url: callPath('getUserInfo'),
        headers: { cookie: `sukoyaka_session=${secondBrowser.cookie('sukoyaka_session')}` },
      });
    expect((await viaCache()).statusCode).toBe(200);

    const bystander = await createMember(ctx.db, { nickname: '残る会員' });
    const bystanderAgent = new Agent(ctx.app);
    expect((await bystanderAgent.signIn(bystander.email, bystander.password)).status).toBe(200);
    expect((await bystanderAgent.post('saveWeight', { measuredAt: minutesAgo(2), weight: 77.7 })).status).toBe(200);
    await grantPoints(ctx.db, {
      userId: bystander.id,
      programId: null,
      amount: 12,
      reason: 'テスト付与',
      operator: 'test',
      idempotencyKey: `bystander-${bystander.id}`,
      now: ctx.clock.now(),
    });

    const summary = await leaver.agent.get('getLeaveServiceSummary');
    expect(summary.status).toBe(200);
    expect(summary.body).toEqual({
      points: [{ programName: 'わかばポイント', points: 60 }],
      coins: 25,
      wearableConnected: false,
      mynaConnected: true,
      pendingGiftOrders: [],
      retentionYears: 7,
    });

    expect((await leaver.agent.post('authenticateUserPassword', { password: GOOD_PASSWORD })).status).toBe(200);
    // Sent through the instance that keeps sessions in memory: its memory must not outlive the leaving.
    const { result: left, mail: farewell } = await withNewMail(ctx, leaver.email, () =>
      cachedApp.inject({
        method: 'POST',
        url: callPath('leaveService'),
        payload: { confirm: true },
        headers: { cookie: `sukoyaka_session=${leaver.agent.cookie('sukoyaka_session')}`, 'x-csrf-token': leaver.agent.token! },
      }),
    );
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ leftAt: expect.any(String), forfeited: { points: 60, coins: 25 } });
    expect(String(left.headers['set-cookie'])).toMatch(/sukoyaka_session=;/);
    expect(farewell.subject).toContain('退会手続きが完了しました');

    // Every session is over: this browser, the other one, and the other one as the caching instance sees it.
    expect((await leaver.agent.get('getUserInfo')).status).toBe(401);
    expect((await secondBrowser.get('getUserInfo')).status).toBe(401);
    expect((await viaCache()).statusCode).toBe(401);
    await cachedApp.close();
    // Signing in fails; leaving twice is impossible (no session to leave with).
    expect((await new Agent(ctx.app).signIn(leaver.email, GOOD_PASSWORD)).status).toBe(401);
    // The old session's authenticity token died with it (403); a fresh visitor session is no member (401).
    expect((await leaver.agent.post('leaveService', { confirm: true })).status).toBe(403);
    leaver.agent.token = undefined;
    expect((await leaver.agent.post('leaveService', { confirm: true })).status).toBe(401);
    expect(await auditCount(leaver.userId, 'member_left')).toBe(1);
    const exportAfter = await download(leaver.agent, 'json');
    expect(exportAfter.statusCode).toBe(401);

    // The personal records are gone: every table with a member column holds nothing of them but
    // the ledger's (and the audit log's), which stay with the anonymous row.
    const KEPT = new Set([
      'ledger_accounts',
      'ledger_transfers',
      'user_gifts',
      'gift_challenge_draws',
      'prize_competition_entries',
      'audit_logs',
    ]);
    const columns = (await ctx.db.execute(
      sql`select table_name, column_name from information_schema.columns
          where table_schema = current_schema() and column_name in ('user_id', 'linked_user_id', 'pending_mfa_user_id')`,
    )) as unknown as { rows?: Array<{ table_name: string; column_name: string }> } | Array<{ table_name: string; column_name: string }>;
    const list = Array.isArray(columns) ? columns : (columns.rows ?? []);
    expect(list.length).toBeGreaterThan(30);
    const leftovers: string[] = [];
    for (const { table_name: table, column_name: column } of list) {
      if (KEPT.has(table)) continue;
      const result = (await ctx.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${leaver.userId}`,
      )) as unknown as { rows?: Array<{ n: number }> } | Array<{ n: number }>;
      const rows = Array.isArray(result) ? result : (result.rows ?? []);
      if (Number(rows[0]!.n) > 0) leftovers.push(`${table}.${column}`);
    }
    expect(leftovers).toEqual([]);
    expect(await ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.owner, leaver.userId))).toEqual([]);
    const pending = await ctx.db
      .select({ kind: outboxMessages.kind })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, leaver.email), eq(outboxMessages.status, 'pending')));
    expect(pending).toEqual([]);

    // What stays is anonymous: the row names no one and opens to no password.
    const [row] = await ctx.db.select().from(users).where(eq(users.id, leaver.userId));
    expect(row).toMatchObject({
      email: `left-${leaver.userId}@left.invalid`,
      nickname: '退会済み',
      birthday: null,
      height: null,
      phoneNumber: null,
      associationId: null,
      emailVerifiedAt: null,
      leftAt: expect.any(Date),
    });
    const audits = await ctx.db.select().from(auditLogs).where(eq(auditLogs.userId, leaver.userId));
    expect(audits.map((entry) => entry.event)).toEqual(expect.arrayContaining(['sign_up', 'myna_removed', 'member_left']));
    expect(audits.every((entry) => entry.ip === null && entry.userAgent === null)).toBe(true);
    expect(JSON.stringify(audits)).not.toContain(leaver.email);

    // An old mail's unsubscribe link answers as done and writes nothing of them again.
    const unsubscribed = await new Agent(ctx.app).post('unsubscribeNotification', {
      token: unsubscribeToken(leaver.userId, 'announcements'),
    });
    expect(unsubscribed.status).toBe(200);
    expect(await ctx.db.select().from(notificationSettings).where(eq(notificationSettings.userId, leaver.userId))).toEqual([]);

    // The ledger still reconciles, with the forfeited balances booked.
    expect((await reconcile(ctx.db)).breaks).toEqual([]);

    // The roster entry is free: the same person registers again with the same address and card.
    const again = await registeredThroughRoster(leaver.email, leaver.roster);
    expect(again.userId).not.toBe(leaver.userId);
    const [entry] = await ctx.db.select().from(rosterEntries).where(eq(rosterEntries.memberNumber, leaver.roster.memberNumber));
    expect(entry!.linkedUserId).toBe(again.userId);
    expect((await download(again.agent, 'json')).json().weights).toEqual([]);

    // The other member is untouched.
    expect((await bystanderAgent.get('getUserInfo')).status).toBe(200);
    const theirs = (await download(bystanderAgent, 'json')).json();
    expect(theirs.weights).toEqual([expect.objectContaining({ weight: 77.7 })]);
    expect(theirs.point_balances).toEqual([{ currency: 'コイン', balance: 12 }]);
    expect((await reconcile(ctx.db)).breaks).toEqual([]);
  }, 120_000);
});
