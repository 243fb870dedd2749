import { ErrorCodes, parseArticleBody, readingMinutes } from '@sukoyaka/contract';
import { and, eq, like } from 'drizzle-orm';
import { checkupFindings, reasonOf } from '../src/content/article-recommendations';
import { runContentNotifications } from '../src/content/notifications';
import { auditLogs, notificationSettings, outboxMessages, users } from '../src/db/schema';
import { createProgram } from '../src/incentives/operator';
import { registerCheckupReader, type CheckupValues, type LatestCheckup } from '../src/platform/checkup-source';
import { openMessage } from '../src/platform/outbox';
import { createMember, MINUTE, signInAgent, signedInOperator, testContextForFile, type Agent } from './helpers';

/*
 * Issue 29, health articles and quizzes: operators write them (audited, their association only),
 * members read, save and search what is visible to them, a quiz's first answer is final and a
 * correct one pays once however it is sent, home's recommendations come from the latest check-up,
 * and a new article is mailed once within the members' settings.
 */

const ctx = testContextForFile();
const checkups = new Map<string, LatestCheckup>();
const reads: Array<{ userId: string; purpose: string }> = [];

let associationId: string;
let otherAssociationId: string;
let member: Awaited<ReturnType<typeof createMember>>;
let agent: Agent;
let outsider: Agent;
let editor: Agent;
let editorId: string;
let viewer: Agent;
let stranger: Agent;

beforeAll(async () => {
  await ctx.app.outbox.stop();
  registerCheckupReader(async ({ userId, purpose }) => {
    reads.push({ userId, purpose });
    return checkups.get(userId) ?? { status: 'none' };
  });
  member = await createMember(ctx.db);
  associationId = member.associationId;
  agent = await signInAgent(ctx, member);
  const other = await createMember(ctx.db);
  otherAssociationId = other.associationId;
  outsider = await signInAgent(ctx, other);
  ({ id: editorId, agent: editor } = await signedInOperator(ctx, [{ associationId, role: 'editor' }]));
  ({ agent: viewer } = await signedInOperator(ctx, [{ associationId, role: 'viewer' }]));
  ({ agent: stranger } = await signedInOperator(ctx, [{ associationId: otherAssociationId, role: 'editor' }]));
});
afterAll(() => registerCheckupReader(async () => ({ status: 'none' })));

/** Another member of the same association, signed in. */
async function colleague() {
  const created = await createMember(ctx.db);
  await ctx.db.update(users).set({ associationId }).where(eq(users.id, created.id));
  return { member: created, agent: await signInAgent(ctx, created) };
}

const iso = (offsetMs: number) => new Date(ctx.clock.now().getTime() + offsetMs).toISOString();

const QUIZ = {
  question: 'LDL コレステロールの保健指導判定値は？',
  correctChoice: '120 mg/dL 以上',
  otherChoices: ['100 mg/dL 以上', '160 mg/dL 以上'],
  explanation: '特定健診では 120 mg/dL 以上が保健指導の対象です。',
};

/** The stored quiz: the choices in their random order, the correct one's place. */
async function storedQuiz(articleId: string) {
  const listed = await viewer.get('listOperatorArticles', { associationId, limit: '100' });
  return listed.body.items.find((item: { id: string }) => item.id === articleId).quiz as { choices: string[]; answer: number };
}

async function publish(fields: Record<string, unknown> = {}) {
  const response = await editor.operatorPost('createOperatorArticle', {
    associationId,
    publish: true,
    title: 'コレステロールと上手に付き合う',
    category: 'lipids',
    body: '## LDL とは\n\n**悪玉**とも呼ばれます。\n\n- 食物繊維をとる\n- 歩く\n\n詳しくは[よくある質問](/faq)へ。',
    quiz: QUIZ,
    publishFrom: iso(-MINUTE),
    ...fields,
  });
  expect(response.status).toBe(200);
  return response.body as { id: string; state: string; readingMinutes: number };
}

describe('the body: a Markdown subset, never HTML', () => {
  it('parses headings, lists, bold and same-site links; anything else, tags included, stays text', () => {
    expect(
      parseArticleBody('## 見出し\n\n<script>alert(1)</script> **太字** [外](https://evil.example) [内](/faq)\n\n1. 一\n2. 二'),
    ).toEqual([
      { kind: 'heading', level: 2, content: [{ kind: 'text', text: '見出し' }] },
      {
        kind: 'paragraph',
        lines: [
          [
            { kind: 'text', text: '<script>alert(1)</script> ' },
            { kind: 'bold', text: '太字' },
            { kind: 'text', text: ' [外](https://evil.example) ' },
            { kind: 'link', text: '内', path: '/faq' },
          ],
        ],
      },
      { kind: 'list', ordered: true, items: [[{ kind: 'text', text: '一' }], [{ kind: 'text', text: '二' }]] },
    ]);
    expect(readingMinutes('あ'.repeat(1001))).toBe(3);
  });
});

describe('operators write articles', () => {
  it('an editor publishes with a quiz; the member reads it without the answer; audited; a viewer lists it with counts', async () => {
    const created = await publish();
    expect(created).toMatchObject({ state: 'published', readingMinutes: 1 });
    const read = await agent.get('getArticle', { articleId: created.id });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      title: 'コレステロールと上手に付き合う',
      category: 'lipids',
      hasQuiz: true,
      saved: false,
      quiz: { question: QUIZ.question, result: null },
    });
    expect(JSON.stringify(read.body)).not.toContain(QUIZ.explanation);
    const listed = await viewer.get('listOperatorArticles', { associationId });
    expect(listed.body.items[0]).toMatchObject({
      id: created.id,
      quiz: { question: QUIZ.question, explanation: QUIZ.explanation },
      quizAnswers: 0,
    });
    const stored = await storedQuiz(created.id);
    expect([...stored.choices].sort()).toEqual([QUIZ.correctChoice, ...QUIZ.otherChoices].sort());
    expect(stored.choices[stored.answer]).toBe(QUIZ.correctChoice);
    expect(read.body.quiz.choices).toEqual(stored.choices);
    const events = (await ctx.db.select({ event: auditLogs.event }).from(auditLogs).where(eq(auditLogs.operatorId, editorId))).map(
      (row) => row.event,
    );
    expect(events).toContain('operator_article_created');
  });

  it('refuses a quiz with no other choice, naming the field, and writes nothing', async () => {
    const before = (await viewer.get('listOperatorArticles', { associationId })).body.items.length;
    const response = await editor.operatorPost('createOperatorArticle', {
      associationId,
      title: '壊れたクイズ',
      category: 'diet',
      body: '本文',
      quiz: { ...QUIZ, otherChoices: [] },
      publishFrom: iso(0),
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(ErrorCodes.invalidParameters);
    expect(response.body.fields).toHaveProperty(['quiz.otherChoices']);
    expect((await viewer.get('listOperatorArticles', { associationId })).body.items.length).toBe(before);
  });

  it("another association's operator neither changes nor sees it; a viewer may not write", async () => {
    const created = await publish({ title: '他の組合からは見えない' });
    const foreign = await stranger.operatorPost('publishOperatorArticle', {
      associationId: otherAssociationId,
      articleId: created.id,
      published: false,
    });
    expect(foreign.status).toBe(404);
    const crossing = await stranger.operatorPost('publishOperatorArticle', { associationId, articleId: created.id, published: false });
    expect(crossing.status).toBe(403);
    const viewing = await viewer.operatorPost('publishOperatorArticle', { associationId, articleId: created.id, published: false });
    expect(viewing.status).toBe(403);
    expect((await outsider.get('getArticle', { articleId: created.id })).status).toBe(404);
    expect((await agent.get('getArticle', { articleId: created.id })).status).toBe(200);
  });

  it('a draft and a future window stay hidden; withdrawing hides it again', async () => {
    const draft = await publish({ publish: false, title: '下書きの記事' });
    const later = await publish({ title: '来週の記事', publishFrom: iso(7 * 24 * 60 * MINUTE) });
    expect(later.state).toBe('scheduled');
    const titles = async () => (await agent.get('listArticles', { limit: '50' })).body.items.map((item: { title: string }) => item.title);
    expect(await titles()).not.toContain('下書きの記事');
    expect(await titles()).not.toContain('来週の記事');
    await editor.operatorPost('publishOperatorArticle', { associationId, articleId: draft.id, published: true });
    expect(await titles()).toContain('下書きの記事');
    await editor.operatorPost('publishOperatorArticle', { associationId, articleId: draft.id, published: false });
    expect(await titles()).not.toContain('下書きの記事');
  });
});

describe('members read, save and search', () => {
  it('searches title and body of the visible articles only; saves and unsaves, twice changes nothing', async () => {
    const mine = await publish({ title: '減塩のコツ', category: 'blood_pressure', body: 'だしのうま味で塩分を控えましょう。', quiz: null });
    await stranger.operatorPost('createOperatorArticle', {
      associationId: otherAssociationId,
      publish: true,
      title: '減塩の別の記事',
      category: 'blood_pressure',
      body: 'うま味',
      publishFrom: iso(-MINUTE),
    });
    const found = await agent.get('listArticles', { q: 'うま味' });
    expect(found.body.items.map((item: { title: string }) => item.title)).toEqual(['減塩のコツ']);
    expect((await agent.get('listArticles', { q: '100%' })).body.items).toEqual([]);
    expect((await agent.get('listArticles', { category: 'blood_pressure' })).body.items).toHaveLength(1);
    for (let i = 0; i < 2; i += 1)
      expect((await agent.post('saveArticle', { articleId: mine.id, saved: true })).body).toEqual({ articleId: mine.id, saved: true });
    const saved = await agent.get('listSavedArticles');
    expect(saved.body.items).toEqual([expect.objectContaining({ id: mine.id, saved: true, hasQuiz: false })]);
    await agent.post('saveArticle', { articleId: mine.id, saved: false });
    expect((await agent.get('listSavedArticles')).body.items).toEqual([]);
    // Another association's member cannot save it either.
    expect((await outsider.post('saveArticle', { articleId: mine.id, saved: true })).status).toBe(404);
  });
});

describe('the quiz pays once', () => {
  let pointId: string;
  it('a first correct answer pays the menu once, even when sent twice at once; a later answer changes nothing', async () => {
    pointId = await createProgram(ctx.db, {
      associationId,
      name: 'すこやかポイント',
      menus: [{ kind: 'article_quiz_correct', title: '健康記事のクイズに正解', points: 10 }],
    });
    const article = await publish({ title: 'クイズつきの記事' });
    const { answer: right } = await storedQuiz(article.id);
    const answers = await Promise.all([
      agent.post('answerArticleQuiz', { articleId: article.id, choice: right }),
      agent.post('answerArticleQuiz', { articleId: article.id, choice: right }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ choice: right, correct: true, answer: right, explanation: QUIZ.explanation });
    }
    const later = await agent.post('answerArticleQuiz', { articleId: article.id, choice: (right + 1) % 3 });
    expect(later.body).toMatchObject({ choice: right, correct: true });
    const balance = await agent.get('getEnablePointAccount', { pointId });
    expect(balance.body.balance).toBe(10);
    const read = await agent.get('getArticle', { articleId: article.id });
    expect(read.body.quiz.result).toMatchObject({ choice: right, correct: true, explanation: QUIZ.explanation });
    const counted = await viewer.get('listOperatorArticles', { associationId });
    expect(counted.body.items.find((item: { id: string }) => item.id === article.id)).toMatchObject({ quizAnswers: 1, quizCorrect: 1 });
    // Its question can no longer change under the members who answered it.
    const changed = await editor.operatorPost('updateOperatorArticle', {
      associationId,
      articleId: article.id,
      title: 'クイズつきの記事',
      category: 'lipids',
      body: '本文',
      quiz: { ...QUIZ, correctChoice: '100 mg/dL 以上', otherChoices: ['120 mg/dL 以上', '160 mg/dL 以上'] },
      publishFrom: iso(-MINUTE),
    });
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe('article_quiz_answered');
  });

  it('a wrong first answer shows the explanation, is final and pays nothing', async () => {
    const { agent: secondAgent } = await colleague();
    const article = await publish({ title: '間違えても解説' });
    const { answer: right } = await storedQuiz(article.id);
    const wrongChoice = (right + 1) % 3;
    const wrong = await secondAgent.post('answerArticleQuiz', { articleId: article.id, choice: wrongChoice });
    expect(wrong.body).toMatchObject({ choice: wrongChoice, correct: false, answer: right, explanation: QUIZ.explanation });
    const retry = await secondAgent.post('answerArticleQuiz', { articleId: article.id, choice: right });
    expect(retry.body).toMatchObject({ choice: wrongChoice, correct: false });
    expect((await secondAgent.get('getEnablePointAccount', { pointId })).body.balance).toBe(0);
  });

  it('refuses a choice beyond the quiz, naming the field', async () => {
    const article = await publish({ title: '選択肢の外' });
    const response = await agent.post('answerArticleQuiz', { articleId: article.id, choice: 4 });
    expect(response.status).toBe(400);
    expect(response.body.fields).toHaveProperty('choice');
  });
});

describe('recommendations from the latest check-up', () => {
  const CHECKUP: CheckupValues = {
    examinedOn: '2026-05-12',
    institution: 'すこやか健診センター',
    sex: 'male',
    systolic: 124,
    diastolic: 78,
    ldl: 152,
    hdl: 55,
    triglycerides: 120,
    hba1c: 5.4,
    fastingGlucose: 92,
    smoker: false,
    onDiabetesMedication: false,
    egfr: 75,
  };

  it('names the finding at the thresholds of 特定健診, those to see a doctor first', () => {
    expect(checkupFindings(CHECKUP).map(reasonOf)).toEqual(['健診の LDL コレステロールの結果から']);
    expect(checkupFindings({ ...CHECKUP, ldl: 125, systolic: 150 }).map(reasonOf)).toEqual([
      '健診の血圧の結果から',
      '健診の LDL コレステロールの結果から',
    ]);
    expect(checkupFindings({ ...CHECKUP, ldl: 119, hba1c: 5.6 }).map(reasonOf)).toEqual(['健診の HbA1c の結果から']);
  });

  it('a high LDL recommends the lipid articles with one line of reason; without a check-up the newest', async () => {
    const { member: fresh, agent: freshAgent } = await colleague();
    expect((await freshAgent.get('getArticleRecommendations')).body).toMatchObject({ basis: 'none', reason: null });
    checkups.set(fresh.id, { status: 'available', source: 'myna', checkup: CHECKUP });
    await publish({ title: '運動の新しい記事', category: 'exercise', quiz: null });
    const response = await freshAgent.get('getArticleRecommendations');
    expect(response.body.basis).toBe('checkup');
    expect(response.body.reason).toBe('健診の LDL コレステロールの結果から');
    expect(response.body.items.length).toBeGreaterThan(0);
    expect(response.body.items.every((item: { category: string }) => item.category === 'lipids')).toBe(true);
    expect(reads.at(-1)).toEqual({ userId: fresh.id, purpose: 'article_recommendations' });
    checkups.set(fresh.id, { status: 'secretQuestionRequired' });
    expect((await freshAgent.get('getArticleRecommendations')).body).toMatchObject({ basis: 'secretQuestionRequired', reason: null });
  });
});

describe('new articles by mail', () => {
  it('each member of the association once, within their お知らせ setting', async () => {
    await runContentNotifications(ctx.db, ctx.clock.now(), ctx.config.publicUrl);
    const reader = await createMember(ctx.db, {});
    const quiet = await createMember(ctx.db, {});
    for (const one of [reader, quiet]) await ctx.db.update(users).set({ associationId }).where(eq(users.id, one.id));
    await ctx.db.insert(notificationSettings).values({ userId: quiet.id, category: 'announcements', enabled: false });
    ctx.clock.advance(MINUTE);
    const article = await publish({ title: 'メールで届く記事', publishFrom: iso(MINUTE) });
    ctx.clock.advance(2 * MINUTE);
    await Promise.all([
      runContentNotifications(ctx.db, ctx.clock.now(), ctx.config.publicUrl),
      runContentNotifications(ctx.db, ctx.clock.now(), ctx.config.publicUrl),
    ]);
    await runContentNotifications(ctx.db, ctx.clock.now(), ctx.config.publicUrl);
    const mailsTo = async (email: string) =>
      (
        await ctx.db
          .select()
          .from(outboxMessages)
          .where(and(eq(outboxMessages.recipient, email), like(outboxMessages.kind, 'notification_article')))
      ).map((row) => openMessage(row));
    const mails = await mailsTo(reader.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('【すこやか】新しい健康記事');
    expect(mails[0]!.text).toContain(`/articles/${article.id}`);
    expect(mails[0]!.text).toContain('「メールで届く記事」');
    expect(await mailsTo(quiet.email)).toEqual([]);
  });
});
