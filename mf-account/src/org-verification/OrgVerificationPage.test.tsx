import { bffError, renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OrgVerificationPage } from './OrgVerificationPage';
import { UnassociatedPage } from './UnassociatedPage';

const ASSOCIATION = { id: '5a1c0d3e-0000-4000-8000-000000000001', name: 'すこやか健康保険組合' };
const newcomer = { userId: 'u1', email: 'newcomer@example.jp', nickname: 'はじめ 太郎', association: null, birthday: null };
const NO_MATCH = '入力された情報に一致する加入者が見つかりませんでした。保険証の記載内容をご確認ください。';

describe('OrgVerificationPage (/org_verification)', () => {
  const bff = setupFakeBff();

  beforeEach(() => {
    window.history.replaceState(null, '', '/org_verification');
    bff.withAuthenticityToken('token-1');
    bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall('getUserInfo', reply(newcomer));
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  const field = (label: string) => screen.getByLabelText(label);
  const submit = () => userEvent.click(screen.getByRole('button', { name: '確認する' }));

  async function pickBirthday(year: string, monthIndex: string, dayLabel: string) {
    await userEvent.click(screen.getByRole('button', { name: /^生年月日/ }));
    const dialog = await screen.findByRole('dialog', { name: '日付を選択' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: '年を選択' }), year);
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: '月を選択' }), monthIndex);
    await userEvent.click(within(dialog).getByRole('button', { name: new RegExp(`^${dayLabel.replace(/[()]/g, '\\$&')}`) }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
  }

  async function fillCard() {
    await userEvent.type(field('保険者番号'), '０６１３９９９９');
    await userEvent.type(field('記号'), '1001');
    await userEvent.type(field('番号'), '2001');
    await pickBirthday('1990', '0', '1990年1月1日(月)');
  }

  it('asks for every field in Japanese under the field, and sends nothing', async () => {
    renderWithProviders(<OrgVerificationPage />);
    await screen.findByRole('heading', { name: '加入者情報の登録' });

    await submit();

    expect(field('保険者番号')).toHaveAccessibleDescription(expect.stringContaining('保険者番号を入力してください'));
    expect(field('記号')).toHaveAccessibleDescription(expect.stringContaining('記号を入力してください'));
    expect(field('番号')).toHaveAccessibleDescription(expect.stringContaining('番号を入力してください'));
    expect(screen.getByText('生年月日を入力してください')).toBeInTheDocument();
    expect(bff.callsOf('verifyOrganization')).toHaveLength(0);
    expect(document.title).toBe('加入者情報の登録 | すこやか');
  });

  it('refuses an insurer number that is not 8 digits before sending', async () => {
    renderWithProviders(<OrgVerificationPage />);
    await userEvent.type(await screen.findByLabelText('保険者番号'), '0613');
    await submit();
    expect(field('保険者番号')).toHaveAccessibleDescription(expect.stringContaining('保険者番号は8桁の数字で入力してください'));
    expect(bff.callsOf('verifyOrganization')).toHaveLength(0);
  });

  it('sends the card details (full-width digits made half-width) and the birthday picked, then goes where the bff says', async () => {
    bff.onCall('verifyOrganization', reply({ association: ASSOCIATION, next: `/associations/${ASSOCIATION.id}/agreements` }));
    renderWithProviders(<OrgVerificationPage />);
    await screen.findByLabelText('保険者番号');

    await fillCard();
    await submit();

    await waitFor(() => expect(window.location.pathname).toBe(`/associations/${ASSOCIATION.id}/agreements`));
    const [request] = bff.callsOf('verifyOrganization');
    expect(request!.method).toBe('POST');
    expect(request!.headers['x-csrf-token']).toBe('token-1');
    expect(request!.body).toEqual({ insurerNumber: '06139999', memberSymbol: '1001', memberNumber: '2001', birthday: '1990-01-01' });
  });

  it("shows the bff's no-match message above the form and stays", async () => {
    bff.onCall('verifyOrganization', bffError(400, 'association_member_not_found', NO_MATCH));
    renderWithProviders(<OrgVerificationPage />);
    await screen.findByLabelText('保険者番号');

    await fillCard();
    await submit();

    expect(await screen.findByRole('alert')).toHaveTextContent(NO_MATCH);
    expect(window.location.pathname).toBe('/org_verification');
  });

  it('tells the member to wait after too many failed tries (429)', async () => {
    const message = '確認に失敗した回数が上限に達しました。1時間ほど時間をおいてから再度お試しください。';
    bff.onCall('verifyOrganization', bffError(429, 'too_many_requests', message));
    renderWithProviders(<OrgVerificationPage />);
    await screen.findByLabelText('保険者番号');

    await fillCard();
    await submit();

    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it("shows a server 400's field message under its field", async () => {
    bff.onCall(
      'verifyOrganization',
      bffError(400, 'invalid_parameters', '番号は数字で入力してください', { memberNumber: ['番号は数字で入力してください'] }),
    );
    renderWithProviders(<OrgVerificationPage />);
    await screen.findByLabelText('保険者番号');

    await fillCard();
    await submit();

    await waitFor(() => expect(field('番号')).toHaveAccessibleDescription(expect.stringContaining('番号は数字で入力してください')));
    expect(screen.queryByText(NO_MATCH)).not.toBeInTheDocument();
  });

  it('tells a member who is already linked so, instead of the form', async () => {
    bff.onCall('getUserInfo', reply({ ...newcomer, association: ASSOCIATION }));
    renderWithProviders(<OrgVerificationPage />);
    expect(await screen.findByText('すこやか健康保険組合の加入者として登録済みです。')).toBeInTheDocument();
    expect(screen.queryByLabelText('保険者番号')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ホームに戻る' })).toHaveAttribute('href', '/');
  });
});

describe('UnassociatedPage (/unassociated)', () => {
  const bff = setupFakeBff();
  beforeEach(() => {
    bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
  });

  it('explains what is needed and links to the registration', async () => {
    renderWithProviders(<UnassociatedPage />);
    expect(screen.getByRole('heading', { name: '加入者情報の登録が必要です' })).toBeInTheDocument();
    expect(screen.getByText(/健康保険組合の加入者であることを確認させてください/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '加入者情報を登録する' })).toHaveAttribute('href', '/org_verification');
    expect(document.title).toBe('加入者情報の登録が必要です | すこやか');
  });

  it('spec §2: inside the native app the link is the app’s deep link to organisation verification', () => {
    const userAgent = jest
      .spyOn(window.navigator, 'userAgent', 'get')
      .mockReturnValue('Mozilla/5.0 (iPhone) Mobile/15E148 SukoyakaApp-iOS/3.2.0');
    try {
      renderWithProviders(<UnassociatedPage />);
      expect(screen.getByRole('link', { name: '加入者情報を登録する' })).toHaveAttribute('href', 'sukoyaka://org_verification');
    } finally {
      userAgent.mockRestore();
    }
  });
});
