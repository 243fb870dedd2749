import { readFileSync } from 'node:fs';
import path from 'node:path';
import { APP_CHROME_ATTRIBUTE, WEBVIEW_MARKERS, WEBVIEW_ROOT_ATTRIBUTE } from '@sukoyaka/shared';

// index.html marks a web view's page before the first paint, so the first screen the server
// rendered hides what the app shows itself (docs/native-apps.md): by mf-shared's markers and names.
const html = readFileSync(path.join(__dirname, 'index.html'), 'utf8');

describe('index.html hides the app’s own chrome inside the apps’ web views', () => {
  it('tests the user agent for each of mf-shared’s web-view markers', () => {
    const pattern = /if \(\/(.+?)\/\.test\(navigator\.userAgent\)\)/.exec(html)?.[1];
    expect(pattern).toBeDefined();
    const marks = new RegExp(pattern!);
    for (const marker of Object.values(WEBVIEW_MARKERS)) expect(marks.test(`Mozilla/5.0 ${marker}3.2.0`)).toBe(true);
    expect(marks.test('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1')).toBe(false);
  });

  it('sets the attribute mf-shared’s parts are hidden by', () => {
    expect(html).toContain(`document.documentElement.setAttribute('${WEBVIEW_ROOT_ATTRIBUTE}', '')`);
    expect(html).toMatch(new RegExp(`html\\[${WEBVIEW_ROOT_ATTRIBUTE}\\] \\[${APP_CHROME_ATTRIBUTE}\\] \\{\\s*display: none !important;`));
  });
});
