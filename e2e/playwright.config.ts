// Member journeys in Debian's Chromium against the built site (`npm run e2e` from the root).
// globalSetup starts `node bff/dist/server.js` once on a free port with a fresh data folder.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './tests/chromium';

export default defineConfig({
  testDir: './tests',
  testMatch: '**/*.test.ts',
  globalSetup: './tests/global-setup.ts',
  globalTeardown: './tests/global-teardown.ts',
  // One worker: every journey runs against the one server and its one demo database.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  // The web-first assertions and expect.poll wait as long as the journeys' locators did.
  expect: { timeout: 15_000 },
  // Screenshots are taken by the journeys (e2e/artifacts/<name>.png); the runner's own files go beside them.
  outputDir: './artifacts/test-results',
  // `.ci/run` reads the jest-style "Tests: N passed" line tests/summary-reporter.ts prints last.
  reporter: [['list'], ['./tests/summary-reporter.ts']],
  use: {
    browserName: 'chromium',
    launchOptions: CHROMIUM_LAUNCH,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
});
