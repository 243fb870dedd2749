import { renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import { BrowserRouter } from '@sukoyaka/shared';
import { AccountRoutes } from './AccountRoutes';

describe('the account area’s fallback: no page says 準備中', () => {
  const bff = setupFakeBff();

  beforeEach(() => {
    bff.withAuthenticityToken('token-1');
    bff.onCall('getSession', reply({ userId: null, browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('/settings, which is no page of its own, goes to the profile that lists the settings', async () => {
    window.history.replaceState(null, '', '/settings');
    renderWithProviders(
      <BrowserRouter>
        <AccountRoutes />
      </BrowserRouter>,
    );
    await waitFor(() => expect(window.location.pathname).toBe('/profile'));
    expect(screen.queryByText(/準備中/)).not.toBeInTheDocument();
  });

  it('an unknown page under the area’s prefixes is the 404 page', async () => {
    window.history.replaceState(null, '', '/faq/no-such-page');
    renderWithProviders(
      <BrowserRouter>
        <AccountRoutes />
      </BrowserRouter>,
    );
    expect(await screen.findByText('おや？存在しないページのようです。')).toBeInTheDocument();
  });
});
