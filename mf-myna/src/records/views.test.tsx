import { renderWithProviders, reply } from '@sukoyaka/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import { billsPage, connection, setupSignedInAtNow } from '../testing/fixtures';
import { MedicalBillsPage } from './RecordPages';

// The bills' own module (its chunk, with the widgets it uses), counted as it is first loaded.
const mockBillsLoaded = jest.fn();
jest.mock('./MedicalBillsView', () => {
  mockBillsLoaded();
  return jest.requireActual('./MedicalBillsView');
});

const lapsed = () => connection({ secretQuestion: { registered: true, lockedUntil: null, authenticatedUntil: null } });

// The tests run in order: the module is loaded once per file.
describe('issue 27: the records behind their gate', () => {
  const bff = setupSignedInAtNow();

  it('issue 27: without a fresh answer the member goes on to /verify without the records’ chunk being loaded', async () => {
    window.history.replaceState(null, '', '/myna_connection/medical_bills');
    bff.onCall('getMynaConnectionState', reply(lapsed()));
    renderWithProviders(<MedicalBillsPage />);
    await waitFor(() => expect(window.location.pathname).toBe('/myna_connection/verify'));
    expect(window.location.search).toBe('?return_to=%2Fmyna_connection%2Fmedical_bills');
    expect(mockBillsLoaded).not.toHaveBeenCalled();
    expect(bff.callsOf('listMynaMedicalBills')).toHaveLength(0);
  });

  it('issue 27: with a fresh answer the gate lets the records load, and shows them', async () => {
    bff.onCall('getMynaConnectionState', reply(connection()));
    bff.onCall('listMynaMedicalBills', reply(billsPage()));
    bff.onCall(
      'listMynaMedicalReceipts',
      reply({ year: 2026, years: [], receipts: [], totals: { count: 0, amount: 0, compensation: 0 }, portalPatientName: null }),
    );
    renderWithProviders(<MedicalBillsPage />);
    expect(await screen.findByRole('region', { name: '2026年10月' })).toHaveTextContent(
      '本町内科クリニック（医科外来・2日）支払った額 9,000円',
    );
    expect(mockBillsLoaded).toHaveBeenCalledTimes(1);
  });
});
