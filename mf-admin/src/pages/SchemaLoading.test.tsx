import { reply } from '@sukoyaka/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadContentCalls } from '@sukoyaka/shared';
import { renderAt, setupAdminBff, signedIn } from '../testing/render';

// The loaders, watched: each answers the real area module, as the browser's import() would.
jest.mock('@sukoyaka/shared', () => ({
  ...jest.requireActual('@sukoyaka/shared'),
  loadAccountCalls: jest.fn(() => Promise.resolve(jest.requireActual('@sukoyaka/contract/account').accountCalls)),
  loadContentCalls: jest.fn(() => Promise.resolve(jest.requireActual('@sukoyaka/contract/content').contentCalls)),
  loadHealthCalls: jest.fn(() => Promise.resolve(jest.requireActual('@sukoyaka/contract/health').healthCalls)),
  loadIncentiveCalls: jest.fn(() => Promise.resolve(jest.requireActual('@sukoyaka/contract/incentives').incentiveCalls)),
  loadOperatorCalls: jest.fn(() => Promise.resolve(jest.requireActual('@sukoyaka/contract/operators').operatorCalls)),
}));

const bff = setupAdminBff();

describe('issue 27: the console’s forms load their schema at first use', () => {
  beforeEach(() => jest.mocked(loadContentCalls).mockClear());

  it('/admin/documents shows without the content area’s schemas; the first touch loads them once, and an empty title is refused', async () => {
    signedIn(bff);
    bff.onCall('listOperatorDocuments', reply({ versions: [] }));
    renderAt('/admin/documents');
    expect(await screen.findByText('まだ版はありません')).toBeInTheDocument();
    // The file picker's kinds come from content-terms, with the page.
    expect(screen.getByLabelText(/書類/)).toHaveAttribute('accept', expect.stringContaining('application/pdf'));
    expect(loadContentCalls).not.toHaveBeenCalled();

    await userEvent.click(screen.getByLabelText('本文'));
    expect(loadContentCalls).toHaveBeenCalledTimes(1);
    await userEvent.type(screen.getByLabelText('本文'), '本文です。');
    await userEvent.click(screen.getByRole('button', { name: '下書きとして作成する' }));
    await waitFor(() => expect(screen.getByLabelText('タイトル')).toHaveAttribute('aria-invalid', 'true'));
    expect(bff.callsOf('createOperatorDocumentVersion')).toHaveLength(0);
    expect(loadContentCalls).toHaveBeenCalledTimes(1);
  });
});
