import type { EnqueteResult, OperatorAnnouncement, OperatorEnquete } from '@sukoyaka/contract';
import { bffError, reply } from '@sukoyaka/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ASSOCIATION_ID, renderAt, setupAdminBff, signedIn, viewerProfile } from '../testing/render';

const bff = setupAdminBff();
const ANNOUNCEMENT_ID = '3e9d5c7b-8d1a-4f4b-8c6d-4a5b6c7d8e9f';
const ENQUETE_ID = '4fa06d8c-9e2b-4a5c-9d7e-5b6c7d8e9fa0';

const announcement: OperatorAnnouncement = {
  id: ANNOUNCEMENT_ID,
  title: '健診のお知らせ',
  category: 'important',
  body: '今年度の健診が始まります。',
  linkPath: null,
  linkLabel: null,
  publishFrom: '2026-11-20T00:00:00Z',
  publishUntil: null,
  publishedAt: null,
  state: 'draft',
  readCount: 0,
  updatedAt: '2026-11-20T00:00:00Z',
};

const enquete: OperatorEnquete = {
  id: ENQUETE_ID,
  title: '生活習慣アンケート',
  description: '',
  state: 'draft',
  publishedAt: null,
  closesAt: null,
  questionCount: 2,
  responseCount: 0,
  createdAt: '2026-11-20T00:00:00Z',
};

describe('announcements (issue 14: an operator publishes without a developer)', () => {
  it('lists them with state and reads, and publishes a draft', async () => {
    signedIn(bff);
    bff.onCall('listOperatorAnnouncements', reply({ items: [announcement], nextCursor: null }), { times: 1 });
    bff.onCall('publishOperatorAnnouncement', (request) => {
      expect(request.body).toEqual({ associationId: ASSOCIATION_ID, announcementId: ANNOUNCEMENT_ID, published: true });
      const published = { ...announcement, publishedAt: '2026-11-23T00:00:00Z', state: 'published' as const, readCount: 3 };
      bff.onCall('listOperatorAnnouncements', reply({ items: [published], nextCursor: null }));
      return reply(published);
    });
    renderAt('/admin/announcements');
    const row = (await screen.findByRole('rowheader', { name: /健診のお知らせ/ })).closest('tr')!;
    expect(within(row).getByText('下書き')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: '健診のお知らせを公開する' }));
    expect(await screen.findByText('公開中')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '健診のお知らせを非公開にする' })).toBeInTheDocument();
  });

  it('edits a published one beside a preview drawn as members see it, and saves it (issue 27)', async () => {
    signedIn(bff);
    const published = {
      ...announcement,
      publishedAt: '2026-11-20T00:00:00Z',
      state: 'published' as const,
      linkPath: '/faq',
      linkLabel: '詳しくはこちら',
    };
    bff.onCall('listOperatorAnnouncements', reply({ items: [published], nextCursor: null }), { times: 1 });
    bff.onCall('updateOperatorAnnouncement', (request) => {
      expect(request.body).toEqual({
        associationId: ASSOCIATION_ID,
        announcementId: ANNOUNCEMENT_ID,
        title: '健診のお知らせ',
        category: 'important',
        body: '受付は11月からです。\n\n予約してください。',
        linkPath: '/faq',
        linkLabel: '詳しくはこちら',
        publishFrom: '2026-11-20T09:00:00+09:00',
        publishUntil: null,
      });
      const saved = { ...published, body: '受付は11月からです。\n\n予約してください。' };
      bff.onCall('listOperatorAnnouncements', reply({ items: [saved], nextCursor: null }));
      return reply(saved);
    });
    renderAt('/admin/announcements');
    await userEvent.click(await screen.findByRole('button', { name: '健診のお知らせを編集する' }));
    const editor = screen.getByRole('form', { name: 'お知らせの編集' });
    expect(within(editor).getByLabelText('掲載開始日時')).toHaveValue('2026-11-20T09:00');
    const body = within(editor).getByLabelText('本文');
    await userEvent.clear(body);
    await userEvent.type(body, '受付は11月からです。{Enter}{Enter}予約してください。');
    const preview = screen.getByRole('region', { name: 'プレビュー（会員の画面での見え方）' });
    expect(within(preview).getByRole('heading', { name: '健診のお知らせ' })).toBeInTheDocument();
    expect(within(preview).getByText('重要')).toBeInTheDocument();
    expect(within(preview).getByText('受付は11月からです。')).toBeInTheDocument();
    expect(within(preview).getByText('予約してください。')).toBeInTheDocument();
    expect(within(preview).getByText('詳しくはこちら')).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(within(editor).getByRole('button', { name: '変更を保存する' }));
    expect(await screen.findByRole('status')).toHaveTextContent('「健診のお知らせ」を更新しました。会員には新しい内容が表示されます。');
    expect(screen.queryByRole('form', { name: 'お知らせの編集' })).not.toBeInTheDocument();
  });

  it('creates one with its window in Japan time and publishes it at once', async () => {
    signedIn(bff);
    bff.onCall('listOperatorAnnouncements', reply({ items: [], nextCursor: null }));
    bff.onCall('createOperatorAnnouncement', (request) => {
      expect(request.body).toMatchObject({
        associationId: ASSOCIATION_ID,
        title: '歩数キャンペーン',
        category: 'campaign',
        body: '12月は歩数キャンペーンです。',
        linkPath: '/enquetes',
        publishFrom: '2026-12-01T09:00:00+09:00',
        publishUntil: null,
        publish: true,
      });
      return reply({ ...announcement, title: '歩数キャンペーン', publishedAt: '2026-11-23T00:00:00Z', state: 'scheduled' });
    });
    renderAt('/admin/announcements');
    expect(await screen.findByText('お知らせはまだありません')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('タイトル'), '歩数キャンペーン');
    await userEvent.selectOptions(screen.getByLabelText('カテゴリ'), 'campaign');
    await userEvent.type(screen.getByLabelText('本文'), '12月は歩数キャンペーンです。');
    await userEvent.type(screen.getByLabelText(/リンク先/), '/enquetes');
    const from = screen.getByLabelText('掲載開始日時');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-12-01T09:00');
    await userEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('「歩数キャンペーン」を公開しました。')).toBeInTheDocument();
  });

  it('a missing title is named before sending; a viewer has no form', async () => {
    signedIn(bff);
    bff.onCall('listOperatorAnnouncements', reply({ items: [], nextCursor: null }));
    const first = renderAt('/admin/announcements');
    await userEvent.click(await screen.findByRole('button', { name: '保存する' }));
    expect(await screen.findByText('タイトルを入力してください')).toBeInTheDocument();
    expect(bff.callsOf('createOperatorAnnouncement')).toHaveLength(0);
    first.unmount();
    bff.reset();
    signedIn(bff, viewerProfile);
    bff.onCall('listOperatorAnnouncements', reply({ items: [announcement], nextCursor: null }));
    renderAt('/admin/announcements');
    expect(await screen.findByText('閲覧者の権限では作成・公開できません。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '保存する' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /公開する/ })).not.toBeInTheDocument();
  });
});

describe('enquetes and their results (issue 14: results only for operators)', () => {
  it('creates a draft with a choice question and a free-text one, then opens it', async () => {
    signedIn(bff);
    bff.onCall('listOperatorEnquetes', reply({ items: [] }), { times: 1 });
    bff.onCall('createOperatorEnquete', (request) => {
      expect(request.body).toMatchObject({
        associationId: ASSOCIATION_ID,
        title: '生活習慣アンケート',
        questions: [
          { kind: 'single', text: '運動していますか', required: true, choices: ['はい', 'いいえ'] },
          { kind: 'text', text: 'ご意見', required: false, choices: [] },
        ],
      });
      bff.onCall('listOperatorEnquetes', reply({ items: [enquete] }));
      return reply(enquete);
    });
    bff.onCall('publishOperatorEnquete', () => {
      bff.onCall('listOperatorEnquetes', reply({ items: [{ ...enquete, state: 'open' }] }));
      return reply({ ...enquete, state: 'open' });
    });
    renderAt('/admin/enquetes');
    expect(await screen.findByText('アンケートはまだありません')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('タイトル'), '生活習慣アンケート');
    await userEvent.type(screen.getByLabelText('設問文'), '運動していますか');
    await userEvent.type(screen.getByLabelText(/選択肢/), 'はい{enter}いいえ');
    await userEvent.click(screen.getByRole('button', { name: '設問を追加' }));
    const second = screen.getByRole('group', { name: '設問2' });
    await userEvent.selectOptions(within(second).getByLabelText('種類'), 'text');
    await userEvent.type(within(second).getByLabelText('設問文'), 'ご意見');
    await userEvent.click(within(second).getByLabelText('回答必須'));
    await userEvent.click(screen.getByRole('button', { name: '下書きとして作成する' }));
    expect(await screen.findByText(/を下書きとして作成しました/)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: '生活習慣アンケートを公開する' }));
    expect(await screen.findByText('回答受付中')).toBeInTheDocument();
  });

  it('a choice question with one choice is refused with the contract’s message', async () => {
    signedIn(bff);
    bff.onCall('listOperatorEnquetes', reply({ items: [] }));
    renderAt('/admin/enquetes');
    await userEvent.type(await screen.findByLabelText('タイトル'), 'アンケート');
    await userEvent.type(screen.getByLabelText('設問文'), '質問');
    await userEvent.type(screen.getByLabelText(/選択肢/), 'ひとつだけ');
    await userEvent.click(screen.getByRole('button', { name: '下書きとして作成する' }));
    expect(await screen.findByText('選択肢を2つ以上入力してください')).toBeInTheDocument();
    expect(bff.callsOf('createOperatorEnquete')).toHaveLength(0);
  });

  it('shows the results: counts per choice with shares, the mean of a scale, the free texts', async () => {
    signedIn(bff);
    const results: EnqueteResult = {
      enquete: { ...enquete, state: 'open', responseCount: 4 },
      questions: [
        {
          id: 'q1',
          kind: 'single',
          text: '運動していますか',
          required: true,
          answered: 4,
          choices: [
            { id: 'c1', label: 'はい', count: 3 },
            { id: 'c2', label: 'いいえ', count: 1 },
          ],
          scale: [],
          mean: null,
          texts: [],
        },
        {
          id: 'q2',
          kind: 'scale',
          text: '満足度',
          required: false,
          answered: 2,
          choices: [],
          scale: [
            { value: 4, count: 1 },
            { value: 5, count: 1 },
          ],
          mean: 4.5,
          texts: [],
        },
        {
          id: 'q3',
          kind: 'text',
          text: 'ご意見',
          required: false,
          answered: 1,
          choices: [],
          scale: [],
          mean: null,
          texts: [{ text: '続けたいです', answeredAt: '2026-11-23T01:00:00Z' }],
        },
      ],
    };
    bff.onCall('getOperatorEnqueteResults', (request) => {
      expect(request.query).toMatchObject({ associationId: ASSOCIATION_ID, enqueteId: ENQUETE_ID });
      return reply(results);
    });
    renderAt(`/admin/enquetes/${ENQUETE_ID}`);
    expect(await screen.findByRole('heading', { name: '生活習慣アンケートの結果' })).toBeInTheDocument();
    const yes = screen.getByRole('rowheader', { name: 'はい' }).closest('tr')!;
    expect(
      within(yes)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '75%']);
    expect(screen.getByText('平均: 4.5')).toBeInTheDocument();
    expect(screen.getByText(/続けたいです/)).toBeInTheDocument();
  });

  it('results that cannot be read say so', async () => {
    signedIn(bff);
    bff.onCall('getOperatorEnqueteResults', bffError(404, 'not_found', 'アンケートが見つかりませんでした。'));
    renderAt(`/admin/enquetes/${ENQUETE_ID}`);
    expect(await screen.findByText(/アンケートが見つかりませんでした。/)).toBeInTheDocument();
  });
});
