import type { LaunchOptions } from '@playwright/test';

/**
 * The machines are offline: Debian's Chromium (or CHROMIUM_PATH), headless, with nothing that
 * phones home. The runner's `browser` (playwright.config.ts) and launchBrowser() both use it; no
 * browser is downloaded.
 *
 * Japanese as a member in Japan has it (issue 27): Playwright's `locale` sets navigator.language
 * and Accept-Language, not the browser's own language, in which Chromium draws form controls
 * (<input type=time> showed 「08:39 AM」, a date 「11/27/2026」). On Linux, Chromium takes its language
 * from LANGUAGE (`--lang` is heeded elsewhere), and only with Debian's chromium-l10n installed (its
 * ja.pak): then 「08:39」 and 「2026/11/27」, which the vitals journey checks.
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
    '--lang=ja-JP',
  ],
  env: { ...process.env, LANGUAGE: 'ja' },
};
