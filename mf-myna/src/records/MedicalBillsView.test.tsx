import type { MynaMedicalReceipt } from '@sukoyaka/contract';
import { bffError, deferred, freezeClock, renderWithProviders, reply, setupFakeBff, type FakeReply } from '@sukoyaka/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadMynaCalls } from '@sukoyaka/shared';
import { billsPage, connection, NOW, signedIn } from '../testing/fixtures';
import { MedicalBillsPage } from './RecordPages';

// The area's module (the receipt form's schema, with zod) as the form loads it: counted.
jest.mock('@sukoyaka/shared', () => ({
  ...jest.requireActual('@sukoyaka/shared'),
  loadMynaCalls: jest.fn(() => Promise.resolve(jest.requireActual('@sukoyaka/contract/myna').mynaCalls)),
}));
const loadMyna = loadMynaCalls as jest.MockedFunction<typeof loadMynaCalls>;

/*
 * Issue 25 #3: the 医療費 page for the 医療費控除 — imported bills and hand-entered receipts side by
 * side, the year's total with 補填額 and what the 10万円 threshold means, adding / changing /
 * removing a receipt with errors at each field, and the 医療費集計フォーム workbook's download.
 */

const receipt = (overrides: Partial<MynaMedicalReceipt> = {}): MynaMedicalReceipt => ({
  id: '3b1f5c2e-8d4a-4e6b-9c1d-2a3b4c5d6e7f',
  patientName: 'すこやか 花子',
  payee: 'あおば眼科',
  paidOn: '2026-11-10',
  category: 'treatment',
  amount: 90_000,
  compensation: 5_000,
  createdAt: NOW.toISOString(),
  updatedAt: NOW.toISOString(),
  ...overrides,
});

const receiptsPage = (receipts: MynaMedicalReceipt[], overrides: Record<string, unknown> = {}) => ({
  year: 2026,
  years: receipts.length ? [2026] : [],
  receipts,
  totals: {
    count: receipts.length,
    amount: receipts.reduce((sum, r) => sum + r.amount, 0),
    compensation: receipts.reduce((sum, r) => sum + r.compensation, 0),
  },
  portalPatientName: 'すこやか 太郎',
  ...overrides,
});

describe('/myna_connection/medical_bills: 医療費控除', () => {
  const bff = setupFakeBff();

  beforeEach(() => {
    freezeClock(NOW);
    signedIn(bff);
    bff.onCall('getMynaConnectionState', reply(connection()));
    bff.onCall('listMynaMedicalBills', reply(billsPage()));
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('loads, then shows 取り込み and 手入力 side by side, the year’s total with 補填額, the threshold and the workbook', async () => {
    const answer = deferred<FakeReply>();
    bff.onCall('listMynaMedicalReceipts', () => answer.promise);
    renderWithProviders(<MedicalBillsPage />);
    expect(await screen.findByText('手入力した領収書を読み込んでいます…')).toBeInTheDocument();
    answer.resolve(reply(receiptsPage([receipt()])));

    expect(await screen.findByRole('heading', { name: '2026年の医療費' })).toBeInTheDocument();
    const totals = await screen.findByLabelText('2026年の合計');
    // 14,400 imported + 90,000 typed = 104,400; 5,000 compensated; 99,400 counts.
    expect(totals).toHaveTextContent('取り込み（マイナポータル）14,400円');
    expect(totals).toHaveTextContent('手入力90,000円');
    expect(totals).toHaveTextContent('支払った医療費の合計104,400円');
    expect(totals).toHaveTextContent('補填される金額5,000円');
    expect(totals).toHaveTextContent('差し引き99,400円');
    expect(screen.getByText('10万円まであと600円です。', { exact: false })).toBeInTheDocument();
    expect(screen.getByText(/総所得金額等の5%/)).toBeInTheDocument();

    const imported = screen.getByRole('region', { name: '取り込み（マイナポータル）' });
    expect(within(imported).getByRole('region', { name: '2026年10月' })).toHaveTextContent(
      '本町内科クリニック（医科外来・2日）支払った額 9,000円',
    );
    const typed = screen.getByRole('region', { name: '手入力' });
    const rows = within(within(typed).getByRole('list', { name: '2026年の手入力した領収書' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('2026年11月10日・あおば眼科（診療・治療）');
    expect(rows[0]).toHaveTextContent('すこやか 花子・支払った金額 90,000円（補填 5,000円）');

    const link = screen.getByRole('link', { name: '医療費集計フォームをダウンロード (.xlsx)' });
    expect(link).toHaveAttribute('href', '/api/bff/files/myna/medical-expense-form?year=2026');
    expect(link).toHaveAttribute('download');
    await userEvent.click(screen.getByRole('checkbox', { name: '取り込んだ医療費も含める' }));
    expect(link).toHaveAttribute('href', '/api/bff/files/myna/medical-expense-form?year=2026&bills=0');
  });

  it('over 10万円: how far over, and the deduction as a rough figure', async () => {
    bff.onCall('listMynaMedicalReceipts', reply(receiptsPage([receipt({ amount: 200_000, compensation: 0 })])));
    renderWithProviders(<MedicalBillsPage />);
    expect(await screen.findByText(/10万円を114,400円超えています。/)).toHaveTextContent('医療費控除の額の目安は114,400円です');
  });

  it('adds a receipt: the form’s own checks at each field, the cross-field rule at 補填額, then the call and the list again', async () => {
    let saved: MynaMedicalReceipt[] = [];
    bff.onCall('listMynaMedicalReceipts', () => reply(receiptsPage(saved)));
    bff.onCall('createMynaMedicalReceipt', (request) => {
      const created = receipt({ ...(request.body as Partial<MynaMedicalReceipt>), id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a' });
      saved = [created];
      return reply({ receipt: created });
    });
    renderWithProviders(<MedicalBillsPage />);
    expect(await screen.findByText('手入力した領収書はありません')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '領収書を追加' }));
    const form = await screen.findByRole('form', { name: '領収書を追加' });
    // Prefilled with the portal's name for the patient, never the nickname; today as the day.
    expect(within(form).getByLabelText(/医療を受けた人/)).toHaveValue('すこやか 太郎');
    expect(within(form).getByLabelText(/支払年月日/)).toHaveValue('2026-11-21');

    await userEvent.click(within(form).getByRole('button', { name: '追加する' }));
    expect(await within(form).findByText('支払先を入力してください')).toBeInTheDocument();
    expect(within(form).getByText('医療費の区分を選択してください')).toBeInTheDocument();
    expect(within(form).getByText('支払った金額を入力してください')).toBeInTheDocument();
    expect(within(form).getByLabelText(/支払先/)).toHaveAttribute('aria-invalid', 'true');
    expect(bff.callsOf('createMynaMedicalReceipt')).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText(/支払先/), 'まちなか薬局');
    await userEvent.selectOptions(within(form).getByLabelText(/医療費の区分/), '医薬品購入');
    await userEvent.type(within(form).getByLabelText(/支払った金額/), '1,200');
    await userEvent.clear(within(form).getByLabelText(/補填される金額/));
    await userEvent.type(within(form).getByLabelText(/補填される金額/), '1500');
    await userEvent.click(within(form).getByRole('button', { name: '追加する' }));
    expect(await within(form).findByText('補填される金額は支払った金額以下で入力してください')).toBeInTheDocument();
    expect(bff.callsOf('createMynaMedicalReceipt')).toHaveLength(0);

    await userEvent.clear(within(form).getByLabelText(/補填される金額/));
    await userEvent.type(within(form).getByLabelText(/補填される金額/), '０');
    await userEvent.click(within(form).getByRole('button', { name: '追加する' }));
    await waitFor(() => expect(bff.callsOf('createMynaMedicalReceipt')).toHaveLength(1));
    expect(bff.callsOf('createMynaMedicalReceipt')[0]!.body).toEqual({
      patientName: 'すこやか 太郎',
      payee: 'まちなか薬局',
      paidOn: '2026-11-21',
      category: 'medicine',
      amount: 1200,
      compensation: 0,
    });
    expect(bff.callsOf('createMynaMedicalReceipt')[0]!.headers['idempotency-key']).toEqual(expect.any(String));
    expect(await screen.findByRole('listitem', { name: '2026年11月21日 まちなか薬局' })).toHaveTextContent('支払った金額 1,200円');
    expect(screen.queryByRole('form', { name: '領収書を追加' })).not.toBeInTheDocument();
  });

  it('issue 27: the bills, the receipts and the form show without the myna schemas; the form’s first touch loads them once', async () => {
    bff.onCall('listMynaMedicalReceipts', reply(receiptsPage([receipt()])));
    bff.onCall('createMynaMedicalReceipt', (request) => reply({ receipt: receipt({ ...(request.body as Partial<MynaMedicalReceipt>) }) }));
    loadMyna.mockClear();
    renderWithProviders(<MedicalBillsPage />);
    expect(await screen.findByRole('heading', { name: '2026年の医療費' })).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: '2026年11月10日 あおば眼科' })).toHaveTextContent('診療・治療');
    await userEvent.click(screen.getByRole('button', { name: '領収書を追加' }));
    const form = await screen.findByRole('form', { name: '領収書を追加' });
    expect(within(form).getByRole('combobox', { name: /医療費の区分/ })).toHaveTextContent('介護保険サービス');
    expect(loadMyna).not.toHaveBeenCalled();

    await userEvent.type(within(form).getByLabelText(/支払先/), 'まちなか薬局');
    expect(loadMyna).toHaveBeenCalledTimes(1);
    await userEvent.selectOptions(within(form).getByLabelText(/医療費の区分/), '医薬品購入');
    await userEvent.type(within(form).getByLabelText(/支払った金額/), '1200');
    await userEvent.click(within(form).getByRole('button', { name: '追加する' }));
    await waitFor(() => expect(bff.callsOf('createMynaMedicalReceipt')).toHaveLength(1));
    expect(loadMyna).toHaveBeenCalledTimes(1);
  });

  it('the bff’s 400 is shown at the field it names', async () => {
    bff.onCall('listMynaMedicalReceipts', reply(receiptsPage([])));
    bff.onCall(
      'createMynaMedicalReceipt',
      bffError(400, 'invalid_parameters', '入力内容を確認してください。', { paidOn: ['支払年月日に未来の日付は指定できません'] }),
    );
    renderWithProviders(<MedicalBillsPage />);
    await userEvent.click(await screen.findByRole('button', { name: '領収書を追加' }));
    const form = await screen.findByRole('form', { name: '領収書を追加' });
    await userEvent.type(within(form).getByLabelText(/支払先/), '駅前歯科');
    await userEvent.selectOptions(within(form).getByLabelText(/医療費の区分/), '診療・治療');
    await userEvent.type(within(form).getByLabelText(/支払った金額/), '3000');
    await userEvent.click(within(form).getByRole('button', { name: '追加する' }));
    expect(await within(form).findByText('支払年月日に未来の日付は指定できません')).toBeInTheDocument();
    expect(within(form).getByLabelText(/支払年月日/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('changes and removes a receipt (removal asks first)', async () => {
    let saved = [receipt()];
    bff.onCall('listMynaMedicalReceipts', () => reply(receiptsPage(saved)));
    bff.onCall('updateMynaMedicalReceipt', (request) => {
      saved = [receipt(request.body as Partial<MynaMedicalReceipt>)];
      return reply({ receipt: saved[0] });
    });
    bff.onCall('deleteMynaMedicalReceipt', (request) => {
      saved = [];
      return reply({ deletedId: (request.body as { id: string }).id });
    });
    renderWithProviders(<MedicalBillsPage />);
    await userEvent.click(await screen.findByRole('button', { name: '2026年11月10日 あおば眼科を変更' }));
    const form = await screen.findByRole('form', { name: '領収書を変更' });
    expect(within(form).getByLabelText(/支払先/)).toHaveValue('あおば眼科');
    await userEvent.clear(within(form).getByLabelText(/支払った金額/));
    await userEvent.type(within(form).getByLabelText(/支払った金額/), '80000');
    await userEvent.click(within(form).getByRole('button', { name: '変更を保存する' }));
    await waitFor(() => expect(bff.callsOf('updateMynaMedicalReceipt')).toHaveLength(1));
    expect(bff.callsOf('updateMynaMedicalReceipt')[0]!.body).toMatchObject({ id: receipt().id, amount: 80_000, compensation: 5_000 });
    await waitFor(() =>
      expect(screen.getByRole('listitem', { name: '2026年11月10日 あおば眼科' })).toHaveTextContent('支払った金額 80,000円'),
    );

    await userEvent.click(screen.getByRole('button', { name: '2026年11月10日 あおば眼科を削除' }));
    expect(bff.callsOf('deleteMynaMedicalReceipt')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: '2026年11月10日 あおば眼科を削除する' }));
    expect(await screen.findByText('手入力した領収書はありません')).toBeInTheDocument();
    expect(bff.callsOf('deleteMynaMedicalReceipt')[0]!.body).toEqual({ id: receipt().id });
  });

  it('nothing imported yet: this year, the receipts all the same', async () => {
    bff.onCall(
      'listMynaMedicalBills',
      reply(billsPage({ year: null, years: [], yearTotals: { count: 0, totalCost: 0, paidAmount: 0 }, months: [], bills: [] })),
    );
    bff.onCall('listMynaMedicalReceipts', reply(receiptsPage([], { portalPatientName: null })));
    renderWithProviders(<MedicalBillsPage />);
    expect(await screen.findByRole('heading', { name: '2026年の医療費' })).toBeInTheDocument();
    expect(screen.getByText('この年の取り込んだ医療費はありません')).toBeInTheDocument();
    expect(screen.getByText('手入力した領収書はありません')).toBeInTheDocument();
    expect(bff.callsOf('listMynaMedicalReceipts')[0]!.query).toEqual({ year: '2026' });
  });

  it('the receipts fail to load: says so with a retry', async () => {
    bff.onCall('listMynaMedicalReceipts', bffError(500, 'internal_server_error', '時間をおいてお試しください。'), { times: 1 });
    renderWithProviders(<MedicalBillsPage />);
    const retry = await screen.findByRole('button', { name: /再読み込み|もう一度/ });
    bff.onCall('listMynaMedicalReceipts', reply(receiptsPage([receipt()])));
    await userEvent.click(retry);
    expect(await screen.findByRole('list', { name: '2026年の手入力した領収書' })).toBeInTheDocument();
  });
});
