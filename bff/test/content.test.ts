import { ErrorCodes, callPath, foldForSearch } from '@sukoyaka/contract';
import { and, count, eq } from 'drizzle-orm';
import { DEMO_ARTICLE_TITLE, DEMO_WALKING_TITLE } from '../src/content/article-demo';
import { DEMO_ENQUETE_ID } from '../src/content/demo-seed';
import { contentDisposition } from '../src/content/files-route';
import { DEMO_ASSOCIATION, DEMO_MEMBER, seedDemo } from '../src/db/seed';
import { activityEvents, announcements, enqueteAnswers, enqueteResponses, inquiries } from '../src/db/schema';
import { DAY, Agent, createMember, createTestContext, type TestContext } from './helpers';
import { mailsTo } from './mail-helpers';

/* The content area (issue 14): announcements, FAQ, inquiries, documents and enquetes, on the demo's content. */

let ctx: TestContext;
let demo: Agent;
let other: Agent;
let visitor: Agent;

beforeAll(async () => {
  ctx = await createTestContext();
  expect(await seedDemo(ctx.db, ctx.clock.now())).toEqual({ seeded: true });
  demo = new Agent(ctx.app);
  expect((await demo.signIn(DEMO_MEMBER.email, DEMO_MEMBER.password)).status).toBe(200);
  // A member of another association.
  const stranger = await createMember(ctx.db);
  other = new Agent(ctx.app);
  expect((await other.signIn(stranger.email, stranger.password)).status).toBe(200);
  visitor = new Agent(ctx.app);
  // The whole demo seed (90 days of vitals, the ledger) on a busy machine.
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

const titles = (items: Array<{ title: string }>) => items.map((item) => item.title);

describe('announcements', () => {
  it('lists the visible ones newest first with unread marks; future, expired, drafts and other associations’ are absent', async () => {
    const response = await demo.get('listAnnouncements');
    expect(response.status).toBe(200);
    expect(titles(response.body.items)).toEqual([
      '健康づくりアンケートご協力のお願い',
      '11月30日（月）2:00〜5:00 システムメンテナンスのお知らせ',
      '冬のウォーキングキャンペーンを開催します',
      '年末年始の窓口休業について',
    ]);
    expect(response.body.items.map((item: { readAt: string | null }) => item.readAt !== null)).toEqual([false, false, false, true]);
    expect(response.body.items[0]).toMatchObject({
      linkPath: `/enquetes/${DEMO_ENQUETE_ID}`,
      linkLabel: 'アンケートに回答する',
      siteWide: false,
    });
    expect(response.body.items[1]).toMatchObject({ siteWide: true, category: 'maintenance', linkPath: null });
    expect(response.body.unreadCount).toBe(3);
    expect((await demo.get('countUnreadAnnouncements')).body).toEqual({ unreadCount: 3 });
  });

  it('pages with the cursor', async () => {
    const first = await demo.get('listAnnouncements', { limit: '3' });
    expect(first.body.items).toHaveLength(3);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await demo.get('listAnnouncements', { limit: '3', cursor: first.body.nextCursor });
    expect(titles(second.body.items)).toEqual(['年末年始の窓口休業について']);
    expect(second.body.nextCursor).toBeNull();
    expect((await demo.get('listAnnouncements', { cursor: 'not-a-cursor!' })).status).toBe(400);
  });

  it('another association’s member sees only the site-wide one and cannot read the demo association’s', async () => {
    const list = await other.get('listAnnouncements');
    expect(titles(list.body.items)).toEqual(['11月30日（月）2:00〜5:00 システムメンテナンスのお知らせ']);
    const own = (await demo.get('listAnnouncements')).body.items[0];
    const refused = await other.post('readAnnouncement', { announcementId: own.id });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe(ErrorCodes.notFound);
    expect((await visitor.get('listAnnouncements')).status).toBe(401);
  });

  it('readAnnouncement marks it read once (idempotent) and the count follows', async () => {
    const target = (await demo.get('listAnnouncements')).body.items[0];
    const first = await demo.post('readAnnouncement', { announcementId: target.id });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: target.id, title: target.title, readAt: expect.any(String) });
    ctx.clock.advance(60_000);
    const again = await demo.post('readAnnouncement', { announcementId: target.id });
    expect(again.body.readAt).toBe(first.body.readAt);
    expect((await demo.get('countUnreadAnnouncements')).body.unreadCount).toBe(2);
    expect((await demo.post('readAnnouncement', { announcementId: 'nope' })).status).toBe(400);
  });

  it('an invisible announcement (future, expired, draft) cannot be read; it appears when its window opens', async () => {
    const rows = await ctx.db.select().from(announcements);
    const future = rows.find((row) => row.title === '来月の健康セミナーのご案内')!;
    const expired = rows.find((row) => row.title.startsWith('夏の熱中症'))!;
    const draft = rows.find((row) => row.title === '（下書き）お知らせ')!;
    for (const row of [future, expired, draft]) {
      expect((await demo.post('readAnnouncement', { announcementId: row.id })).status).toBe(404);
    }
    ctx.clock.advance(8 * DAY);
    const later = await demo.get('listAnnouncements');
    expect(titles(later.body.items)[0]).toBe('来月の健康セミナーのご案内');
    expect(titles(later.body.items)).not.toContain('（下書き）お知らせ');
    ctx.clock.advance(-8 * DAY);
  });
});

describe('FAQ', () => {
  it('a visitor sees the site-wide categories; the member also their association’s, hidden ones never', async () => {
    const public_ = await visitor.get('listVisibleFaqCategories');
    expect(public_.body.categories.map((category: { name: string }) => category.name)).toEqual(['アカウント・ログイン']);
    const member = await demo.get('listVisibleFaqCategories');
    expect(member.body.categories.map((category: { name: string }) => category.name)).toEqual([
      'アカウント・ログイン',
      'コイン・ポイント',
      '健康記録',
    ]);
    const questions = member.body.categories.flatMap((category: { questions: Array<{ question: string }> }) =>
      category.questions.map((question) => question.question),
    );
    expect(questions).not.toContain('（非公開）確認中の質問');
    expect((await other.get('listVisibleFaqCategories')).body.categories).toHaveLength(1);
  });

  it('search folds hiragana/katakana, full/half width and case', async () => {
    const search = async (q: string) =>
      (await demo.get('listVisibleFaqCategories', { q })).body.categories.flatMap((category: { questions: Array<{ question: string }> }) =>
        category.questions.map((question) => question.question),
      );
    expect(await search('ぱすわーどを')).toEqual(['パスワードを忘れました']);
    expect(await search('ぱすわーど')).toEqual(['パスワードを忘れました', 'SMS認証（二段階認証）とは何ですか']);
    expect(await search('ＳＭＳ')).toEqual(['SMS認証（二段階認証）とは何ですか']);
    expect(await search('fitbit')).toEqual(['Fitbitの歩数が反映されません']);
    expect(await search('ﾎﾟｲﾝﾄ')).toEqual(
      expect.arrayContaining(['ポイントの有効期限はいつまでですか', 'コインとポイントの違いは何ですか']),
    );
    expect(await search('存在しない言葉')).toEqual([]);
    expect(foldForSearch('ＡＢＣ　カタカナ')).toBe('abc かたかな');
  });
});

describe('inquiries', () => {
  it('refuses a short text naming the field and stores nothing', async () => {
    const response = await demo.post('createInquiry', { category: 'points', body: '短い' });
    expect(response.status).toBe(400);
    expect(response.body.fields.body).toEqual(['お問い合わせ内容は10文字以上で入力してください']);
    expect((await ctx.db.select({ value: count() }).from(inquiries))[0]!.value).toBe(0);
  });

  it('gives a receipt number and mails the staff and the member through the outbox; a replay with the same key is the same inquiry', async () => {
    const key = 'inquiry-test-key-1';
    const send = () =>
      demo.request({
        method: 'POST',
        url: callPath('createInquiry'),
        payload: { category: 'points', body: 'ポイントの有効期限について教えてください。' },
        headers: { 'x-csrf-token': demo.token!, 'idempotency-key': key },
      });
    await demo.fetchToken();
    const first = await send();
    expect(first.status).toBe(200);
    expect(first.body.receiptNumber).toMatch(/^INQ-\d{8}-[2-9A-HJKMNP-Z]{4}$/);
    expect(first.body.copySentTo).toBe(DEMO_MEMBER.email);
    const replay = await send();
    expect(replay.body.receiptNumber).toBe(first.body.receiptNumber);
    expect((await ctx.db.select({ value: count() }).from(inquiries))[0]!.value).toBe(1);
    await ctx.deliverOutbox();
    const staff = mailsTo(ctx, ctx.config.inquiryMailTo);
    expect(staff).toHaveLength(1);
    expect(staff[0]!.subject).toContain(first.body.receiptNumber);
    expect(staff[0]!.text).toContain('ポイントの有効期限について教えてください。');
    expect(staff[0]!.text).toContain(DEMO_ASSOCIATION.name);
    const copy = mailsTo(ctx, DEMO_MEMBER.email).filter((mail) => mail.subject.includes(first.body.receiptNumber));
    expect(copy).toHaveLength(1);
  });
});

describe('demo articles', () => {
  it('each has a hero picture with Japanese alternative text, stored and served as an upload is', async () => {
    const list = await demo.get('listArticles');
    expect(list.status).toBe(200);
    const seeded = list.body.items.filter((item: { title: string }) => [DEMO_ARTICLE_TITLE, DEMO_WALKING_TITLE].includes(item.title));
    expect(seeded).toHaveLength(2);
    for (const item of seeded as {
      heroImage: { alt: string; width: number; height: number; variants: { url: string; width: number }[] };
    }[]) {
      expect(item.heroImage).toMatchObject({ width: 1280, height: 720 });
      expect(item.heroImage.alt).toMatch(/[\u3040-\u30ff\u3400-\u9fff]/);
      expect(item.heroImage.variants.map((variant) => variant.width)).toEqual([320, 640, 1280]);
      const served = await ctx.app.inject({ method: 'GET', url: item.heroImage.variants[0]!.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    }
    expect(new Set(seeded.map((item: { heroImage: { alt: string } }) => item.heroImage.alt)).size).toBe(2);
  });
});

describe('documents', () => {
  it('terms: the highest published version, readable before signing in (a draft version is not shown)', async () => {
    const terms = await visitor.get('getSiteDocument', { kind: 'terms' });
    expect(terms.status).toBe(200);
    expect(terms.body).toMatchObject({ kind: 'terms', version: 2, title: 'すこやか利用規約', files: [] });
    expect((await visitor.get('getSiteDocument', { kind: 'media_policy' })).body.title).toBe('メディアポリシー');
    expect((await visitor.get('getSiteDocument', { kind: 'other' })).status).toBe(400);
  });

  it('paperworks are the member’s association’s, with a file downloaded as an attachment', async () => {
    expect((await visitor.get('getSiteDocument', { kind: 'paperworks' })).status).toBe(404);
    expect((await other.get('getSiteDocument', { kind: 'paperworks' })).status).toBe(404);
    const paperworks = await demo.get('getSiteDocument', { kind: 'paperworks' });
    expect(paperworks.status).toBe(200);
    const [file] = paperworks.body.files;
    expect(file).toMatchObject({ fileName: '被扶養者異動届.csv', contentType: 'text/csv', url: expect.stringContaining(file.id) });
    const download = await demo.request({ method: 'GET', url: file.url });
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toBe(contentDisposition('被扶養者異動届.csv'));
    expect(String(download.headers['content-disposition'])).toMatch(/^attachment; filename="[ -~]+"; filename\*=UTF-8''/);
    expect(download.headers['content-type']).toContain('text/csv');
    expect(download.body).toContain('扶養家族氏名');
    expect((await visitor.request({ method: 'GET', url: file.url })).status).toBe(404);
    expect((await other.request({ method: 'GET', url: file.url })).status).toBe(404);
  });

  it('a file name cannot break out of the header', () => {
    expect(contentDisposition('a"b\\c\r\n.csv')).toBe(`attachment; filename="a_b_c__.csv"; filename*=UTF-8''a%22b%5Cc%0D%0A.csv`);
  });
});

describe('enquetes', () => {
  const answers = (enquete: { questions: Array<{ id: string; kind: string; choices: Array<{ id: string }> }> }) => {
    const [single, multiple, scale] = enquete.questions;
    return [
      { questionId: single!.id, choiceIds: [single!.choices[2]!.id] },
      { questionId: multiple!.id, choiceIds: [multiple!.choices[0]!.id, multiple!.choices[2]!.id] },
      { questionId: scale!.id, scale: 4 },
    ];
  };

  it('lists the association’s open enquetes only; drafts and other associations’ are 404', async () => {
    const list = await demo.get('listOpenEnquetes');
    expect(list.body.items).toEqual([
      expect.objectContaining({ id: DEMO_ENQUETE_ID, title: '2026年度 健康づくりアンケート', questionCount: 4, answeredAt: null }),
    ]);
    expect((await other.get('listOpenEnquetes')).body.items).toEqual([]);
    expect((await other.get('getEnquete', { enqueteId: DEMO_ENQUETE_ID })).status).toBe(404);
  });

  it('refuses a missing required answer, a wrong choice, two choices for a single choice and a scale out of range, storing nothing', async () => {
    const enquete = (await demo.get('getEnquete', { enqueteId: DEMO_ENQUETE_ID })).body;
    expect(enquete.questions.map((question: { kind: string }) => question.kind)).toEqual(['single', 'multiple', 'scale', 'text']);
    const valid = answers(enquete);
    const cases = [
      valid.slice(0, 2),
      [{ ...valid[0]!, choiceIds: [enquete.questions[1].choices[0].id] }, valid[1], valid[2]],
      [
        { ...valid[0]!, choiceIds: enquete.questions[0].choices.slice(0, 2).map((choice: { id: string }) => choice.id) },
        valid[1],
        valid[2],
      ],
      [valid[0], valid[1], { ...valid[2]!, scale: 9 }],
    ];
    for (const bad of cases) {
      const response = await demo.post('answerEnquete', { enqueteId: DEMO_ENQUETE_ID, answers: bad });
      expect(response.status).toBe(400);
      expect(response.body.fields.answers).toHaveLength(1);
    }
    expect((await ctx.db.select({ value: count() }).from(enqueteResponses))[0]!.value).toBe(0);
  });

  it('records the answer once, with the activity that earns the menu’s points; a second answer is 409', async () => {
    const enquete = (await demo.get('getEnquete', { enqueteId: DEMO_ENQUETE_ID })).body;
    const before = (await demo.get('listEnablePointAccounts')).body.accounts[0].balance;
    const response = await demo.post('answerEnquete', {
      enqueteId: DEMO_ENQUETE_ID,
      answers: [...answers(enquete), { questionId: enquete.questions[3].id, text: '  歩数の記録が楽しみです  ' }],
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ enqueteId: DEMO_ENQUETE_ID, answeredAt: expect.any(String) });
    const stored = await ctx.db.select().from(enqueteAnswers);
    expect(stored).toHaveLength(5);
    expect(stored.find((row) => row.text !== null)!.text).toBe('歩数の記録が楽しみです');
    const events = await ctx.db.select().from(activityEvents).where(eq(activityEvents.kind, 'enquete_answered'));
    expect(events).toHaveLength(1);
    // The demo program's menu pays 30 points for an answered enquete (incentives settle the member's own activity on read).
    expect((await demo.get('listEnablePointAccounts')).body.accounts[0].balance).toBe(before + 30);
    const again = await demo.post('answerEnquete', { enqueteId: DEMO_ENQUETE_ID, answers: answers(enquete) });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('enquete_already_answered');
    expect((await demo.get('getEnquete', { enqueteId: DEMO_ENQUETE_ID })).body.answeredAt).toBe(response.body.answeredAt);
    const responses = await ctx.db
      .select({ value: count() })
      .from(enqueteResponses)
      .where(and(eq(enqueteResponses.enqueteId, DEMO_ENQUETE_ID)));
    expect(responses[0]!.value).toBe(1);
  });
});
