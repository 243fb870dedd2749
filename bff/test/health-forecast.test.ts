import { computeForecast, toForecastInputs } from '@sukoyaka/contract';
import { count, eq } from 'drizzle-orm';
import { activityEvents, associations, healthForecastSnapshots, sessions, users } from '../src/db/schema';
import { getDoctorProfile, updateDoctorProfile } from '../src/health/doctor-profile';
import { DEMO_ASSOCIATION_DOCTOR, DEMO_SERVICE_DOCTOR } from '../src/health/forecast-seed';
import { registerCheckupReader, type CheckupValues, type LatestCheckup } from '../src/platform/checkup-source';
import { HttpError } from '../src/platform/errors';
import { Agent, SEALED_ENVELOPE, createMember, createTestContext, signInAgent, type TestContext } from './helpers';

// Issue 13: the health forecast's calls over the real app and database.

let ctx: TestContext;
/** What the registered check-up reader answers, per member (the My Number area's port, faked here). */
const checkups = new Map<string, LatestCheckup>();
const reads: Array<{ userId: string; purpose: string }> = [];

beforeAll(async () => {
  ctx = await createTestContext();
  registerCheckupReader(async ({ userId, purpose }) => {
    reads.push({ userId, purpose });
    return checkups.get(userId) ?? { status: 'none' };
  });
});
afterAll(async () => {
  registerCheckupReader(async () => ({ status: 'none' }));
  await ctx.close();
});

async function signedIn(fields: { birthday?: string } = {}) {
  const member = await createMember(ctx.db);
  if (fields.birthday) await ctx.db.update(users).set({ birthday: fields.birthday }).where(eq(users.id, member.id));
  return { member, agent: await signInAgent(ctx, member) };
}

const CHECKUP: CheckupValues = {
  examinedOn: '2026-05-12',
  institution: 'すこやか健診センター',
  sex: 'male',
  systolic: 134,
  diastolic: 84,
  ldl: 152,
  hdl: 48,
  triglycerides: 120,
  hba1c: 5.8,
  fastingGlucose: 112,
  smoker: false,
  onDiabetesMedication: false,
  egfr: 75,
};

const VALID = { sex: 'male', age: 58, systolic: 142, ldl: 162, hdl: 38, impairedGlucose: true, smoker: true } as const;

async function snapshotsOf(userId: string) {
  const [row] = await ctx.db.select({ n: count() }).from(healthForecastSnapshots).where(eq(healthForecastSnapshots.userId, userId));
  return row!.n;
}

describe('getHealthForecast', () => {
  it('with nothing known: no check-up, every input missing but the age from the birthday, no result', async () => {
    const { agent } = await signedIn({ birthday: '1970-12-01' });
    const response = await agent.get('getHealthForecast');
    expect(response.status).toBe(200);
    expect(response.body.checkup).toEqual({ status: 'none' });
    // The test clock starts at the real now; the age is whole years at Japan's today.
    const age = response.body.inputs.age;
    expect(age.source).toBe('profile');
    expect(age.value).toBeGreaterThanOrEqual(55);
    expect(response.body.missing).toEqual(['sex', 'systolic', 'ldl', 'hdl', 'impairedGlucose', 'smoker']);
    expect(response.body.result).toBeNull();
    expect(response.body.inputs.systolic).toEqual({ value: null, source: null, on: null });
  });

  it('takes the check-up (date and source), the newer blood pressure from the vitals, and derives impaired glucose', async () => {
    const { member, agent } = await signedIn({ birthday: '1968-04-01' });
    checkups.set(member.id, { status: 'available', source: 'myna', checkup: CHECKUP });
    const measuredAt = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    expect((await agent.post('saveBloodPressure', { measuredAt, systolic: 126, diastolic: 80 })).status).toBe(200);

    const response = await agent.get('getHealthForecast');
    expect(response.status).toBe(200);
    const { checkup, inputs, missing } = response.body;
    expect(checkup).toEqual({ status: 'available', examinedOn: '2026-05-12', institution: 'すこやか健診センター' });
    expect(inputs.systolic).toMatchObject({ value: 126, source: 'vitals' });
    expect(inputs.ldl).toEqual({ value: 152, source: 'checkup', on: '2026-05-12' });
    expect(inputs.hdl).toEqual({ value: 48, source: 'checkup', on: '2026-05-12' });
    // Fasting glucose 112 mg/dL: 耐糖能異常, not diabetes.
    expect(inputs.impairedGlucose).toEqual({ value: true, source: 'checkup', on: '2026-05-12' });
    expect(inputs.diabetes).toEqual({ value: false, source: 'checkup', on: '2026-05-12' });
    expect(inputs.ckd).toEqual({ value: false, source: 'checkup', on: '2026-05-12' });
    expect(inputs.smoker).toEqual({ value: false, source: 'checkup', on: '2026-05-12' });
    // Sex comes from the check-up document (the account stores none).
    expect(inputs.sex).toEqual({ value: 'male', source: 'checkup', on: '2026-05-12' });
    expect(missing).toEqual([]);
    expect(reads).toContainEqual({ userId: member.id, purpose: 'health_forecast' });
  });

  it('a check-up that records no sex leaves sex to the member', async () => {
    const { member, agent } = await signedIn({ birthday: '1970-01-01' });
    checkups.set(member.id, { status: 'available', source: 'myna', checkup: { ...CHECKUP, sex: null } });
    const response = await agent.get('getHealthForecast');
    expect(response.body.inputs.sex.value).toBeNull();
    expect(response.body.missing).toEqual(['sex']);
  });

  it('a check-up behind the secret question says so, and the forecast goes on without it', async () => {
    const { member, agent } = await signedIn();
    checkups.set(member.id, { status: 'secretQuestionRequired' });
    const response = await agent.get('getHealthForecast');
    expect(response.status).toBe(200);
    expect(response.body.checkup).toEqual({ status: 'secretQuestionRequired' });
    expect(response.body.inputs.ldl.value).toBeNull();
  });

  it('a diabetic check-up gives no number: out of range, high risk directly', async () => {
    const { member, agent } = await signedIn({ birthday: '1970-01-01' });
    checkups.set(member.id, { status: 'available', source: 'myna', checkup: { ...CHECKUP, hba1c: 6.9 } });
    await agent.post('saveHealthForecastSnapshot', { ...VALID, sources: { ldl: 'checkup' } });
    const response = await agent.get('getHealthForecast');
    expect(response.body.inputs.diabetes).toMatchObject({ value: true, source: 'checkup' });
    expect(response.body.inputs.impairedGlucose).toMatchObject({ value: false, source: 'checkup' });
    expect(response.body.result).toEqual({
      kind: 'outOfRange',
      reason: 'diabetes',
      category: 'high',
      targets: { ldlBelow: 120, nonHdlBelow: 150 },
    });
  });

  it('viewing stores nothing and earns nothing', async () => {
    const { member, agent } = await signedIn({ birthday: '1970-01-01' });
    checkups.set(member.id, { status: 'available', source: 'myna', checkup: CHECKUP });
    const eventsBefore = await ctx.db.select({ n: count() }).from(activityEvents).where(eq(activityEvents.userId, member.id));
    for (let i = 0; i < 3; i += 1) expect((await agent.get('getHealthForecast')).status).toBe(200);
    expect(await snapshotsOf(member.id)).toBe(0);
    const eventsAfter = await ctx.db.select({ n: count() }).from(activityEvents).where(eq(activityEvents.userId, member.id));
    expect(eventsAfter[0]!.n).toBe(eventsBefore[0]!.n);
  });

  it('needs a signed-in member', async () => {
    const response = await new Agent(ctx.app).get('getHealthForecast');
    expect(response.status).toBe(401);
  });
});

describe('forecast snapshots', () => {
  it('saves the inputs with the result the server computes, sealed at rest, and lists it', async () => {
    const { member, agent } = await signedIn();
    const saved = await agent.post('saveHealthForecastSnapshot', { ...VALID, sources: { ldl: 'checkup', systolic: 'vitals' } });
    expect(saved.status).toBe(200);
    // 7 + 3 + 1 + 3 + 2 + 2 = 18 points at 50–59: 9.1 %, middle.
    expect(saved.body.result).toMatchObject({
      kind: 'score',
      points: 18,
      ageBand: '50-59',
      risk: { percent: 9.1, belowOne: false },
      category: 'middle',
    });
    expect(saved.body.result).toEqual(
      computeForecast(
        toForecastInputs({ ...VALID, coronaryDisease: false, diabetes: false, ckd: false, pad: false, nonCardiogenicStroke: false }),
      ),
    );
    expect(saved.body.sources).toMatchObject({ ldl: 'checkup', systolic: 'vitals', sex: 'manual', hdl: 'manual' });
    expect(saved.body.inputs).toMatchObject({ ...VALID, diabetes: false });

    const [row] = await ctx.db.select().from(healthForecastSnapshots).where(eq(healthForecastSnapshots.userId, member.id));
    // Only the envelope's parts: no JSON, so no inputs in plain text.
    expect(row!.sealed).toMatch(SEALED_ENVELOPE);

    // Its LDL came from the check-up: listed in full with a current secret-question answer (issue 24 #7).
    await ctx.db
      .update(sessions)
      .set({ mynaSecretQuestionExpiresAt: new Date(ctx.clock.now().getTime() + 60_000) })
      .where(eq(sessions.userId, member.id));
    const list = await agent.get('listSavedHealthForecasts');
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([{ ...saved.body, checkupWithheld: false }]);
  });

  it('the last saved answers fill what the member data lacks, marked as saved', async () => {
    const { agent } = await signedIn({ birthday: '1975-06-01' });
    await agent.post('saveHealthForecastSnapshot', { ...VALID, sex: 'female', smoker: false, pad: true });
    const response = await agent.get('getHealthForecast');
    expect(response.body.inputs.sex).toMatchObject({ value: 'female', source: 'saved' });
    expect(response.body.inputs.smoker).toMatchObject({ value: false, source: 'saved' });
    expect(response.body.inputs.pad).toMatchObject({ value: true, source: 'saved' });
    // The age comes from the birthday, not the snapshot.
    expect(response.body.inputs.age.source).toBe('profile');
    expect(response.body.result).toMatchObject({ kind: 'outOfRange', reason: 'pad', category: 'high' });
  });

  it('pages newest first with the cursor', async () => {
    const { agent } = await signedIn();
    const ids: string[] = [];
    for (const systolic of [110, 125, 135]) {
      ctx.clock.advance(1000);
      ids.push((await agent.post('saveHealthForecastSnapshot', { ...VALID, systolic })).body.id);
    }
    const first = await agent.get('listSavedHealthForecasts', { limit: '2' });
    expect(first.body.items.map((item: { id: string }) => item.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await agent.get('listSavedHealthForecasts', { limit: '2', cursor: first.body.nextCursor });
    expect(second.body.items.map((item: { id: string }) => item.id)).toEqual([ids[0]]);
    expect(second.body.nextCursor).toBeNull();
  });

  it("another member's snapshots are invisible and cannot be deleted", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const saved = await a.agent.post('saveHealthForecastSnapshot', VALID);
    expect((await b.agent.get('listSavedHealthForecasts')).body.items).toEqual([]);
    const refused = await b.agent.post('deleteHealthForecastSnapshot', { id: saved.body.id });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('保存した予測が見つかりませんでした。');
    expect(await snapshotsOf(a.member.id)).toBe(1);
    expect((await b.agent.get('getHealthForecast')).body.inputs.sex.value).toBeNull();
  });

  it('deletes one of the member’s own', async () => {
    const { member, agent } = await signedIn();
    const saved = await agent.post('saveHealthForecastSnapshot', VALID);
    const deleted = await agent.post('deleteHealthForecastSnapshot', { id: saved.body.id });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: saved.body.id });
    expect(await snapshotsOf(member.id)).toBe(0);
    expect((await agent.post('deleteHealthForecastSnapshot', { id: saved.body.id })).status).toBe(404);
  });

  it.each([
    ['systolic', { systolic: 301 }, '収縮期血圧は60〜300mmHgの範囲で入力してください'],
    ['systolic', { systolic: undefined }, '収縮期血圧を入力してください'],
    ['ldl', { ldl: 'high' }, 'LDLコレステロールは数値で入力してください'],
    ['hdl', { hdl: 45.5 }, 'HDLコレステロールは整数で入力してください'],
    ['age', { age: 19 }, '年齢は20〜120歳の範囲で入力してください'],
    ['sex', { sex: undefined }, '性別を選択してください'],
    ['smoker', { smoker: 'yes' }, '喫煙の有無の値が正しくありません'],
  ])('refuses a bad %s with 400 naming it, and stores nothing', async (field, change, message) => {
    const { member, agent } = await signedIn();
    const response = await agent.post('saveHealthForecastSnapshot', { ...VALID, ...change });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_parameters');
    expect(response.body.fields[field]).toContain(message);
    expect(await snapshotsOf(member.id)).toBe(0);
  });
});

describe('issue 24 #7: check-up values kept in saved forecasts need the My Number step-up', () => {
  const stepUp = (userId: string, until: Date | null) =>
    ctx.db.update(sessions).set({ mynaSecretQuestionExpiresAt: until }).where(eq(sessions.userId, userId));

  it('without a current secret-question answer they are withheld (with the result they decide), and the list says so; with it, in full', async () => {
    const { member, agent } = await signedIn({ birthday: '1968-04-01' });
    checkups.set(member.id, { status: 'available', source: 'myna', checkup: CHECKUP });
    const saved = await agent.post('saveHealthForecastSnapshot', {
      ...VALID,
      sources: { sex: 'checkup', ldl: 'checkup', hdl: 'checkup', systolic: 'vitals' },
    });
    expect(saved.status).toBe(200);

    // Another session of the member (or this one once the answer lapsed): no step-up.
    checkups.set(member.id, { status: 'secretQuestionRequired' });
    const other = new Agent(ctx.app);
    expect((await other.signIn(member.email, member.password)).status).toBe(200);
    await stepUp(member.id, null);
    const list = await other.get('listSavedHealthForecasts');
    expect(list.status).toBe(200);
    const [item] = list.body.items;
    expect(item).toMatchObject({ id: saved.body.id, savedAt: saved.body.savedAt, checkupWithheld: true, result: null });
    expect(item.inputs).not.toHaveProperty('ldl');
    expect(item.inputs).not.toHaveProperty('hdl');
    expect(item.inputs).not.toHaveProperty('sex');
    expect(item.inputs).toMatchObject({ age: VALID.age, systolic: VALID.systolic, smoker: VALID.smoker });
    expect(JSON.stringify(list.body)).not.toContain(String(VALID.ldl));
    // Release 2026-11-23's call keeps its shape by leaving such a snapshot out.
    const released = await other.get('listHealthForecastSnapshots');
    expect(released.status).toBe(200);
    expect(released.body).toEqual({ items: [], nextCursor: null });
    // Nor does the forecast fill them in from the saved answers.
    const forecast = await other.get('getHealthForecast');
    expect(forecast.body.inputs.ldl.value).toBeNull();
    expect(forecast.body.inputs.hdl.value).toBeNull();
    expect(forecast.body.inputs.sex.value).toBeNull();
    expect(forecast.body.inputs.smoker).toMatchObject({ value: VALID.smoker, source: 'saved' });

    // A lapsed answer is no answer.
    await stepUp(member.id, new Date(ctx.clock.now().getTime() - 1000));
    expect((await other.get('listSavedHealthForecasts')).body.items[0].checkupWithheld).toBe(true);

    // With a current answer: everything, as saved.
    await stepUp(member.id, new Date(ctx.clock.now().getTime() + 10 * 60 * 1000));
    const full = await other.get('listSavedHealthForecasts');
    expect(full.body.items).toEqual([{ ...saved.body, checkupWithheld: false }]);
    expect((await other.get('listHealthForecastSnapshots')).body.items).toEqual([saved.body]);
  });

  it('a snapshot without check-up values needs no step-up', async () => {
    const { member, agent } = await signedIn();
    await stepUp(member.id, null);
    const saved = await agent.post('saveHealthForecastSnapshot', VALID);
    const list = await agent.get('listSavedHealthForecasts');
    expect(list.body.items).toEqual([{ ...saved.body, checkupWithheld: false }]);
  });
});

describe('getDoctorProfile and updateDoctorProfile', () => {
  it('a visitor sees the service-wide physician; a member sees their association’s own when it has one', async () => {
    await updateDoctorProfile(ctx.db, null, {
      ...DEMO_SERVICE_DOCTOR,
      qualifications: [...DEMO_SERVICE_DOCTOR.qualifications],
      career: [...DEMO_SERVICE_DOCTOR.career],
    });
    const visitor = await new Agent(ctx.app).get('getDoctorProfile');
    expect(visitor.status).toBe(200);
    expect(visitor.body.profile).toMatchObject({ name: '森川 はるか', specialty: '循環器内科・予防医学' });

    const { member, agent } = await signedIn();
    expect((await agent.get('getDoctorProfile')).body.profile.name).toBe('森川 はるか');
    await updateDoctorProfile(ctx.db, member.associationId, {
      ...DEMO_ASSOCIATION_DOCTOR,
      qualifications: [...DEMO_ASSOCIATION_DOCTOR.qualifications],
      career: [...DEMO_ASSOCIATION_DOCTOR.career],
    });
    expect((await agent.get('getDoctorProfile')).body.profile).toMatchObject({
      name: '高瀬 誠一',
      career: [...DEMO_ASSOCIATION_DOCTOR.career],
    });
  });

  it('an edit replaces the row (one per association) and keeps the others', async () => {
    const [association] = await ctx.db.insert(associations).values({ name: '編集テスト健康保険組合' }).returning();
    const base = { ...DEMO_ASSOCIATION_DOCTOR, qualifications: [], career: [] };
    await updateDoctorProfile(ctx.db, association!.id, base);
    const edited = await updateDoctorProfile(ctx.db, association!.id, { ...base, message: '新しいメッセージです。' });
    expect(edited.message).toBe('新しいメッセージです。');
    expect((await getDoctorProfile(ctx.db, association!.id)).profile?.message).toBe('新しいメッセージです。');
    expect((await getDoctorProfile(ctx.db, null)).profile?.name).toBe('森川 はるか');
  });

  it('refuses a bad edit with the field named, changing nothing', async () => {
    const [association] = await ctx.db.insert(associations).values({ name: '検証テスト健康保険組合' }).returning();
    const error = await updateDoctorProfile(ctx.db, association!.id, {
      ...DEMO_ASSOCIATION_DOCTOR,
      name: '  ',
      qualifications: [],
      career: [],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    expect((error as HttpError).fields?.name).toContain('氏名を入力してください');
    expect((await getDoctorProfile(ctx.db, association!.id)).profile?.name).toBe('森川 はるか');
  });
});
