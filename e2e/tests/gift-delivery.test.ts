import { expect, test } from '@playwright/test';
import { waitForMail } from './outbox';
import { DEMO_MEMBER, DESKTOP, PHONE, screenshot, siteUrl, signIn, signInOperator, useJourneys, waitForPath } from './support';

/**
 * Issue 27, gifts that arrive, through the UI only: the demo association's operator grants the
 * demo member the towel's 800 points (so the journeys sharing the server keep their balances),
 * the member redeems the towel entering (or confirming) the delivery address, the operator finds
 * the order in ギフトの発送 and marks it shipped with a tracking number, and the member sees
 * 発送済み with the number on 交換したギフト and gets the mail. The number was mistyped: the operator
 * corrects it, and the member sees the right one and gets a second mail saying so.
 */

const journeys = useJourneys();

const stamp = Date.now().toString().slice(-8);
const TRACKING = `4912-${stamp.slice(0, 4)}-${stamp.slice(4)}`;
const CORRECTED = `4913-${stamp.slice(0, 4)}-${stamp.slice(4)}`;

test.describe('gift delivery: redeem a towel to an address, the operator ships it, the member sees the tracking number', () => {
  test('a physical gift arrives: address, order, shipment, status and mail', async () => {
    const operator = (await journeys.open(DESKTOP)).page;
    await signInOperator(operator);

    // The towel's points, granted in the console.
    await operator.getByRole('link', { name: 'ポイント・ギフト', exact: true }).click();
    await waitForPath(operator, '/admin/points');
    const adjust = operator.getByRole('region', { name: 'ポイントを付与・取り消す' });
    await adjust.getByLabel('会員のメールアドレス').fill(DEMO_MEMBER.email);
    await adjust.getByLabel('ポイント数').fill('800');
    await adjust.getByLabel('理由（会員の履歴に表示されます）').fill('ギフト配送の確認用');
    await adjust.getByRole('button', { name: '実行する' }).click();
    await adjust.getByText(/完了しました/).waitFor();

    // The member redeems the towel: the address entered (or, on a server that has one, confirmed).
    const member = (await journeys.open(PHONE)).page;
    await signIn(member, '/points');
    await member.getByRole('link', { name: 'すこやかポイントを開く' }).click();
    await member.waitForURL(/\/points\/[0-9a-f-]{36}$/);
    const pointId = new URL(member.url()).pathname.split('/')[2]!;
    await member.goto(siteUrl(`/points/${pointId}/redemption`));
    await member.getByRole('button', { name: 'オリジナルタオルと交換する' }).click();
    const confirm = member.getByRole('group', { name: '交換の確認' });
    const form = confirm.getByRole('form', { name: 'お届け先住所' });
    const change = confirm.getByRole('button', { name: 'お届け先を変更する' });
    await expect(form.or(change)).toBeVisible();
    if (await change.isVisible()) await change.click();
    await form.getByLabel('お名前').fill('すこやか 花子');
    await form.getByLabel('郵便番号').fill('１６０００２３');
    await form.getByLabel('都道府県').selectOption('東京都');
    await form.getByLabel('市区町村').fill('新宿区');
    await form.getByLabel('番地', { exact: true }).fill('西新宿2-8-1');
    await form.getByLabel('電話番号').fill('090-1234-5678');
    await screenshot(member, 'gift-delivery-00-address');
    await form.getByRole('button', { name: 'この住所に届ける' }).click();
    await expect(confirm).toContainText('〒160-0023');
    await expect(confirm).toContainText('東京都新宿区西新宿2-8-1');
    await confirm.getByRole('button', { name: '交換する', exact: true }).click();
    const done = member.getByRole('status').filter({ hasText: '交換しました' });
    await expect(done).toContainText('注文番号はORD-');
    const orderNumber = /ORD-\d{8}-[0-9A-Z]{4}/.exec(await done.innerText())![0];
    await screenshot(member, 'gift-delivery-01-redeemed');

    // The operator ships it from ギフトの発送 with its tracking number.
    await operator.getByRole('link', { name: 'ギフトの発送', exact: true }).click();
    await waitForPath(operator, '/admin/gift_orders');
    const row = operator.getByRole('row', { name: orderNumber });
    await expect(row).toContainText('東京都新宿区西新宿2-8-1');
    await expect(row).toContainText('発送準備中');
    await row.getByRole('button', { name: `${orderNumber}を発送済みにする` }).click();
    const ship = operator.getByRole('form', { name: `${orderNumber}の発送` });
    await ship.getByLabel('配送業者').fill('ヤマト運輸');
    await ship.getByLabel('追跡番号').fill(TRACKING);
    await ship.getByRole('button', { name: '発送済みにする' }).click();
    await operator.getByLabel('状態').selectOption('shipped');
    await expect(operator.getByRole('row', { name: orderNumber })).toContainText(`ヤマト運輸 ${TRACKING}`);
    await screenshot(operator, 'gift-delivery-02-shipped');

    // The member sees 発送済み with the tracking number, and the mail has come.
    await member.goto(siteUrl('/incentives/user_gifts'));
    const gift = member.getByRole('article', { name: 'オリジナルタオル' }).filter({ hasText: orderNumber });
    await expect(gift).toContainText('配送状況：発送済み');
    await expect(gift).toContainText(`追跡番号：${TRACKING}`);
    await screenshot(member, 'gift-delivery-03-member-sees-shipped');
    const mail = await waitForMail(DEMO_MEMBER.email, (candidate) => candidate.subject.includes(`ギフトを発送しました（${orderNumber}）`));
    expect(mail.text).toContain(TRACKING);
    expect(mail.text).toContain('ヤマト運輸');

    // The number was wrong: the operator corrects it in ギフトの発送.
    await operator
      .getByRole('row', { name: orderNumber })
      .getByRole('button', { name: `${orderNumber}の追跡番号を訂正する` })
      .click();
    const correct = operator.getByRole('form', { name: `${orderNumber}の追跡番号の訂正` });
    await expect(correct.getByLabel('追跡番号')).toHaveValue(TRACKING);
    await correct.getByLabel('追跡番号').fill(CORRECTED);
    await correct.getByRole('button', { name: '訂正する', exact: true }).click();
    await expect(operator.getByRole('row', { name: orderNumber })).toContainText(`ヤマト運輸 ${CORRECTED}`);
    await expect(operator.getByRole('row', { name: orderNumber })).not.toContainText(TRACKING);
    await screenshot(operator, 'gift-delivery-04-corrected');

    // The member sees the right number, and the second mail gives it.
    await member.reload();
    const corrected = member.getByRole('article', { name: 'オリジナルタオル' }).filter({ hasText: orderNumber });
    await expect(corrected).toContainText(`追跡番号：${CORRECTED}`);
    await expect(corrected).not.toContainText(TRACKING);
    await expect(corrected).toContainText('配送状況：発送済み');
    const second = await waitForMail(DEMO_MEMBER.email, (candidate) =>
      candidate.subject.includes(`追跡番号を訂正しました（${orderNumber}）`),
    );
    expect(second.text).toContain(`追跡番号：${CORRECTED}`);
    expect(second.text).not.toContain(TRACKING);
    await screenshot(member, 'gift-delivery-05-member-sees-corrected');
  });
});
