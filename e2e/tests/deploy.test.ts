import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { REPO_ROOT } from './server';
import { baseUrl, launchBrowser, newSession, PHONE, screenshot, siteUrl, useJourneys, signIn } from './support';

/**
 * Issue 15, one area, one deploy: with the site running, a changed mf-health is published and
 * deployed through the CLI, the signed-in page shows it on reload while the other areas keep
 * their versions, a rollback brings the old one back; a tampered file is refused at deploy and,
 * served after a deploy, by the browser (subresource integrity); an artefact built against a
 * contract the bff does not serve is refused with the differences.
 */

const journeys = useJourneys();
// The development token: the e2e server runs like `npm start` (bff/src/platform/delivery/config.ts).
const TOKEN = 'sukoyaka-development-deploy-token';
const HEALTH = '@sukoyaka/health';
const HEADING = 'バイタル';
const CHANGED = 'バイタル（新しい版）';
const stamp = Date.now().toString(36);
const temporary: string[] = [];

test.afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** `npm run deploy -- …` against the e2e site; its exit code and output. */
function cli(...args: string[]): { code: number; output: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'bff/src/cli/deploy.ts', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DEPLOY_URL: baseUrl(), DEPLOY_TOKEN: TOKEN, NODE_ENV: 'development' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status ?? -1, output: `${result.stdout}${result.stderr}` };
}

async function status(): Promise<{ artefactDir: string; packages: { package: string; live: { version: string } | null }[] }> {
  const response = await fetch(`${baseUrl()}/api/deploy/status`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as never;
}

const liveVersion = async (name: string) => (await status()).packages.find((row) => row.package === name)?.live?.version;

/**
 * A copy of mf-health's build with the /vitals heading changed (a new build of the area), its
 * .br and .gz written again for the changed files; published and its version returned.
 */
function publishChangedBuild(version: string, heading: string): string {
  const from = mkdtempSync(path.join(os.tmpdir(), 'sukoyaka-e2e-build-'));
  temporary.push(from);
  cpSync(path.join(REPO_ROOT, 'mf-health', 'dist'), from, { recursive: true });
  let changed = 0;
  for (const file of readdirSync(from).filter((name) => name.endsWith('.js'))) {
    const code = readFileSync(path.join(from, file), 'utf8');
    if (!code.includes(`"${HEADING}"`)) continue;
    const next = code.replaceAll(`"${HEADING}"`, JSON.stringify(heading));
    writeFileSync(path.join(from, file), next);
    writeFileSync(path.join(from, `${file}.br`), brotliCompressSync(next));
    writeFileSync(path.join(from, `${file}.gz`), gzipSync(next));
    changed += 1;
  }
  expect(changed).toBeGreaterThan(0);
  const published = cli('publish', 'mf-health', '--from', from, '--version', version);
  expect(published).toMatchObject({ code: 0 });
  return version;
}

const importMapOf = async (page: Page) =>
  JSON.parse((await page.locator('script[type="systemjs-importmap"]').textContent()) ?? '{}') as {
    imports: Record<string, string>;
    integrity?: Record<string, string>;
  };

test.describe('one area, one deploy (issue 15)', () => {
  test('deploys a changed mf-health, seen on reload without a restart while the other areas stay, and rolls it back', async () => {
    const original = await liveVersion(HEALTH);
    expect(original).toBeTruthy();
    const { page } = await journeys.open(PHONE);
    await signIn(page, '/vitals');
    await page.getByRole('heading', { name: HEADING, exact: true, level: 1 }).waitFor();
    const before = await importMapOf(page);
    expect(before.integrity?.[before.imports[HEALTH]!]).toMatch(/^sha384-/);

    const version = publishChangedBuild(`0.1.0-e2e-${stamp}`, CHANGED);
    const deployed = cli(HEALTH, version);
    expect(deployed.code).toBe(0);
    expect(deployed.output).toContain(`${version} をデプロイしました`);

    await page.reload();
    await page.getByRole('heading', { name: CHANGED, exact: true, level: 1 }).waitFor();
    const after = await importMapOf(page);
    expect(after.imports[HEALTH]).toBe(`/assets/${HEALTH}/${version}/${path.basename(before.imports[HEALTH]!)}`);
    // Every other module keeps its URL: only mf-health changed.
    const others = (map: typeof before) => Object.fromEntries(Object.entries(map.imports).filter(([name]) => name !== HEALTH));
    expect(others(after)).toEqual(others(before));
    await screenshot(page, 'deploy-new-health-version');

    const rolledBack = cli('rollback', HEALTH);
    expect(rolledBack.code).toBe(0);
    expect(await liveVersion(HEALTH)).toBe(original);
    await page.reload();
    await page.getByRole('heading', { name: HEADING, exact: true, level: 1 }).waitFor();
    expect((await importMapOf(page)).imports[HEALTH]).toBe(before.imports[HEALTH]);

    const history = cli('history', HEALTH);
    expect(history.code).toBe(0);
    expect(history.output).toMatch(new RegExp(`ロールバック\\s+${original!.replace(/[.+]/g, '\\$&')}`));
  });

  test('refuses a tampered file at deploy, and the browser refuses one tampered after the deploy', async () => {
    const { artefactDir } = await status();
    const original = await liveVersion(HEALTH);

    const atDeploy = publishChangedBuild(`0.1.0-e2e-tampered-${stamp}`, CHANGED);
    const entryOf = (version: string) => {
      const manifest = JSON.parse(readFileSync(path.join(artefactDir, HEALTH, version, 'manifest.json'), 'utf8')) as { entry: string };
      return path.join(artefactDir, HEALTH, version, manifest.entry);
    };
    writeFileSync(entryOf(atDeploy), `${readFileSync(entryOf(atDeploy), 'utf8')}\n;window.tampered = true;`);
    const refused = cli(HEALTH, atDeploy);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('内容が integrity と一致しません');
    expect(await liveVersion(HEALTH)).toBe(original);

    // Valid when deployed, tampered on the server afterwards (with matching .br and .gz).
    const later = publishChangedBuild(`0.1.0-e2e-later-${stamp}`, CHANGED);
    expect(cli(HEALTH, later).code).toBe(0);
    const entry = entryOf(later);
    const tampered = `${readFileSync(entry, 'utf8')}\n;document.title = '改ざんされたページ';`;
    writeFileSync(entry, tampered);
    writeFileSync(`${entry}.br`, brotliCompressSync(tampered));
    writeFileSync(`${entry}.gz`, gzipSync(tampered));

    const browser = await launchBrowser();
    try {
      const session = await newSession(browser, PHONE);
      // No sign-in needed: the area's module itself is what the browser refuses to run.
      await session.page.goto(siteUrl('/vitals'));
      await expect.poll(() => session.consoleErrors.join('\n')).toMatch(/integrity/i);
      await screenshot(session.page, 'deploy-tampered-file-refused');
      expect(await session.page.title()).not.toBe('改ざんされたページ');
      expect(await session.page.getByRole('heading', { name: CHANGED, exact: true }).count()).toBe(0);
    } finally {
      await browser.close();
    }
    expect(cli('rollback', HEALTH).code).toBe(0);
    expect(await liveVersion(HEALTH)).toBe(original);
  });

  test('refuses an artefact built against a contract the bff does not serve, listing the differences', async () => {
    const { artefactDir } = await status();
    const original = await liveVersion(HEALTH);
    const version = publishChangedBuild(`0.1.0-e2e-contract-${stamp}`, CHANGED);
    const file = path.join(artefactDir, HEALTH, version, 'manifest.json');
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { contract: Record<string, { fingerprint: string; output: unknown }> };
    const listWeights = manifest.contract.listWeights!;
    // Built when a call listUnicorns existed and getVitalsSummary's answer had a field it no longer has.
    manifest.contract.listUnicorns = { ...listWeights, fingerprint: 'gone' };
    const summary = manifest.contract.getVitalsSummary!;
    const output = summary.output as { properties: Record<string, unknown>; required?: string[] };
    output.properties.unicornCount = { type: 'integer' };
    output.required = [...(output.required ?? []), 'unicornCount'];
    summary.fingerprint = 'changed';
    writeFileSync(file, JSON.stringify(manifest));

    const refused = cli(HEALTH, version);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('動いている bff が提供しない呼び出し・形があります');
    expect(refused.output).toContain('listUnicorns: この呼び出しがなくなりました');
    expect(refused.output).toContain('getVitalsSummary output.unicornCount: 出力項目がなくなりました');
    expect(await liveVersion(HEALTH)).toBe(original);
  });
});
