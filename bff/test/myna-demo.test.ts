import { DEMO_MEMBER, seedDemo } from '../src/db/seed';
import { connectDemoMyna, MYNA_MEMBER } from '../src/myna';
import { Agent, createTestContext, type TestContext } from './helpers';
import { agreeTerms, fakePortal, importNow, link, registerSecret } from './myna-helpers';

/*
 * Issue 12, the demo (README): the demo member is linked and imported with the secret question
 * answered 「ぽち」 (the e2e journeys rely on it), and myna@sukoyaka.example is ready to link.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, {}, { fakes: ['mynaPortal'] });
  await seedDemo(ctx.db, ctx.clock.now());
});
afterAll(async () => {
  await ctx.close();
});

async function signIn(email: string) {
  const agent = new Agent(ctx.app);
  expect((await agent.signIn(email, DEMO_MEMBER.password)).status).toBe(200);
  return agent;
}

test('the demo member: agreed, linked, imported, with the secret question 「はじめて飼ったペットの名前は？」 answered 「ぽち」', async () => {
  const agent = await signIn(DEMO_MEMBER.email);
  const state = await agent.get('getMynaConnectionState');
  expect(state.body).toMatchObject({
    agreement: { agreed: true },
    linked: true,
    hasRecords: true,
    secretQuestion: { registered: true, authenticatedUntil: null },
    latestImport: { status: 'succeeded' },
  });
  const question = await agent.get('getUserMynaSecretQuestion');
  expect(question.body.question.text).toBe('はじめて飼ったペットの名前は？');
  expect((await agent.post('authenticateUserMynaSecretQuestion', { answer: 'ぽち' })).status).toBe(200);

  const exams = await agent.get('listMynaMedicalExams');
  expect(exams.body.medicalExams.map((exam: { examinedOn: string }) => exam.examinedOn)).toEqual([
    '2026-06-10',
    '2025-06-11',
    '2024-06-12',
  ]);
  const latest = await agent.get('getMynaMedicalExam', { id: exams.body.medicalExams[0].id });
  const ldl = latest.body.medicalExam.items.find((item: { name: string }) => item.name === 'LDLコレステロール');
  expect(ldl).toMatchObject({ value: 142, judgement: 'see_doctor' });
  expect(latest.body.medicalExam.sex).toBe('male');
  const medicines = await agent.get('listMynaMedicines', { limit: '100' });
  expect(new Set(medicines.body.dispensings.map((entry: { pharmacyName: string }) => entry.pharmacyName)).size).toBe(2);
  expect((await agent.get('listMynaMedicalBills')).body.yearTotals.count).toBeGreaterThan(0);

  // At start the server renews the seeded link with the fake portal: importing again then adds nothing.
  expect(
    await connectDemoMyna({ db: ctx.db, portal: ctx.services.mynaPortal!, log: ctx.app.log }, DEMO_MEMBER.email, ctx.clock.now()),
  ).toBe(true);
  const again = await importNow(ctx, agent);
  expect(again.status).toBe('succeeded');
  expect(again.counts.medicalExams.added + again.counts.medicines.added + again.counts.medicalBills.added).toBe(0);
});

test('myna@sukoyaka.example: a member of the demo association with nothing linked, who can link and import', async () => {
  const agent = await signIn(MYNA_MEMBER.email);
  const state = await agent.get('getMynaConnectionState');
  expect(state.body).toMatchObject({ available: true, agreement: { agreed: false }, linked: false, hasRecords: false, latestImport: null });
  fakePortal(ctx).reset();
  await agreeTerms(agent);
  await link(agent);
  await registerSecret(agent);
  expect((await importNow(ctx, agent)).status).toBe('succeeded');
  expect((await agent.get('listMynaMedicalExams')).body.medicalExams).toHaveLength(3);
});

test('seeding again changes nothing', async () => {
  expect(await seedDemo(ctx.db, ctx.clock.now())).toEqual({ seeded: false });
});
