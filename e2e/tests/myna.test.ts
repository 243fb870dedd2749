import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { PHONE, screenshot, useJourneys, waitForPath, signIn, publicSiteUrl } from './support';

/**
 * Issue 12, the My Number Portal connection: a member who has linked nothing agrees to the terms,
 * links through the local fake portal's consent page, registers a secret question, imports, reads
 * a check-up with its judgements, exports (FHIR JSON) and removes everything. And the demo member,
 * seeded linked, is asked the secret question before the records in the health area.
 */

const MYNA_MEMBER = { email: 'myna@sukoyaka.example', password: 'sukoyaka-demo-2026' } as const;
const TOP = '/myna_connection';

const journeys = useJourneys();

async function expectFits(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test.describe('My Number Portal: consent, link, secret question, import, records, export, removal', () => {
  test('the unlinked member goes the whole way through the fake portal and removes it all again', async () => {
    const { page } = await journeys.open(PHONE);
    await signIn(page, TOP, { member: MYNA_MEMBER, url: publicSiteUrl });

    // What is fetched and why, then consent first.
    await page.getByRole('heading', { name: 'マイナポータル連携でできること' }).waitFor();
    await expect(page.locator('main')).toContainText('特定健診の結果');
    await screenshot(page, 'myna-01-top');
    await page.getByRole('link', { name: '利用規約を読んで同意する' }).click();
    await waitForPath(page, '/myna_connection/agreements');
    await page.getByRole('checkbox', { name: '上記の利用規約を読み、内容に同意します' }).check();
    await page.getByRole('button', { name: '同意する' }).click();
    await page.getByText('利用規約に同意しました。').waitFor();
    await page.getByRole('link', { name: '連携に進む' }).click();
    await waitForPath(page, TOP);

    // Link: to the fake portal's consent page, approve, back through the callback to /complete.
    await page.getByRole('button', { name: 'マイナンバーカードで連携する' }).click();
    await page.getByRole('button', { name: '同意して連携する' }).waitFor();
    await screenshot(page, 'myna-02-portal-consent');
    await page.getByRole('button', { name: '同意して連携する' }).click();
    await waitForPath(page, '/myna_connection/complete');
    await page.getByText('マイナンバーカードでマイナポータルと連携しました。').waitFor();

    // The secret question: guidance, choose and type twice, confirm.
    await page.getByRole('link', { name: '秘密の質問を登録する' }).click();
    await waitForPath(page, '/myna_connection/secret_question/guidance');
    await page.getByRole('link', { name: '秘密の質問を選ぶ' }).click();
    await waitForPath(page, '/myna_connection/secret_question/new');
    const question = page.getByRole('combobox', { name: '質問' });
    await question.waitFor();
    await question.selectOption({ index: 1 });
    await page.getByRole('textbox', { name: '答え', exact: true }).fill('さくら');
    await page.getByRole('textbox', { name: '答え（確認のためもう一度）' }).fill('さくら');
    await page.getByRole('button', { name: '確認に進む' }).click();
    await waitForPath(page, '/myna_connection/secret_question/confirm');
    await expect(page.locator('main')).toContainText('さくら');
    await page.getByRole('button', { name: '登録する' }).click();
    await page.getByText('秘密の質問を登録しました。').waitFor();

    // Import: the progress until it has finished, then the counts.
    await page.getByRole('link', { name: '情報を取り込む' }).click();
    await waitForPath(page, '/myna_connection/import');
    await page.getByRole('button', { name: '取り込みを始める' }).click();
    await page.getByText('取り込みが完了しました。', { exact: false }).waitFor({ timeout: 60_000 });
    await expect(page.locator('main')).toContainText('新しく');
    await screenshot(page, 'myna-03-imported');

    // A check-up with its judgements: LDL at 受診勧奨判定値.
    await page.getByRole('link', { name: '健診結果を見る' }).click();
    await waitForPath(page, '/myna_connection/medical_exams');
    const exams = page.getByRole('list', { name: '健診結果の一覧' });
    await exams.getByRole('link').first().click();
    await page.getByRole('heading', { name: '脂質' }).waitFor();
    const ldl = page.getByRole('list', { name: '脂質' }).getByRole('listitem').filter({ hasText: 'LDLコレステロール' });
    await expect(ldl).toContainText('受診勧奨判定値');
    await expect(ldl).toContainText('mg/dL');
    await screenshot(page, 'myna-04-exam');

    // One records page at 320 px.
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(publicSiteUrl('/myna_connection/medicines'));
    await page.getByRole('list', { name: '調剤ごとのお薬' }).waitFor();
    await expect(page.getByRole('list', { name: '調剤ごとのお薬' })).toContainText('一般名');
    await expectFits(page, 320);
    await screenshot(page, 'myna-05-medicines-320');
    await page.setViewportSize(PHONE);

    // The check sheet for a doctor: the latest check-up's judgements and the current medicines.
    await page.goto(publicSiteUrl('/myna_connection/check_sheet'));
    await expect(page.getByRole('region', { name: '直近の健診結果' })).toContainText('受診勧奨判定値');
    await page.getByRole('region', { name: /服用中のお薬/ }).waitFor();
    await page.getByRole('button', { name: '印刷する' }).waitFor();
    await screenshot(page, 'myna-05b-check-sheet');

    // Export: a FHIR R4 Bundle arrives as a download.
    await page.goto(publicSiteUrl('/myna_connection/export'));
    await page.getByRole('radio', { name: 'FHIR R4（JSON）' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'ダウンロードする' }).click()]);
    const path = await download.path();
    const bundle = JSON.parse(await readFile(path, 'utf8')) as {
      resourceType?: string;
      entry?: { resource?: { resourceType?: string } }[];
    };
    expect(bundle.resourceType).toBe('Bundle');
    const kinds = new Set((bundle.entry ?? []).map((entry) => entry.resource?.resourceType));
    expect(kinds).toContain('Observation');
    expect(kinds).toContain('MedicationStatement');
    await page.getByText(/をダウンロードしました/).waitFor();

    // Removal: the explicit confirmation, what was removed, and the records gone.
    await page.goto(publicSiteUrl('/myna_connection/removeSensitives'));
    await page.getByRole('checkbox', { name: '上記の情報を削除することを確認しました' }).check();
    await page.getByRole('button', { name: '削除する' }).click();
    await page.getByRole('heading', { name: '削除しました' }).waitFor();
    await screenshot(page, 'myna-06-removed');
    await page.goto(publicSiteUrl('/myna_connection/medical_exams'));
    await page.getByRole('link', { name: 'マイナポータルと連携する' }).waitFor();
    expect(await page.getByRole('list', { name: '健診結果の一覧' }).count()).toBe(0);
    await page.goto(publicSiteUrl(TOP));
    await page.getByRole('button', { name: 'マイナンバーカードで連携する' }).waitFor();
    await expect(page.getByRole('region', { name: '連携状況' })).toContainText('未連携');
  });

  test('the demo member is asked the secret question before the check-ups in the health area, then sees them', async () => {
    const { page } = await journeys.open(PHONE);
    await signIn(page, '/', { url: publicSiteUrl });
    await page.goto(publicSiteUrl('/health_reports'));
    await page.getByRole('heading', { name: '健康レポート' }).waitFor();

    // No fresh answer yet: to /verify and back.
    await waitForPath(page, '/myna_connection/verify');
    const answer = page.getByRole('textbox', { name: 'はじめて飼ったペットの名前は？' });
    await answer.fill('ぽち');
    await page.getByRole('button', { name: '確認する' }).click();
    await waitForPath(page, '/health_reports');
    const exams = page.getByRole('list', { name: '健診結果の一覧' });
    await exams.getByRole('link').first().waitFor();
    await expect(exams).toContainText('受診勧奨判定値');
    await screenshot(page, 'myna-07-health-reports');
  });
});
