import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { screenshot, siteUrl, signIn, useJourneys, waitForPath } from './support';

/**
 * Issue 25 #3, 医療費控除 end to end: the demo member (seeded linked, with the fake portal's bills)
 * adds a receipt by hand on a 320 px screen, sees it beside the imported bills and in the year's
 * total, downloads the 医療費集計フォーム workbook, and LibreOffice (Debian's
 * libreoffice-calc-nogui, installed by .ci/run) opens it headless: converted to a flat ODS
 * document, the cells' own types show the Japanese text intact, the amounts as numbers and the
 * payment day as a date — what a spreadsheet, and the 確定申告書等作成コーナー, will read.
 */

const run = promisify(execFile);
const PAGE = '/myna_connection/medical_bills';
const NARROW = { width: 320, height: 720 };

const journeys = useJourneys();

/** The flat ODS (XML) of a workbook, as LibreOffice headless converts it. */
async function openWithLibreOffice(workbook: string, directory: string): Promise<string> {
  // A profile of its own: a developer's running LibreOffice (or another test) is never disturbed.
  const profile = `file://${path.join(directory, 'profile')}`;
  await run(
    'soffice',
    ['--headless', '--norestore', `-env:UserInstallation=${profile}`, '--convert-to', 'fods', '--outdir', directory, workbook],
    {
      timeout: 120_000,
    },
  );
  return readFile(path.join(directory, `${path.basename(workbook, '.xlsx')}.fods`), 'utf8');
}

/** The cells of one row of the form's sheet in the flat ODS: [value-type, value, text] per cell. */
function rowsOf(fods: string): Array<Array<{ type: string | null; value: string | null; text: string }>> {
  const sheet = /<table:table table:name="医療費集計フォーム"[^>]*>([\s\S]*?)<\/table:table>/.exec(fods)?.[1] ?? '';
  return [...sheet.matchAll(/<table:table-row[^>]*>([\s\S]*?)<\/table:table-row>/g)].map(([, row]) =>
    [...row!.matchAll(/<table:table-cell([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g)].flatMap(([, attributes, inner]) => {
      const repeat = Number(/table:number-columns-repeated="(\d+)"/.exec(attributes!)?.[1] ?? 1);
      const type = /office:value-type="(\w+)"/.exec(attributes!)?.[1] ?? null;
      const value = /office:(?:date-)?value="([^"]*)"/.exec(attributes!)?.[1] ?? null;
      // The paragraphs' text, ODF's <text:s text:c="n"/> (runs of spaces) put back.
      const text = [...(inner ?? '').matchAll(/<text:p[^>]*>([\s\S]*?)<\/text:p>/g)]
        .map(([, paragraph]) =>
          paragraph!
            .replace(/<text:s(?: text:c="(\d+)")?\/>/g, (_, n: string | undefined) => ' '.repeat(Number(n ?? 1)))
            .replace(/<[^>]+>/g, ''),
        )
        .join('\n');
      return Array.from({ length: Math.min(repeat, 20) }, () => ({ type, value, text }));
    }),
  );
}

test.describe('医療費控除: a receipt by hand, the year’s total, the 医療費集計フォーム opened by LibreOffice', () => {
  test('the demo member adds a receipt, sees it and the total, downloads the workbook; LibreOffice reads text, numbers and dates', async () => {
    const { page } = await journeys.open(NARROW);
    await signIn(page, '/');
    await page.goto(siteUrl(PAGE));
    // The records need a fresh answer to the secret question: to /verify and back.
    await waitForPath(page, '/myna_connection/verify');
    await page.getByRole('textbox', { name: 'はじめて飼ったペットの名前は？' }).fill('ぽち');
    await page.getByRole('button', { name: '確認する' }).click();
    await waitForPath(page, PAGE);

    const heading = page.getByRole('heading', { name: /^\d{4}年の医療費$/ });
    await heading.waitFor();
    const year = Number((await heading.textContent())!.slice(0, 4));
    const totals = page.getByLabel(`${year}年の合計`);
    const fact = (name: string) => totals.locator(`dt:text-is("${name}") + dd`);
    await expect(fact('手入力')).toHaveText('0円');
    await page
      .getByRole('region', { name: '取り込み（マイナポータル）' })
      .getByText(/支払った額/)
      .first()
      .waitFor();

    // A receipt the portal has not delivered yet, for a relative: who, payee, 区分, amount, 補填額.
    await page.getByRole('button', { name: '領収書を追加' }).click();
    const form = page.getByRole('form', { name: '領収書を追加' });
    const patient = form.getByLabel('医療を受けた人');
    // Prefilled with the portal's 受診者氏名, never the nickname (すこやか 花子).
    expect(await patient.inputValue()).toBe('すこやか 太郎');
    await patient.fill('すこやか 一郎');
    await form.getByLabel('支払先').fill('あおば眼科クリニック');
    await form.getByLabel('医療費の区分').selectOption({ label: '診療・治療' });
    await form.getByLabel('支払った金額（円）').fill('5230');
    await form.getByLabel('補填される金額（円）').fill('1000');
    const paidOn = await form.getByLabel('支払年月日').inputValue();
    await form.getByRole('button', { name: '追加する' }).click();

    const typed = page.getByRole('list', { name: `${year}年の手入力した領収書` });
    await expect(typed).toContainText('あおば眼科クリニック（診療・治療）');
    await expect(typed).toContainText('すこやか 一郎・支払った金額 5,230円（補填 1,000円）');
    await expect(fact('手入力')).toHaveText('5,230円');
    await expect(fact('補填される金額')).toHaveText('1,000円');
    await page
      .getByText(/10万円(まであと|を).*円/)
      .first()
      .waitFor();
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
    await screenshot(page, 'medical-expense-01-receipt-added');

    const directory = await mkdtemp(path.join(tmpdir(), 'sukoyaka-iryouhi-'));
    try {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: '医療費集計フォームをダウンロード (.xlsx)' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`iryouhi_form_${year}.xlsx`);
      const workbook = path.join(directory, download.suggestedFilename());
      await download.saveAs(workbook);

      const fods = await openWithLibreOffice(workbook, directory);
      expect(fods).toContain('<table:table table:name="医療費集計フォーム"');
      expect(fods).toContain('<table:table table:name="ご利用に当たって"');
      const rows = rowsOf(fods);
      expect(rows[0]![0]!.text).toBe('医療費集計フォーム  Ver.3.1');
      expect(rows[5]!.slice(0, 3).map((cell) => cell.text)).toEqual(['No', '医療を受けた人', '病院・薬局などの名称']);
      // Data from row 9: the imported bills first (the portal's name), then the receipt.
      const data = rows.slice(8).filter((row) => row[1]!.text !== '');
      expect(data.length).toBeGreaterThan(1);
      expect(data[0]![1]!.text).toBe('すこやか 太郎');
      expect(data[0]![7]).toMatchObject({ type: 'float' });
      expect(fods).not.toContain('すこやか 花子');
      const receipt = data.find((row) => row[2]!.text === 'あおば眼科クリニック')!;
      expect(receipt[1]!.text).toBe('すこやか 一郎');
      expect(receipt[3]!.text).toBe('該当する');
      expect(receipt[7]).toMatchObject({ type: 'float', value: '5230' });
      expect(receipt[8]).toMatchObject({ type: 'float', value: '1000' });
      expect(receipt[9]).toMatchObject({ type: 'date', value: paidOn });
      // The totals' formulas, computed by LibreOffice itself.
      const paidTotal = Number(rows[2]![2]!.value);
      expect(paidTotal).toBeGreaterThan(5230);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }

    // Removed again: the demo stays as it was.
    await page.getByRole('button', { name: /あおば眼科クリニックを削除$/ }).click();
    await page.getByRole('button', { name: /あおば眼科クリニックを削除する$/ }).click();
    await expect(fact('手入力')).toHaveText('0円');
  });
});
