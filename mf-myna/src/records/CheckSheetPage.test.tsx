import { renderWithProviders, reply } from '@sukoyaka/shared/testing';
import { screen } from '@testing-library/react';
import { connection, dispensing, setupSignedInAtNow } from '../testing/fixtures';
import { CheckSheetPage } from './CheckSheetPage';

// Issue 27: the check sheet counts its 90 days with mf-shared's date helpers, not date-fns (9.6 KiB
// on a cold visit): the page, or anything it imports, loading date-fns fails here.
jest.mock('date-fns', () => {
  throw new Error('issue 27: /myna_connection/check_sheet loads no date-fns');
});

describe('/myna_connection/check_sheet without date-fns (issue 27)', () => {
  const bff = setupSignedInAtNow();

  beforeEach(() => {
    bff.onCall('getMynaConnectionState', reply(connection()));
  });

  it('issue 27: the medicines of the last 90 days, counted in local days: the 90th day back in, the 91st out', async () => {
    bff.onCall('listMynaMedicalExams', reply({ medicalExams: [], nextCursor: null }));
    bff.onCall(
      'listMynaMedicines',
      reply({
        dispensings: [
          dispensing({ id: 'd-in', dispensedOn: '2026-08-23', pharmacyName: '90日前の薬局' }),
          dispensing({ id: 'd-out', dispensedOn: '2026-08-22', pharmacyName: '91日前の薬局' }),
        ],
        nextCursor: null,
      }),
    );
    // NOW is 2026-11-21 12:00 (local).
    renderWithProviders(<CheckSheetPage />);
    const medicines = await screen.findByRole('region', { name: '服用中のお薬（直近90日に調剤されたもの）' });
    expect(await screen.findByText('健診結果はまだありません')).toBeInTheDocument();
    expect(medicines).toHaveTextContent('90日前の薬局');
    expect(medicines).not.toHaveTextContent('91日前の薬局');
  });
});
