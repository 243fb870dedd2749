import type { AssociationAgreements } from '@sukoyaka/contract';
import { bffError, renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@sukoyaka/shared';
import { AssociationAgreementsPage, consentLabel } from './AssociationAgreementsPage';

const ASSOCIATION_ID = '5a1c0d3e-0000-4000-8000-000000000001';
const TERMS_ID = '11111111-1111-4111-8111-111111111111';
const PRIVACY_ID = '22222222-2222-4222-8222-222222222222';
const member = {
  userId: 'u1',
  email: 'taro@example.jp',
  nickname: 'はじめ 太郎',
  association: { id: ASSOCIATION_ID, name: 'すこやか健康保険組合' },
  birthday: '1990-01-01',
};

function agreements(overrides: { terms?: object; privacy?: object } = {}): AssociationAgreements {
  return {
    association: { id: ASSOCIATION_ID, name: 'すこやか健康保険組合' },
    documents: [
      {
        id: TERMS_ID,
        kind: 'association_terms',
        version: 1,
        title: 'すこやか利用規約',
        body: '第1条（目的）本規約は…',
        publishedAt: '2026-01-01T00:00:00.000Z',
        required: true,
        agreedAt: null,
        previouslyAgreedVersion: null,
        ...overrides.terms,
      },
      {
        id: PRIVACY_ID,
        kind: 'privacy_provision',
        version: 1,
        title: '健康情報の提供に関する同意',
        body: 'あなたがすこやかに記録した健康情報を…',
        publishedAt: '2026-01-01T00:00:00.000Z',
        required: false,
        agreedAt: null,
        previouslyAgreedVersion: null,
        ...overrides.privacy,
      },
    ],
  };
}

describe('AssociationAgreementsPage (/associations/[associationId]/agreements)', () => {
  const bff = setupFakeBff();

  beforeEach(() => {
    window.history.replaceState(null, '', `/associations/${ASSOCIATION_ID}/agreements`);
    bff.withAuthenticityToken('token-1');
    bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall('getUserInfo', reply(member));
    bff.onCall('listAssociationAgreements', reply(agreements()));
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  const renderPage = (associationId = ASSOCIATION_ID) =>
    renderWithProviders(
      <Routes>
        <Route path="/associations/:associationId/agreements" element={<AssociationAgreementsPage />} />
      </Routes>,
      { route: `/associations/${associationId}/agreements` },
    );
  const termsBox = () => screen.getByRole('checkbox', { name: 'すこやか利用規約に同意する' });
  const privacyBox = () => screen.getByRole('checkbox', { name: '健康情報の提供に同意する（任意）' });
  const submit = () => userEvent.click(screen.getByRole('button', { name: '同意して始める' }));

  it("shows the association's documents, each readable in its own scrollable region, for this association", async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'すこやか健康保険組合の規約への同意' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'すこやか利用規約（第1版）の本文' })).toHaveTextContent('第1条（目的）本規約は…');
    expect(screen.getByRole('region', { name: 'すこやか利用規約（第1版）の本文' })).toHaveAttribute('tabindex', '0');
    expect(termsBox()).not.toBeChecked();
    expect(privacyBox()).not.toBeChecked();
    expect(bff.callsOf('listAssociationAgreements')[0]!.query).toEqual({ associationId: ASSOCIATION_ID });
  });

  it('will not go on without the terms: the checkbox says so and nothing is sent', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'すこやか健康保険組合の規約への同意' });

    await userEvent.click(privacyBox());
    await submit();

    expect(termsBox()).toHaveAccessibleDescription(expect.stringContaining('利用規約に同意してください'));
    expect(bff.callsOf('agreeAssociationAgreements')).toHaveLength(0);
  });

  it('sends the terms alone when the optional consent is left unchecked, then goes home', async () => {
    bff.onCall('agreeAssociationAgreements', reply(agreements({ terms: { agreedAt: '2026-11-22T01:00:00.000Z' } })));
    renderPage();
    await screen.findByRole('heading', { name: 'すこやか健康保険組合の規約への同意' });

    await userEvent.click(termsBox());
    await submit();

    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(bff.callsOf('agreeAssociationAgreements')[0]!.body).toEqual({ documentIds: [TERMS_ID] });
  });

  it('sends both when both are checked', async () => {
    bff.onCall('agreeAssociationAgreements', reply(agreements()));
    renderPage();
    await screen.findByRole('heading', { name: 'すこやか健康保険組合の規約への同意' });

    await userEvent.click(termsBox());
    await userEvent.click(privacyBox());
    await submit();

    await waitFor(() => expect(bff.callsOf('agreeAssociationAgreements')).toHaveLength(1));
    expect(bff.callsOf('agreeAssociationAgreements')[0]!.body).toEqual({ documentIds: [TERMS_ID, PRIVACY_ID] });
  });

  it('asks again for a new version, saying it was revised', async () => {
    bff.onCall('listAssociationAgreements', reply(agreements({ terms: { version: 2, previouslyAgreedVersion: 1 } })));
    renderPage();
    expect(await screen.findByText(/内容が改定されました（第1版から変更）/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'すこやか利用規約（第2版）' })).toBeInTheDocument();
    expect(termsBox()).not.toBeChecked();
  });

  it('shows a consent already given as given, with its day, and no checkbox', async () => {
    bff.onCall('listAssociationAgreements', reply(agreements({ terms: { agreedAt: '2026-11-22T01:00:00.000Z' } })));
    renderPage();
    expect(await screen.findByText('2026年11月22日に同意済みです。')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'すこやか利用規約に同意する' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ホームへ進む' })).toBeInTheDocument();
  });

  it("shows the bff's message when agreeing fails, and stays", async () => {
    bff.onCall(
      'agreeAssociationAgreements',
      bffError(400, 'invalid_parameters', '同意できない規約が含まれています。ページを再読み込みしてから、もう一度お試しください。'),
    );
    renderPage();
    await screen.findByRole('heading', { name: 'すこやか健康保険組合の規約への同意' });

    await userEvent.click(termsBox());
    await submit();

    expect(
      await screen.findByText('同意できない規約が含まれています。ページを再読み込みしてから、もう一度お試しください。'),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe(`/associations/${ASSOCIATION_ID}/agreements`);
  });

  it("says so for another association's id (404) and offers home", async () => {
    bff.onCall('listAssociationAgreements', bffError(404, 'not_found', 'お探しの情報は見つかりませんでした。'));
    renderPage('00000000-0000-4000-8000-000000000000');
    expect(await screen.findByRole('heading', { name: '規約が見つかりません' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ホームに戻る' })).toHaveAttribute('href', '/');
  });
});

describe('consentLabel (issue 27: 「…同意に同意する」 reads naturally)', () => {
  it.each([
    ['健康情報の提供に関する同意', false, '健康情報の提供に同意する（任意）'],
    ['第三者提供への同意', true, '第三者提供に同意する'],
    ['個人情報の取扱いについての同意書', true, '個人情報の取扱いに同意する'],
    ['健診データ連携同意書', false, '健診データ連携同意書の内容に同意する（任意）'],
    ['すこやか利用規約', true, 'すこやか利用規約に同意する'],
  ])('%s → %s', (title, required, label) => {
    expect(consentLabel({ title, required: required as boolean })).toBe(label);
  });
});
