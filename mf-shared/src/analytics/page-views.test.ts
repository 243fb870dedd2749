import { waitFor } from '@testing-library/react';
import { reply, setupFakeBff } from '../testing';
import { startPageViewTracking, type PageViewTracking } from './page-views';

const bff = setupFakeBff();

function pageViews() {
  return (window.dataLayer ?? [])
    .map((entry) => Array.from(entry as ArrayLike<unknown>))
    .filter((args) => args[0] === 'event' && args[1] === 'page_view')
    .map((args) => args[2] as Record<string, unknown>);
}

function configs() {
  return (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)).filter((args) => args[0] === 'config');
}

/** What single-spa does after every completed route change. */
function routeTo(path: string) {
  window.history.pushState(null, '', path);
  window.dispatchEvent(new CustomEvent('single-spa:routing-event'));
}

let tracking: PageViewTracking | null = null;
beforeEach(() => {
  // Every timer fake (moving with real time): what must not happen is proven by running the
  // timers out, never by waiting.
  jest.useFakeTimers({ advanceTimers: true });
  window.dataLayer = [];
  delete window.gtag;
  window.history.replaceState(null, '', '/vitals');
});
afterEach(() => {
  tracking?.stop();
  tracking = null;
  jest.useRealTimers();
});

/** Runs out every timer and every answer it leads to: whatever the tracking would send, it has sent. */
const settle = () => jest.runAllTimersAsync();

describe('spec §4 Analytics: page views', () => {
  it('sends nothing before the session is ready, then exactly one for the first page', async () => {
    let answer: (value: unknown) => void = () => undefined;
    bff.onCall('getSession', () => new Promise((resolve) => (answer = () => resolve(reply({ userId: 'u-1', browserId: 'b-1' })))));
    tracking = startPageViewTracking();
    // single-spa also reports the first load as a routing event: still one page view.
    window.dispatchEvent(new CustomEvent('single-spa:routing-event'));
    // Ten seconds on, short of the request's own 30 s timeout: the session is still unanswered.
    await jest.advanceTimersByTimeAsync(10_000);
    expect(pageViews()).toHaveLength(0);
    answer(null);
    await waitFor(() => expect(pageViews()).toHaveLength(1));
    await settle();
    expect(pageViews()).toEqual([
      {
        browser_id: 'b-1',
        is_webview: false,
        page_path: '/vitals',
        page_location: `${window.location.origin}/vitals`,
        user_id: 'u-1',
        send_to: 'sukoyaka',
      },
    ]);
  });

  it('sends exactly one page view per completed route change, across areas', async () => {
    bff.onCall('getSession', reply({ userId: 'u-1', browserId: 'b-1' }));
    tracking = startPageViewTracking();
    await waitFor(() => expect(pageViews()).toHaveLength(1));
    routeTo('/coin');
    routeTo('/myna_connection');
    routeTo('/');
    await waitFor(() => expect(pageViews()).toHaveLength(4));
    expect(pageViews().map((event) => event.page_path)).toEqual(['/vitals', '/coin', '/myna_connection', '/']);
    // The session is read once, not per page.
    expect(bff.callsOf('getSession')).toHaveLength(1);
  });

  it('configures gtag with the user_id and does not let it send its own page view', async () => {
    bff.onCall('getSession', reply({ userId: 'u-9', browserId: 'b-9' }));
    tracking = startPageViewTracking({ measurementId: 'G-TEST1234' });
    await waitFor(() => expect(pageViews()).toHaveLength(1));
    expect(configs()).toEqual([['config', 'G-TEST1234', { user_id: 'u-9', send_page_view: false }]]);
    expect(pageViews()[0]).toMatchObject({ send_to: 'G-TEST1234', user_id: 'u-9', browser_id: 'b-9' });
    expect(document.querySelector('script[src*="googletagmanager.com/gtag/js?id=G-TEST1234"]')).not.toBeNull();
  });

  it('a visitor’s page views carry a null user_id and the browser id', async () => {
    bff.onCall('getSession', reply({ userId: null, browserId: 'b-2' }));
    tracking = startPageViewTracking();
    await waitFor(() => expect(pageViews()).toHaveLength(1));
    expect(pageViews()[0]).toMatchObject({ user_id: null, browser_id: 'b-2', page_path: '/vitals' });
  });

  it('sends no page view when the session cannot be read, and does not throw', async () => {
    bff.onCall('getSession', { failure: 'network' });
    tracking = startPageViewTracking();
    await waitFor(() => expect(bff.callsOf('getSession')).toHaveLength(1));
    await settle();
    expect(pageViews()).toHaveLength(0);
  });
});

describe('issue 24 #5: no token reaches analytics', () => {
  it.each([
    ['/password_resets/edit?token=reset-secret-123'],
    ['/signup/verification?token=verify-secret-123#top'],
    ['/unlock?token=unlock-secret-123'],
    ['/settings/email/confirm?token=change-secret-123'],
    ['/settings/notifications/unsubscribe?token=unsub-secret-123'],
    ['/resource_providers/fitbit/callback?code=oauth-code-123&state=oauth-state-123&scope=x'],
    ['/myna_connection/callback?code=oauth-code-123&state=oauth-state-123'],
  ])('%s is sent as its path alone, page_path and page_location, without query or fragment', async (url) => {
    bff.onCall('getSession', reply({ userId: null, browserId: 'b-3' }));
    window.history.replaceState(null, '', url);
    tracking = startPageViewTracking({ measurementId: 'G-TEST1234' });
    await waitFor(() => expect(pageViews()).toHaveLength(1));
    const path = url.split(/[?#]/)[0]!;
    expect(pageViews()[0]).toMatchObject({ page_path: path, page_location: `${window.location.origin}${path}` });
    const everything = JSON.stringify((window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)));
    expect(everything).not.toMatch(/secret|oauth-|\?|#/);
  });

  it('the same page with another query is not a second page view', async () => {
    bff.onCall('getSession', reply({ userId: 'u-1', browserId: 'b-1' }));
    window.history.replaceState(null, '', '/password_resets/edit?token=reset-secret-123');
    tracking = startPageViewTracking();
    await waitFor(() => expect(pageViews()).toHaveLength(1));
    // The page takes the token out of the address bar: the same page, not a new view.
    routeTo('/password_resets/edit');
    await settle();
    expect(pageViews()).toHaveLength(1);
  });
});
