import { expect, test } from '@playwright/test';
import { waitForMail } from './outbox';
import { DEMO_MEMBER, PHONE, screenshot, siteUrl, useJourneys, waitForPath, signIn, enquetePoints } from './support';

/**
 * Issue 14, the member side of content: an unread announcement marked on home and in the list,
 * read and no longer unread; the FAQ found by a word in hiragana; an inquiry with its receipt
 * number and the copy in the dev outbox; the demo enquete answered, which earns the program's
 * points (the menu pays once in total: another journey answering an enquete first is allowed
 * for, by comparing before and after only when the menu has not paid yet).
 */

const journeys = useJourneys();
const ANNOUNCEMENT = '冬のウォーキングキャンペーンを開催します';

test.describe('content: announcements, FAQ, inquiry, enquete', () => {
  test('an unread announcement on home and in the list is read and then no longer unread', async () => {
    const { page } = await journeys.open(PHONE);
    await signIn(page, '/');
    const card = page.getByRole('region', { name: 'お知らせ' });
    await expect(card).toContainText('未読のお知らせが');
    await screenshot(page, 'content-00-home');

    await page.goto(siteUrl('/announcements'));
    const item = page.getByRole('list', { name: 'お知らせの一覧' }).getByRole('link', { name: new RegExp(ANNOUNCEMENT) });
    await item.waitFor();
    expect(await item.innerText()).toContain('未読');
    await screenshot(page, 'content-01-announcements');
    await item.click();
    await page.getByRole('heading', { name: ANNOUNCEMENT }).waitFor();
    await page.getByRole('link', { name: 'お知らせの一覧へ戻る' }).click();
    await waitForPath(page, '/announcements');
    const again = page.getByRole('list', { name: 'お知らせの一覧' }).getByRole('link', { name: new RegExp(ANNOUNCEMENT) });
    await again.waitFor();
    await expect(again).not.toContainText('未読');
  });

  test('the FAQ is found by a word in hiragana, and leads to the contact form, which gives a receipt and mails a copy', async () => {
    const { page } = await journeys.open(PHONE);
    await signIn(page, '/faq');
    await page.getByRole('textbox', { name: /キーワードで探す/ }).fill('ぱすわーどを');
    await page.getByRole('button', { name: '検索', exact: true }).click();
    await page.getByText('Q. パスワードを忘れました').waitFor();
    await page.getByText('Q. パスワードを忘れました').click();
    await page.getByText(/ログイン画面の「パスワードをお忘れの方」から/).waitFor();
    await screenshot(page, 'content-02-faq');

    await page.getByRole('link', { name: 'お問い合わせフォームへ' }).click();
    await waitForPath(page, '/inquiry/new');
    await page.getByRole('combobox', { name: /お問い合わせの種類/ }).selectOption('points');
    await page.getByRole('textbox', { name: /お問い合わせ内容/ }).fill('ポイントの有効期限を確認する方法を教えてください。');
    await page.getByRole('button', { name: '送信する' }).click();
    await page.getByRole('heading', { name: 'お問い合わせを受け付けました' }).waitFor();
    const receipt = await page.getByText(/^INQ-\d{8}-[0-9A-Z]{4}$/).innerText();
    await screenshot(page, 'content-03-inquiry-receipt');
    const copy = await waitForMail(DEMO_MEMBER.email, (mail) => mail.subject.includes(receipt));
    expect(copy.text).toContain('ポイントの有効期限を確認する方法を教えてください。');
  });

  test('the demo enquete is answered once and earns the program’s points', async () => {
    const { page } = await journeys.open(PHONE);
    await signIn(page, '/enquetes');
    const before = await enquetePoints(page);

    await page.goto(siteUrl('/enquetes'));
    await page.getByRole('link', { name: /2026年度 健康づくりアンケート/ }).click();
    await page.getByRole('heading', { name: '2026年度 健康づくりアンケート' }).waitFor();
    // A required question left out is named before anything is sent.
    await page.getByRole('button', { name: '回答を送信する' }).click();
    await page.getByText('必須の設問に回答してください').first().waitFor();
    await page.getByRole('radio', { name: '週3〜4日' }).check();
    await page.getByRole('checkbox', { name: '睡眠' }).check();
    await page.getByRole('radio', { name: '4', exact: true }).check();
    await page.getByRole('textbox', { name: /ご意見・ご要望/ }).fill('記録が続けやすいです');
    await screenshot(page, 'content-04-enquete');
    await page.getByRole('button', { name: '回答を送信する' }).click();
    await page.getByRole('heading', { name: 'ご回答ありがとうございました' }).waitFor();

    await page.goto(siteUrl('/enquetes'));
    await expect(page.getByRole('list', { name: 'アンケートの一覧' })).toContainText('回答済み');
    const after = await enquetePoints(page);
    if (before.enqueteMenuOpen) expect(after.balance).toBe(before.balance + 30);
    expect(after.enqueteMenuOpen).toBe(false);
  });
});
