import { cleanup } from '@testing-library/react';
import { httpClient, memberKeys, resetAuthenticityToken } from '../api/http-client';
import { resetPageAnswers } from '../api/page-answers';
import { queryClient } from '../errors/query-client';
import { fatalErrorStore } from '../errors/fatal-error-store';
import { createFakeBff, reply, type FakeBff } from './fake-bff';

/**
 * Puts back what mf-shared keeps for the whole page between tests: the authenticity token, the
 * reported fatal error, the unanswered writes' keys, the shared QueryClient's cache and the page's first answers.
 */
export function resetSharedState(): void {
  resetAuthenticityToken();
  memberKeys.clear();
  fatalErrorStore.clear();
  queryClient.clear();
  resetPageAnswers();
}

/** The browser id of the visitor that `setupFakeBff({ visitor: true })` plays. */
export const VISITOR_BROWSER_ID = '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11';

/**
 * For a test file: a fake bff behind the shared `httpClient` (the one `api`, `logout` and the
 * auth state use), emptied before each test, with the shared state reset around each test.
 * Call it at the top of a describe block or file, never inside a test.
 * `visitor`: before each test the browser is a visitor (no member signed in) holding the
 * authenticity token `token-1`, and after each the address is back at `/` (the pages of links from
 * mails, which set their own address).
 */
export function setupFakeBff({ visitor = false }: { visitor?: boolean } = {}): FakeBff {
  const bff = createFakeBff();
  let uninstall: (() => void) | null = null;
  beforeEach(() => {
    bff.reset();
    resetSharedState();
    uninstall = bff.install(httpClient);
    if (visitor) {
      bff.withAuthenticityToken('token-1');
      bff.onCall('getSession', reply({ userId: null, browserId: VISITOR_BROWSER_ID }));
    }
  });
  afterEach(() => {
    // Unmount first (testing-library would only do it after this hook), so that nothing on screen
    // reacts to the reset or reaches the real network once the fake is gone.
    cleanup();
    uninstall?.();
    uninstall = null;
    resetSharedState();
    if (visitor) window.history.replaceState(null, '', '/');
  });
  return bff;
}
