import type { LaunchOptions } from '@playwright/test';

/**
 * The machines are offline: Debian's Chromium (or CHROMIUM_PATH), headless, with nothing that
 * phones home. The runner's `browser` (playwright.config.ts) and launchBrowser() both use it; no
 * browser is downloaded.
 */
export const CHROMIUM_LAUNCH: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
