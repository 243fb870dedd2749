import { expect, test } from '@playwright/test';
import { DESKTOP, PHONE, screenshot, signIn, siteUrl, useJourneys } from './support';

/*
 * Issue 27: the member navigation every member page shares — the tab bar on phones, the header's
 * navigation on wider screens — and the native apps' web views, where the app shows its own
 * chrome (docs/native-apps.md).
 */

const journeys = useJourneys();

const IOS_WEB_VIEW =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 SukoyakaApp-iOS/3.2.0';

test.describe('the member navigation (issue 27)', () => {
  test('on a 320 px phone: the tab bar at the bottom, the current page marked, nothing behind it and nothing wider than the screen', async () => {
    const { page } = await journeys.open({ width: 320, height: 640 });
    await signIn(page, '/vitals');
    const nav = page.getByRole('navigation', { name: 'メインメニュー' });
    await expect(nav.getByRole('link', { name: '記録' })).toHaveAttribute('aria-current', 'page');
    // お知らせ carries the unread count in its name when there is one (「お知らせ（未読2件）」): which
    // depends on what the journeys before this one published, so the count is not pinned.
    const names = [/^ホーム$/, /^記録$/, /^ポイント$/, /^お知らせ(（未読\d+件）)?$/, /^メニュー$/];
    await expect(nav.getByRole('link')).toHaveCount(names.length);
    for (const [index, name] of names.entries()) await expect(nav.getByRole('link').nth(index)).toHaveAccessibleName(name);

    // Fixed at the bottom of the screen, every item at least 44 px tall.
    const bar = (await nav.boundingBox())!;
    expect(Math.round(bar.y + bar.height)).toBe(640);
    for (const box of await nav.getByRole('link').evaluateAll((links) => links.map((link) => link.getBoundingClientRect().height)))
      expect(box).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    // Scrolled to the end, the footer's last line is above the bar, not behind it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = (await page.getByRole('contentinfo').boundingBox())!;
    expect(footer.y + footer.height).toBeLessThanOrEqual((await nav.boundingBox())!.y + 1);
    await screenshot(page, 'navigation-01-phone-320');

    // By the keyboard: the tab bar's メニュー opens the menu, which lists the pages without a link elsewhere.
    await nav.getByRole('link', { name: 'メニュー' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'メニュー', level: 1 }).waitFor();
    await expect(nav.getByRole('link', { name: 'メニュー' })).toHaveAttribute('aria-current', 'page');
    for (const [name, href] of [
      ['Fitbit 連携', '/resource_providers/fitbit/connections'],
      ['各種手続き・申請書', '/paperworks'],
      ['利用規約', '/terms'],
      ['秘密の質問の再設定', '/change_secret_question'],
    ] as const)
      await expect(page.getByRole('main').getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });

  test('on a computer: the same destinations in the header, and none on signing in', async () => {
    const { page } = await journeys.open(DESKTOP);
    await page.goto(siteUrl('/login'));
    await page.getByRole('heading', { name: 'ログイン' }).waitFor();
    await expect(page.getByRole('navigation', { name: 'メインメニュー' })).toHaveCount(0);

    await signIn(page, '/points');
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'メインメニュー' });
    await expect(nav.getByRole('link', { name: 'ポイント' })).toHaveAttribute('aria-current', 'true');
    const bar = (await nav.boundingBox())!;
    expect(bar.y).toBeLessThan(80);
    await screenshot(page, 'navigation-02-desktop');
  });

  test('inside the iOS app’s web view: no tab bar and no log-out, and an outside link goes through the app', async () => {
    const { page } = await journeys.open(PHONE, { userAgent: IOS_WEB_VIEW });
    await signIn(page, '/vitals');
    await page.getByRole('heading', { name: 'バイタル' }).first().waitFor();
    await expect(page.getByRole('navigation', { name: 'メインメニュー' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'ログアウト' })).toHaveCount(0);
    // The announcements stay one tap away, by the header's bell.
    await expect(page.getByRole('banner').getByRole('link', { name: /^お知らせ/ })).toHaveAttribute('href', '/announcements');

    // The footer's outside pages are handed to the app by its scheme, not opened in the web view.
    const privacy = page.getByRole('contentinfo').getByRole('link', { name: 'プライバシーポリシー' });
    await expect(privacy).toHaveAttribute('href', /^sukoyaka:\/\/open\?url=https%3A%2F%2F/);
    await expect(privacy).not.toHaveAttribute('target');

    // Before any script, the page the server rendered hides them too (index.html marks the web view).
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-sukoyaka-webview'))).toBe(true);
    await screenshot(page, 'navigation-03-ios-web-view');
  });
});
