import { renderWithProviders, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import { BrowserRouter } from '@sukoyaka/shared';
import { AccountRoutes } from './AccountRoutes';

describe('the account area’s fallback: no page says 準備中', () => {
  setupFakeBff({ visitor: true });

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
