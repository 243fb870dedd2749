import { eq } from 'drizzle-orm';
import { auditLogs, mynaSecretQuestions } from '../src/db/schema';
import { normaliseSecretAnswer } from '../src/myna/secret-question';
import { testContextForFile, MINUTE, Agent } from './helpers';
import { SECRET, importedMember, registerSecret, signedIn } from './myna-helpers';

/*
 * Issue 12, the secret question: a fixed list, the answer kept as argon2id of its normalised form,
 * a fresh answer (15 minutes) before any read of My Number data, five wrong answers in a row lock
 * it for 30 minutes, and the reset after the password step-up.
 */

const ctx = testContextForFile({}, {}, { fakes: ['mynaPortal'] });
afterEach(() => {
  ctx.clock.set(new Date());
});

test('normalisation: width, kana and case do not matter', () => {
  expect(normaliseSecretAnswer('ポチ')).toBe('ぽち');
  expect(normaliseSecretAnswer('ﾎﾟﾁ')).toBe('ぽち');
  expect(normaliseSecretAnswer(' ぽち ')).toBe('ぽち');
  expect(normaliseSecretAnswer('ＰＯＣＨＩ')).toBe('pochi');
  expect(normaliseSecretAnswer('Pochi  Taro')).toBe('pochi taro');
});

test('the list of questions; registering stores only an argon2id hash and counts as a fresh answer', async () => {
  const { agent, member } = await signedIn(ctx);
  const list = await agent.get('listMynaSecretQuestions');
  expect(list.status).toBe(200);
  expect(list.body.questions).toContainEqual({ id: 'first_pet', text: 'はじめて飼ったペットの名前は？' });

  const before = await agent.get('getUserMynaSecretQuestion');
  expect(before.body).toMatchObject({ registered: false, question: null });
  const unknown = await agent.post('createUserMynaSecretQuestion', { questionId: 'no_such_question', answer: 'ぽち' });
  expect(unknown.status).toBe(400);
  expect(unknown.body.fields.questionId).toBeDefined();

  const created = await registerSecret(agent);
  expect(created).toMatchObject({ registered: true, question: { id: 'first_pet' }, remainingAttempts: 5, lockedUntil: null });
  expect(Date.parse(created.mynaSecretQuestionExpireAt)).toBeGreaterThan(Date.now());
  const [row] = await ctx.db.select().from(mynaSecretQuestions).where(eq(mynaSecretQuestions.userId, member.id));
  expect(row!.answerHash).toMatch(/^\$argon2id\$/);
  expect(row!.answerHash).not.toContain('ぽち');

  const again = await agent.post('createUserMynaSecretQuestion', { questionId: 'birthplace', answer: 'さっぽろ' });
  expect(again.status).toBe(409);
  expect(again.body.code).toBe('myna_secret_question_exists');
});

test('the answer is accepted however it is typed (ポチ, ﾎﾟﾁ, ぽち) and lasts 15 minutes', async () => {
  const { agent } = await signedIn(ctx);
  await registerSecret(agent);
  for (const typed of ['ポチ', 'ﾎﾟﾁ', ' ぽち ']) {
    const answered = await agent.post('authenticateUserMynaSecretQuestion', { answer: typed });
    expect(answered.status).toBe(200);
    expect(Date.parse(answered.body.mynaSecretQuestionExpireAt) - ctx.clock.now().getTime()).toBe(15 * MINUTE);
  }
  const auth = await agent.post('getAuthState');
  expect(auth.body.mynaSecretQuestionExpireAt).not.toBeNull();
});

test('answering without a registered question is 409', async () => {
  const { agent } = await signedIn(ctx);
  const refused = await agent.post('authenticateUserMynaSecretQuestion', { answer: 'ぽち' });
  expect(refused.status).toBe(409);
  expect(refused.body.code).toBe('myna_secret_question_required');
});

test('reads of My Number data are refused without a fresh answer: in another session, and once it has lapsed', async () => {
  const { agent, member } = await importedMember(ctx);
  const state = await agent.get('getMynaConnectionState');
  expect(state.body.secretQuestion.authenticatedUntil).not.toBeNull();
  expect((await agent.get('listMynaMedicalExams')).status).toBe(200);

  // The same member in another browser has not answered there.
  const other = new Agent(ctx.app);
  expect((await other.signIn(member.email, member.password)).status).toBe(200);
  const elsewhere = await other.get('listMynaMedicalExams');
  expect(elsewhere.status).toBe(403);
  expect(elsewhere.body.code).toBe('myna_secret_question_authentication_required');

  ctx.clock.advance(15 * MINUTE + 1000);
  for (const read of ['listMynaMedicalExams', 'listMynaMedicines', 'listMynaMedicalBills'] as const) {
    const refused = await agent.get(read);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('myna_secret_question_authentication_required');
  }
  expect((await agent.get('exportMynaHealthFiles', { format: 'fhir' })).status).toBe(403);
  expect((await agent.post('removeMynaSensitives', { confirm: true })).status).toBe(403);
  expect((await agent.post('authenticateUserMynaSecretQuestion', { answer: SECRET.answer })).status).toBe(200);
  expect((await agent.get('listMynaMedicalExams')).status).toBe(200);
});

test('five wrong answers in a row lock the question for 30 minutes (423, saying until when), even for the right answer', async () => {
  const { agent, member } = await signedIn(ctx);
  await registerSecret(agent);
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    const wrong = await agent.post('authenticateUserMynaSecretQuestion', { answer: 'たま' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('myna_secret_question_incorrect');
    expect(wrong.body.message).toContain(`あと${5 - attempt}回`);
  }
  const locked = await agent.post('authenticateUserMynaSecretQuestion', { answer: 'たま' });
  expect(locked.status).toBe(423);
  expect(locked.body.code).toBe('myna_secret_question_locked');
  expect(locked.body.message).toMatch(/\d+月\d+日 \d{2}:\d{2}まで/);
  const right = await agent.post('authenticateUserMynaSecretQuestion', { answer: SECRET.answer });
  expect(right.status).toBe(423);
  const state = await agent.get('getUserMynaSecretQuestion');
  expect(state.body.lockedUntil).not.toBeNull();
  expect(state.body.remainingAttempts).toBe(0);
  const events = await ctx.db.select({ event: auditLogs.event }).from(auditLogs).where(eq(auditLogs.userId, member.id));
  expect(events.map((row) => row.event)).toContain('myna_secret_question_locked');

  ctx.clock.advance(30 * MINUTE + 1000);
  // After the lock a fresh run of five: one wrong answer does not lock it again.
  expect((await agent.post('authenticateUserMynaSecretQuestion', { answer: 'たま' })).status).toBe(400);
  expect((await agent.post('authenticateUserMynaSecretQuestion', { answer: SECRET.answer })).status).toBe(200);
  expect((await agent.get('getUserMynaSecretQuestion')).body).toMatchObject({ remainingAttempts: 5, lockedUntil: null });
});

test('a correct answer ends the run of wrong ones', async () => {
  const { agent } = await signedIn(ctx);
  await registerSecret(agent);
  for (let attempt = 0; attempt < 4; attempt += 1) await agent.post('authenticateUserMynaSecretQuestion', { answer: 'たま' });
  expect((await agent.post('authenticateUserMynaSecretQuestion', { answer: SECRET.answer })).status).toBe(200);
  expect((await agent.post('authenticateUserMynaSecretQuestion', { answer: 'たま' })).body.message).toContain('あと4回');
});

test('the reset needs the password step-up; it clears the question, the answer, the lock and every session’s answer', async () => {
  const { agent, member } = await signedIn(ctx);
  await registerSecret(agent);
  for (let attempt = 0; attempt < 5; attempt += 1) await agent.post('authenticateUserMynaSecretQuestion', { answer: 'たま' });
  expect((await agent.get('getUserMynaSecretQuestion')).body.lockedUntil).not.toBeNull();

  const refused = await agent.post('resetUserMynaSecretQuestion', {});
  expect(refused.status).toBe(403);
  expect(refused.body.code).toBe('password_authentication_required');
  expect((await agent.post('authenticateUserPassword', { password: member.password })).status).toBe(200);
  const reset = await agent.post('resetUserMynaSecretQuestion', {});
  expect(reset.status).toBe(200);
  expect(reset.body).toMatchObject({ registered: false, question: null, lockedUntil: null, mynaSecretQuestionExpireAt: null });
  expect(await ctx.db.select().from(mynaSecretQuestions).where(eq(mynaSecretQuestions.userId, member.id))).toHaveLength(0);
  expect((await agent.post('getAuthState')).body.mynaSecretQuestionExpireAt).toBeNull();

  const created = await agent.post('createUserMynaSecretQuestion', { questionId: 'birthplace', answer: 'サッポロ' });
  expect(created.status).toBe(200);
  expect((await agent.post('authenticateUserMynaSecretQuestion', { answer: 'さっぽろ' })).status).toBe(200);
  expect((await agent.post('authenticateUserMynaSecretQuestion', { answer: 'ぽち' })).status).toBe(400);
});
