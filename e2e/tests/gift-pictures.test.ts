import { expect, test } from '@playwright/test';
import { DESKTOP, PHONE, screenshot, siteUrl, signIn, signInOperator, useJourneys, waitForPath } from './support';

/**
 * Issue 27, gifts with pictures: the demo association's operator uploads a picture for a gift with
 * its alternative text at /admin/points; the demo member's gift catalogue shows it with that text,
 * loaded from the bff's content-hashed URL, every other gift with its picture or the placeholder.
 * The operator then removes the picture, and the catalogue shows the gift without it (the
 * placeholder, no image to announce).
 */

const journeys = useJourneys();

/** A 48 × 36 PNG: a green field with a lighter band (any real picture does). */
const PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAkCAYAAADPRbkKAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAeUlEQVRYhe2WsQ3AQAwC3d9w2YSl3abzAJ8xiPUU9HAC2YWes1nlNkACyE+RVEh+kmTE2qlyGyAB5KdIKiQ/Sa4dcc97NqvcBjoBxk+xU6Hxk+yMeHaq3IeI6y8x218JfmCCBJCfJKmQ/DTJiLVP5TZAAshPkZsr9AFHlvcTxQN3ZQAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('gifts with pictures', () => {
  test('an operator uploads a picture with its alt text; the member’s catalogue shows it with that text, then not once removed', async () => {
    const alt = `緑の帯の入ったタオルの写真 ${Date.now().toString(36)}`;
    const operator = (await journeys.open(DESKTOP)).page;
    await signInOperator(operator);
    await operator.goto(siteUrl('/admin/points'));
    await operator.getByRole('heading', { name: 'ポイント・ギフト' }).waitFor();
    // 「…を変更する」 while the gift has a picture, 「…を設定する」 once it has none.
    const towelForm = operator.locator('details', { hasText: /「オリジナルタオル」の画像を(変更|設定)する/ });
    await towelForm.getByText('「オリジナルタオル」の画像を変更する').click();
    await towelForm
      .getByLabel('画像（JPEG・PNG・WebP、5MBまで）')
      .setInputFiles({ name: 'towel.png', mimeType: 'image/png', buffer: PICTURE });
    await towelForm.getByLabel('代替テキスト（画像の内容を短く）').fill(alt);
    await towelForm.getByRole('button', { name: '画像を保存する' }).click();
    await towelForm.getByRole('status').filter({ hasText: '画像を設定しました。' }).waitFor();
    await expect(operator.getByText(`代替テキスト: ${alt}`)).toBeVisible();
    await screenshot(operator, 'gift-pictures-01-admin');

    const member = (await journeys.open(PHONE)).page;
    await signIn(member, '/points');
    await member.getByRole('link', { name: 'すこやかポイントを開く' }).click();
    await member.waitForURL(/\/points\/[0-9a-f-]{36}$/);
    const pointId = new URL(member.url()).pathname.split('/')[2]!;
    await member.goto(siteUrl(`/points/${pointId}/redemption`));
    await waitForPath(member, `/points/${pointId}/redemption`);
    const towel = member.getByRole('region', { name: 'オリジナルタオル' });
    const picture = towel.getByRole('img', { name: alt });
    await expect(picture).toBeVisible();
    expect(await picture.getAttribute('srcset')).toMatch(/^\/media\/gift-images\/[0-9a-f]{64}\.webp \d+w/);
    expect(await picture.getAttribute('width')).toBeTruthy();
    expect(await picture.getAttribute('height')).toBeTruthy();
    // The file was served and decoded (image/webp from the bff).
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    // The seeded QUOカードPay keeps its own picture, with its own text.
    await expect(member.getByRole('region', { name: 'QUOカードPay 500円分' }).getByRole('img')).toHaveAttribute('alt', /カード/);
    await screenshot(member, 'gift-pictures-02-catalogue');

    // The operator removes the picture (after confirming); the catalogue shows the towel without it.
    await towelForm.getByRole('button', { name: '画像を削除する' }).click();
    await towelForm
      .getByRole('group', { name: '「オリジナルタオル」の画像の削除' })
      .getByRole('button', { name: '削除する', exact: true })
      .click();
    await towelForm.getByRole('status').filter({ hasText: '画像を削除しました。' }).waitFor();
    await expect(towelForm.locator('summary')).toHaveText('「オリジナルタオル」の画像を設定する');
    await expect(operator.getByText(`代替テキスト: ${alt}`)).toHaveCount(0);

    await member.reload();
    await waitForPath(member, `/points/${pointId}/redemption`);
    await expect(towel.getByTestId('gift-picture')).toBeVisible();
    await expect(towel.getByRole('img')).toHaveCount(0);
    await expect(towel.locator('img')).toHaveCount(0);
    await expect(member.getByRole('img', { name: alt })).toHaveCount(0);
    await expect(member.getByRole('region', { name: 'QUOカードPay 500円分' }).getByRole('img')).toHaveAttribute('alt', /カード/);
    await screenshot(member, 'gift-pictures-03-removed');
  });
});
