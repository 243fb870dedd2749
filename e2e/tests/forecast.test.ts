import { expect, test, type Locator, type Page } from '@playwright/test';
import { PHONE, screenshot, siteUrl, useJourneys, waitForPath, signIn } from './support';

/**
 * Issue 13, the health forecast: the demo member opens /health_forecasts/simulations, uses the
 * seeded check-up (answering the secret question when the page asks: 「はじめて飼ったペットの名前は？」
 * → 「ぽち」) — or, when no check-up is there, enters the missing values by hand — sees the risk,
 * moves a what-if slider with the keyboard and sees the risk change. The page fits 320 px.
 */

const journeys = useJourneys();
const FORECAST = '/health_forecasts/simulations';
const SECRET_ANSWER = 'ぽち';

/** The inputs card once the forecast has loaded. */
async function inputsCard(page: Page): Promise<Locator> {
  const card = page.getByRole('region', { name: '予測に使う値' });
  await card.waitFor();
  return card;
}

/** Fills what the member's data did not give, leaving what it gave as it is. */
async function completeByHand(card: Locator): Promise<void> {
  const sex = card.getByRole('group', { name: '性別' });
  if (!(await sex.getByRole('radio', { checked: true }).count())) await sex.getByRole('radio', { name: '女性' }).check();
  const numbers: Array<[string, string]> = [
    ['年齢（歳）', '52'],
    ['収縮期血圧（上の血圧）（mmHg）', '132'],
    ['LDLコレステロール（mg/dL）', '148'],
    ['HDLコレステロール（mg/dL）', '52'],
  ];
  for (const [label, value] of numbers) {
    const field = card.getByLabel(label);
    if ((await field.inputValue()) === '') await field.fill(value);
  }
  for (const [legend, answer] of [
    ['耐糖能異常（血糖値がやや高め）', 'なし'],
    ['たばこを吸っている', 'いいえ'],
  ]) {
    const group = card.getByRole('group', { name: legend });
    if (!(await group.getByRole('radio', { checked: true }).count())) await group.getByRole('radio', { name: answer }).check();
  }
}

test.describe('health forecast (phone, 390x844)', () => {
  test('the demo member sees the 10-year risk from the check-up, moves a slider and sees it change', async () => {
    const { page } = await journeys.open(PHONE);
    await signIn(page, FORECAST);
    await page.getByRole('heading', { name: '健康予報', level: 1 }).waitFor();
    await inputsCard(page);

    // The check-up behind the secret question: answer it and come back.
    const useCheckup = page.getByRole('link', { name: '秘密の質問に答えて健診結果を使う' });
    if (await useCheckup.count()) {
      await screenshot(page, 'forecast-01-secret-question-offered');
      await useCheckup.click();
      await waitForPath(page, '/myna_connection/verify');
      const answer = page.getByLabel('はじめて飼ったペットの名前は？');
      await answer.fill(SECRET_ANSWER);
      await page.getByRole('button', { name: '確認する' }).click();
      await waitForPath(page, FORECAST);
      await page.getByText(/の健診結果.*を使っています/).waitFor();
      expect(await (await inputsCard(page)).textContent()).toContain('取得元：健診');
    }

    await completeByHand(await inputsCard(page));
    const risk = page.getByTestId('forecast-risk');
    await risk.waitFor();
    expect(await risk.textContent()).toMatch(/^(\d+\.\d|1\.0%未満)/);
    await page.getByRole('img', { name: /あなたと同じような100人のうち/ }).waitFor();
    await screenshot(page, 'forecast-02-risk');

    // What-if, with the keyboard: each slider to the end with the most points (Home/End on a
    // range input) — or, when every one is there already, to the end with none.
    const whatIf = page.getByRole('region', { name: 'もしも…で試す' });
    const shown = whatIf.getByTestId('whatif-result');
    const before = await shown.textContent();
    const sliders = [
      { name: '収縮期血圧', atMost: (value: number) => value >= 160, risky: 'End' },
      { name: 'LDLコレステロール', atMost: (value: number) => value >= 160, risky: 'End' },
      { name: 'HDLコレステロール', atMost: (value: number) => value < 40, risky: 'Home' },
    ];
    const values = await Promise.all(
      sliders.map(async (slider) => Number(await whatIf.getByRole('slider', { name: slider.name }).inputValue())),
    );
    const allAtMost = sliders.every((slider, index) => slider.atMost(values[index]!));
    for (const slider of sliders) {
      await whatIf.getByRole('slider', { name: slider.name }).focus();
      await page.keyboard.press(allAtMost ? (slider.risky === 'End' ? 'Home' : 'End') : slider.risky);
    }
    await page.waitForFunction(([selector, previous]) => document.querySelector(selector!)?.textContent !== previous, [
      '[data-testid="whatif-result"]',
      before,
    ] as const);
    const after = await shown.textContent();
    expect(after).not.toBe(before);
    expect(after).toMatch(/もしもの値：/);
    await screenshot(page, 'forecast-03-what-if');

    // Nothing was saved by looking; the page fits a 320 px phone.
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await screenshot(page, 'forecast-04-320');
  });

  test('the about page and the supervising physician open from the forecast', async () => {
    const { page } = await journeys.open({ width: 320, height: 640 });
    await page.goto(siteUrl('/doctor_profile01'));
    await page.getByRole('heading', { name: '監修医師のご紹介', level: 1 }).waitFor();
    await page.getByRole('img', { name: /のイラスト$/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await screenshot(page, 'forecast-05-doctor-320');
    await page.getByRole('link', { name: '健康予報について' }).click();
    await waitForPath(page, '/health_forecasts/simulations/about');
    await page.getByRole('region', { name: '出典' }).waitFor();
    expect(await page.getByRole('region', { name: '出典' }).textContent()).toContain('J Atheroscler Thromb 2022;29(3):345-361');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});
