import { cleanup } from '@testing-library/react';
import { httpClient, memberKeys, resetAuthenticityToken } from '../api/http-client';
import { resetPageAnswers } from '../api/page-answers';
import { queryClient } from '../errors/query-client';
import { fatalErrorStore } from '../errors/fatal-error-store';
import { createFakeBff, type FakeBff } from './fake-bff';

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

/**
 * For a test file: a fake bff behind the shared `httpClient` (the one `api`, `logout` and the
 * auth state use), emptied before each test, with the shared state reset around each test.
 * Call it at the top of a describe block or file, never inside a test.
 */
export function setupFakeBff(): FakeBff {
  const bff = createFakeBff();
  let uninstall: (() => void) | null = null;
  beforeEach(() => {
    bff.reset();
    resetSharedState();
    uninstall = bff.install(httpClient);
  });
  afterEach(() => {
    // Unmount first (testing-library would only do it after this hook), so that nothing on screen
    // reacts to the reset or reaches the real network once the fake is gone.
    cleanup();
    uninstall?.();
    uninstall = null;
    resetSharedState();
  });
  return bff;
}
