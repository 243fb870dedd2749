import { bffError, renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, loadContentCalls } from '@sukoyaka/shared';
import { FaqPage } from './FaqPage';
import { InquiryNewPage } from './InquiryNewPage';
import { member, signedIn } from './test-fixtures';

// The content area's module (the form's schema, with zod) as the form loads it: counted.
jest.mock('@sukoyaka/shared', () => ({
  ...jest.requireActual('@sukoyaka/shared'),
  loadContentCalls: jest.fn(() => Promise.resolve(jest.requireActual('@sukoyaka/contract/content').contentCalls)),
}));
const loadContent = loadContentCalls as jest.MockedFunction<typeof loadContentCalls>;

const faq = {
  categories: [
    {
      id: 'f1',
      name: 'アカウント・ログイン',
      questions: [{ id: 'q1', question: 'パスワードを忘れました', answer: 'ログイン画面から再設定してください。' }],
    },
  ],
};

describe('FaqPage (/faq)', () => {
  const bff = setupFakeBff();
  const renderPage = () =>
    renderWithProviders(
      <Routes>
        <Route path="/faq" element={<FaqPage />} />
      </Routes>,
      { route: '/faq' },
    );

  it('shows the categories with questions that open to their answers, and ends in the contact form', async () => {
    bff.onCall('listVisibleFaqCategories', reply(faq));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'アカウント・ログイン' })).toBeInTheDocument();
    await userEvent.click(screen.getByText('Q. パスワードを忘れました'));
    expect(screen.getByText('ログイン画面から再設定してください。')).toBeVisible();
    expect(screen.getByRole('link', { name: 'お問い合わせフォームへ' })).toHaveAttribute('href', '/inquiry/new');
  });

  it('searches by a word and says when nothing matches', async () => {
    bff.onCall('listVisibleFaqCategories', (request) => reply(request.query.q ? { categories: [] } : faq));
    renderPage();
    await screen.findByRole('heading', { name: 'アカウント・ログイン' });
    await userEvent.type(screen.getByRole('textbox', { name: /キーワードで探す/ }), 'ぽいんと');
    await userEvent.click(screen.getByRole('button', { name: '検索' }));
    expect(await screen.findByText('「ぽいんと」に一致する質問は見つかりませんでした')).toBeInTheDocument();
    expect(bff.callsOf('listVisibleFaqCategories').at(-1)!.query).toEqual({ q: 'ぽいんと' });
    await userEvent.click(screen.getByRole('button', { name: '検索をやめる' }));
    expect(await screen.findByRole('heading', { name: 'アカウント・ログイン' })).toBeInTheDocument();
  });

  it('shows a failure with a retry', async () => {
    // Later registrations answer first: the failure once, then the list.
    bff.onCall('listVisibleFaqCategories', reply(faq));
    bff.onCall('listVisibleFaqCategories', bffError(500, 'internal_error', 'サーバーでエラーが発生しました。'), { times: 1 });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '再読み込み' }, { timeout: 5000 }));
    expect(await screen.findByRole('heading', { name: 'アカウント・ログイン' })).toBeInTheDocument();
  });
});

describe('InquiryNewPage (/inquiry/new)', () => {
  const bff = setupFakeBff();
  beforeEach(() => signedIn(bff));
  const renderPage = () =>
    renderWithProviders(
      <Routes>
        <Route path="/inquiry/new" element={<InquiryNewPage />} />
      </Routes>,
      { route: '/inquiry/new' },
    );

  it('checks the fields before sending and names them', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '送信する' }));
    expect(await screen.findByText('お問い合わせの種類を選択してください')).toBeInTheDocument();
    expect(screen.getByText('お問い合わせ内容は10文字以上で入力してください')).toBeInTheDocument();
    expect(bff.callsOf('createInquiry')).toHaveLength(0);
  });

  it('shows the member’s address read-only, sends, and shows the receipt number', async () => {
    bff.onCall(
      'createInquiry',
      reply({ receiptNumber: 'INQ-20261123-AB2C', category: 'points', createdAt: '2026-11-23T00:00:00.000Z', copySentTo: member.email }),
    );
    renderPage();
    const address = await screen.findByRole('textbox', { name: /返信先メールアドレス/ });
    expect(address).toHaveValue(member.email);
    expect(address).toHaveAttribute('readonly');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /お問い合わせの種類/ }), 'points');
    await userEvent.type(screen.getByRole('textbox', { name: /お問い合わせ内容/ }), 'ポイントの有効期限について教えてください。');
    await userEvent.click(screen.getByRole('button', { name: '送信する' }));
    expect(await screen.findByRole('heading', { name: 'お問い合わせを受け付けました' })).toHaveFocus();
    expect(screen.getByText('INQ-20261123-AB2C')).toBeInTheDocument();
    expect(bff.callsOf('createInquiry')[0]!.body).toEqual({ category: 'points', body: 'ポイントの有効期限について教えてください。' });
  });

  it('issue 27: the form shows its choices and limit without the content schemas; its first touch loads them once', async () => {
    bff.onCall(
      'createInquiry',
      reply({ receiptNumber: 'INQ-20261123-AB2C', category: 'account', createdAt: '2026-11-23T00:00:00.000Z', copySentTo: member.email }),
    );
    loadContent.mockClear();
    renderPage();
    const category = await screen.findByRole('combobox', { name: /お問い合わせの種類/ });
    expect(within(category).getByRole('option', { name: 'アカウント・ログインについて' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /お問い合わせ内容/ })).toHaveAttribute('maxLength', '2000');
    expect(screen.getByText('10〜2000文字（0文字）')).toBeInTheDocument();
    expect(loadContent).not.toHaveBeenCalled();

    await userEvent.selectOptions(category, 'account');
    expect(loadContent).toHaveBeenCalledTimes(1);
    await userEvent.type(screen.getByRole('textbox', { name: /お問い合わせ内容/ }), 'ログインできません。');
    await userEvent.click(screen.getByRole('button', { name: '送信する' }));
    expect(await screen.findByRole('heading', { name: 'お問い合わせを受け付けました' })).toBeInTheDocument();
    expect(loadContent).toHaveBeenCalledTimes(1);
  });

  it('shows the bff’s refusal at the form', async () => {
    bff.onCall('createInquiry', bffError(503, 'service_unavailable', 'ただいま混み合っています。'));
    renderPage();
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: /お問い合わせの種類/ }), 'other');
    await userEvent.type(screen.getByRole('textbox', { name: /お問い合わせ内容/ }), 'アプリの使い方を教えてください。');
    await userEvent.click(screen.getByRole('button', { name: '送信する' }));
    await waitFor(() => expect(screen.getByRole('alert')).toBeInTheDocument(), { timeout: 5000 });
    expect(screen.queryByRole('heading', { name: 'お問い合わせを受け付けました' })).not.toBeInTheDocument();
  });
});
