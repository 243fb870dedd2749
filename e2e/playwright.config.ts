// Member journeys in Debian's Chromium against the built site (`npm run e2e` from the root).
// globalSetup starts `node bff/dist/server.js` once per worker, on a free port with a fresh data
// folder or database of its own.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './tests/chromium';

const AUDITS = ['**/reachability.test.ts', '**/admin-audit.test.ts'];

// Two workers by default (E2E_WORKERS, or --workers): on a 2-core machine one worker left about
// half the CPU idle while its browser waited on its server (docs/delivery-and-operations.md, "CI").
const workers = Number(process.env.E2E_WORKERS || 2);
if (!Number.isInteger(workers) || workers < 1)
  throw new Error(`E2E_WORKERS must be a whole number of 1 or more, got "${process.env.E2E_WORKERS}"`);

export default defineConfig({
  testDir: './tests',
  // The two whole-site audits, a minute or two each, first: started last, one of them would run
  // alone on one worker at the end while the other worker had nothing left to do.
  projects: [
    { name: 'audits', testMatch: AUDITS },
    { name: 'journeys', testMatch: '**/*.test.ts', testIgnore: AUDITS },
  ],
  globalSetup: './tests/global-setup.ts',
  globalTeardown: './tests/global-teardown.ts',
  // Each worker has a server and a demo database of its own (tests/global-setup.ts); a file's
  // journeys run in order on one worker, as they build on each other.
  workers,
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
