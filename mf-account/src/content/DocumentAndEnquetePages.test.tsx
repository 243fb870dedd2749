import { bffError, renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@sukoyaka/shared';
import { MediaPolicyPage, PaperworksPage, TermsPage } from './DocumentPage';
import { EnquetePage } from './EnquetePage';
import { EnquetesPage } from './EnquetesPage';
import { ENQUETE_ID, enquete, member, signedIn } from './test-fixtures';

const document = (kind: 'terms' | 'media_policy' | 'paperworks', overrides: object = {}) => ({
  id: '44444444-4444-4444-8444-444444444444',
  kind,
  version: 2,
  title: kind === 'terms' ? 'すこやか利用規約' : kind === 'media_policy' ? 'メディアポリシー' : '各種手続き',
  body: '第1条（目的）\n\nこの規約は…',
  publishedAt: '2026-10-01T00:00:00.000Z',
  files: [],
  ...overrides,
});

describe('document pages (/terms, /media_policy, /paperworks)', () => {
  const bff = setupFakeBff();
  const render = (path: string, element: React.ReactElement) =>
    renderWithProviders(
      <Routes>
        <Route path={path} element={element} />
      </Routes>,
      { route: path },
    );

  it('/terms shows the current version to a visitor', async () => {
    bff.onCall('getSession', reply({ userId: null, browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall('getSiteDocument', reply(document('terms')));
    render('/terms', <TermsPage />);
    expect(await screen.findByRole('heading', { name: 'すこやか利用規約' })).toBeInTheDocument();
    expect(screen.getByText('第2版（2026年10月1日公開）')).toBeInTheDocument();
    expect(screen.getByText('第1条（目的）')).toBeInTheDocument();
    expect(bff.callsOf('getSiteDocument')[0]!.query).toEqual({ kind: 'terms' });
    expect(bff.callsOf('getUserInfo')).toHaveLength(0);
  });

  it('/terms links a member to their association’s terms', async () => {
    signedIn(bff);
    bff.onCall('getSiteDocument', reply(document('terms')));
    render('/terms', <TermsPage />);
    expect(await screen.findByRole('link', { name: 'こちら' })).toHaveAttribute(
      'href',
      `/associations/${member.association.id}/agreements`,
    );
  });

  it('/media_policy says when nothing is published', async () => {
    bff.onCall('getSession', reply({ userId: null, browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall('getSiteDocument', bffError(404, 'not_found', '文書が見つかりませんでした。'));
    render('/media_policy', <MediaPolicyPage />);
    expect(await screen.findByText('メディアポリシーは現在公開されていません。')).toBeInTheDocument();
  });

  it('/paperworks lists the forms to download', async () => {
    signedIn(bff);
    bff.onCall(
      'getSiteDocument',
      reply(
        document('paperworks', {
          files: [{ id: 'f1', fileName: '被扶養者異動届.csv', contentType: 'text/csv', size: 2048, url: '/api/bff/files/documents/f1' }],
        }),
      ),
    );
    render('/paperworks', <PaperworksPage />);
    const link = await screen.findByRole('link', { name: '被扶養者異動届.csv（CSV・2KB）' });
    expect(link).toHaveAttribute('href', '/api/bff/files/documents/f1');
    expect(link).toHaveAttribute('download', '被扶養者異動届.csv');
    expect(bff.callsOf('getSiteDocument')[0]!.query).toEqual({ kind: 'paperworks' });
  });
});

describe('EnquetesPage (/enquetes)', () => {
  const bff = setupFakeBff();
  beforeEach(() => signedIn(bff));
  const renderPage = () =>
    renderWithProviders(
      <Routes>
        <Route path="/enquetes" element={<EnquetesPage />} />
      </Routes>,
      { route: '/enquetes' },
    );

  it('lists the open enquetes with whether they were answered', async () => {
    const { questions: _questions, ...summary } = enquete();
    bff.onCall(
      'listOpenEnquetes',
      reply({ items: [summary, { ...summary, id: 'other', title: '食生活アンケート', answeredAt: '2026-11-01T00:00:00.000Z' }] }),
    );
    renderPage();
    const list = await screen.findByRole('list', { name: 'アンケートの一覧' });
    const links = within(list).getAllByRole('link');
    expect(links[0]).toHaveAccessibleName(expect.stringContaining('未回答'));
    expect(links[0]).toHaveAttribute('href', `/enquetes/${ENQUETE_ID}`);
    expect(links[1]).toHaveAccessibleName(expect.stringContaining('回答済み'));
  });

  it('says when none is open', async () => {
    bff.onCall('listOpenEnquetes', reply({ items: [] }));
    renderPage();
    expect(await screen.findByText('回答を受け付けているアンケートはありません')).toBeInTheDocument();
  });

  it('shows a failure with a retry', async () => {
    bff.onCall('listOpenEnquetes', reply({ items: [] }));
    bff.onCall('listOpenEnquetes', bffError(500, 'internal_error', 'サーバーでエラーが発生しました。'), { times: 1 });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '再読み込み' }));
    expect(await screen.findByText('回答を受け付けているアンケートはありません')).toBeInTheDocument();
  });
});

describe('EnquetePage (/enquetes/:id)', () => {
  const bff = setupFakeBff();
  beforeEach(() => signedIn(bff));
  const renderPage = (id = ENQUETE_ID) =>
    renderWithProviders(
      <Routes>
        <Route path="/enquetes/:enqueteId" element={<EnquetePage />} />
      </Routes>,
      { route: `/enquetes/${id}` },
    );
  const fillRequired = async () => {
    await userEvent.click(screen.getByRole('radio', { name: '週3日以上' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '食事' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '睡眠' }));
    await userEvent.click(screen.getByRole('radio', { name: '4' }));
  };

  it('checks the required questions before sending, naming each', async () => {
    bff.onCall('getEnquete', reply(enquete()));
    renderPage();
    await screen.findByRole('heading', { name: '2026年度 健康づくりアンケート' });
    await userEvent.click(screen.getByRole('radio', { name: '週3日以上' }));
    await userEvent.click(screen.getByRole('button', { name: '回答を送信する' }));
    expect(await screen.findAllByText('必須の設問に回答してください')).toHaveLength(2);
    expect(bff.callsOf('answerEnquete')).toHaveLength(0);
  });

  it('sends every kind of answer once and thanks the member', async () => {
    bff.onCall('getEnquete', reply(enquete()));
    bff.onCall('answerEnquete', () => {
      bff.onCall('getEnquete', reply(enquete({ answeredAt: '2026-11-23T00:00:00.000Z' })));
      return reply({ enqueteId: ENQUETE_ID, answeredAt: '2026-11-23T00:00:00.000Z' });
    });
    renderPage();
    await screen.findByRole('heading', { name: '2026年度 健康づくりアンケート' });
    await fillRequired();
    await userEvent.type(screen.getByRole('textbox', { name: /ご意見/ }), '楽しいです');
    await userEvent.click(screen.getByRole('button', { name: '回答を送信する' }));
    expect(await screen.findByRole('heading', { name: 'ご回答ありがとうございました' })).toBeInTheDocument();
    const [question1, question2, question3, question4] = enquete().questions;
    expect(bff.callsOf('answerEnquete')[0]!.body).toEqual({
      enqueteId: ENQUETE_ID,
      answers: [
        { questionId: question1!.id, choiceIds: [question1!.choices[1]!.id] },
        { questionId: question2!.id, choiceIds: [question2!.choices[0]!.id, question2!.choices[1]!.id] },
        { questionId: question3!.id, scale: 4 },
        { questionId: question4!.id, text: '楽しいです' },
      ],
    });
  });

  it('shows an enquete answered before as answered, without the form', async () => {
    bff.onCall('getEnquete', reply(enquete({ answeredAt: '2026-11-20T00:00:00.000Z' })));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'このアンケートには回答済みです' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '回答を送信する' })).not.toBeInTheDocument();
  });

  it('says so when the bff refuses a second answer', async () => {
    bff.onCall('getEnquete', reply(enquete()));
    bff.onCall('answerEnquete', bffError(409, 'enquete_already_answered', 'このアンケートには回答済みです。'));
    renderPage();
    await screen.findByRole('heading', { name: '2026年度 健康づくりアンケート' });
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: '回答を送信する' }));
    await waitFor(() => expect(screen.getByText('このアンケートには回答済みです。')).toBeInTheDocument());
  });

  it('says when the enquete is not found', async () => {
    bff.onCall('getEnquete', bffError(404, 'not_found', 'アンケートが見つかりませんでした。'));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'アンケートが見つかりません' })).toBeInTheDocument();
  });
});
