import { renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { AreaParcel, loadMynaCalls } from '@sukoyaka/shared';
import { screen } from '@testing-library/react';
import type { ParcelConfig } from 'single-spa';
import { billsPage, connection, dispensing, examSummary, signedIn } from '../testing/fixtures';
import { MynaMedicalBillsParcel, MynaMedicalExamsParcel, MynaMedicinesParcel } from './parcels';

// The area's module (the schemas, with zod): counted, never needed to show the records.
jest.mock('@sukoyaka/shared', () => ({
  ...jest.requireActual('@sukoyaka/shared'),
  loadMynaCalls: jest.fn(() => Promise.resolve(jest.requireActual('@sukoyaka/contract/myna').mynaCalls)),
}));
const loadMyna = loadMynaCalls as jest.MockedFunction<typeof loadMynaCalls>;

describe('the records as parcels (for mf-health’s pages)', () => {
  const bff = setupFakeBff();

  beforeEach(() => {
    signedIn(bff);
    bff.onCall(
      'getMynaConnectionState',
      reply(
        connection({
          secretQuestion: { registered: true, lockedUntil: null, authenticatedUntil: new Date(Date.now() + 600_000).toISOString() },
        }),
      ),
    );
  });

  it('each export is a single-spa parcel', () => {
    for (const parcel of [MynaMedicalExamsParcel, MynaMedicinesParcel, MynaMedicalBillsParcel]) {
      expect(typeof parcel.mount).toBe('function');
      expect(typeof parcel.unmount).toBe('function');
    }
  });

  it('mounted as mf-health mounts it (AreaParcel), the medicines parcel loads its view and shows the records', async () => {
    bff.onCall('listMynaMedicines', reply({ dispensings: [dispensing()], nextCursor: null }));
    const load = jest.fn(async () => MynaMedicinesParcel as ParcelConfig);
    renderWithProviders(<AreaParcel area="@sukoyaka/myna" name="MynaMedicinesParcel" label="お薬の履歴を読み込んでいます" load={load} />);
    expect(await screen.findByText('アムロジピン錠5mg「サワイ」')).toBeInTheDocument();
    expect(screen.getByText('一般名：アムロジピンベシル酸塩')).toBeInTheDocument();
  });

  it('issue 27: mf-health’s /health_reports and /medical_expenses/bills show the records without the myna schemas', async () => {
    bff.onCall('listMynaMedicalExams', reply({ medicalExams: [examSummary()], nextCursor: null }));
    bff.onCall('listMynaMedicalBills', reply(billsPage()));
    bff.onCall(
      'listMynaMedicalReceipts',
      reply({ year: 2026, years: [], receipts: [], totals: { count: 0, amount: 0, compensation: 0 }, portalPatientName: null }),
    );
    loadMyna.mockClear();
    const { unmount } = renderWithProviders(
      <AreaParcel
        area="@sukoyaka/myna"
        name="MynaMedicalExamsParcel"
        label="健診結果を読み込んでいます"
        load={async () => MynaMedicalExamsParcel as ParcelConfig}
      />,
    );
    const exams = await screen.findByRole('list', { name: '健診結果の一覧' });
    expect(exams).toHaveTextContent('受診勧奨判定値 1項目');
    expect(exams).toHaveTextContent('保健指導判定値 2項目');
    unmount();

    renderWithProviders(
      <AreaParcel
        area="@sukoyaka/myna"
        name="MynaMedicalBillsParcel"
        label="医療費を読み込んでいます"
        load={async () => MynaMedicalBillsParcel as ParcelConfig}
      />,
    );
    expect(await screen.findByRole('region', { name: '2026年10月' })).toHaveTextContent(
      '本町内科クリニック（医科外来・2日）支払った額 9,000円',
    );
    expect(screen.getByRole('link', { name: '医療費集計フォームをダウンロード (.xlsx)' })).toHaveAttribute(
      'href',
      '/api/bff/files/myna/medical-expense-form?year=2026',
    );
    expect(await screen.findByText('手入力した領収書はありません')).toBeInTheDocument();
    expect(loadMyna).not.toHaveBeenCalled();
  });
});
