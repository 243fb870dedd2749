import { bffError, deferred, renderWithProviders, reply, setupFakeBff, type FakeReply } from '@sukoyaka/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { campaign, CAMPAIGN_ID, serverError, signIn } from '../testing/fixtures';
import { AppPromotionPage, APP_STORE_URL, GOOGLE_PLAY_URL } from './AppPromotionPage';
import { CampaignPage } from './CampaignPage';

describe('/points/campaign', () => {
  const bff = setupFakeBff();
  beforeEach(() => signIn(bff));

  it('loads, enters once, then opens the partner link', async () => {
    const answer = deferred<FakeReply>();
    let entered = false;
    // Later registrations win: the first read waits for the test, the later ones follow the entry.
    bff.onCall('getPointCampaign', () => reply({ campaign: { ...campaign, entered } }));
    bff.onCall('getPointCampaign', () => answer.promise, { times: 1 });
    bff.onCall('entryPointCampaign', () => {
      entered = true;
      return reply({ ...campaign, entered: true });
    });
    bff.onCall('getPointCampaignRedirectURL', reply({ url: 'https://partner.example/c?token=t1', expiresAt: '2026-11-22T03:10:00Z' }));
    renderWithProviders(<CampaignPage />);
    expect(await screen.findByText('キャンペーンを読み込み中…')).toBeInTheDocument();
    answer.resolve(reply({ campaign }));
    expect(await screen.findByRole('heading', { name: '秋のウォーキングキャンペーン' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'キャンペーンページを開く' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'エントリーする' }));
    expect(await screen.findByText('エントリー済みです。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'エントリーする' })).not.toBeInTheDocument();
    expect(bff.callsOf('entryPointCampaign')).toHaveLength(1);
    expect(bff.callsOf('entryPointCampaign')[0]?.body).toEqual({ campaignId: CAMPAIGN_ID });
    await userEvent.click(screen.getByRole('button', { name: 'キャンペーンページを開く' }));
    // Issue 27: where it leads is said first, and it opens in a new tab, leaving the app's tab as it is.
    expect(await screen.findByText('提携先のサイト（partner.example）に移動します')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /partner.example を開く/ });
    expect(link).toHaveAttribute('href', 'https://partner.example/c?token=t1');
    expect(link).toHaveAccessibleName(expect.stringContaining('新しいタブで開きます'));
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(window.location.href).not.toContain('partner.example');
    await userEvent.click(screen.getByRole('button', { name: 'やめる' }));
    expect(screen.getByRole('button', { name: 'キャンペーンページを開く' })).toBeInTheDocument();
  });

  it('no campaign open says so', async () => {
    bff.onCall('getPointCampaign', reply({ campaign: null }));
    renderWithProviders(<CampaignPage />);
    expect(await screen.findByText('現在開催中のキャンペーンはありません')).toBeInTheDocument();
  });

  it('a closed campaign refuses the entry with its reason; a failed read says why', async () => {
    bff.onCall('getPointCampaign', reply({ campaign }), { times: 1 });
    bff.onCall('entryPointCampaign', bffError(409, 'campaign_closed', 'このキャンペーンは現在受け付けていません。'));
    const { unmount } = renderWithProviders(<CampaignPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'エントリーする' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('このキャンペーンは現在受け付けていません。');
    unmount();
    bff.onCall('getPointCampaign', serverError as FakeReply);
    renderWithProviders(<CampaignPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('エラーが発生しました。');
  });
});

describe('/promotions/app', () => {
  const bff = setupFakeBff();
  beforeEach(() => signIn(bff));

  it('in a browser: both stores on a computer, the one store on a phone', async () => {
    const { unmount } = renderWithProviders(<AppPromotionPage userAgent="Mozilla/5.0 (Windows NT 10.0)" />);
    expect(await screen.findByRole('link', { name: 'App Storeからダウンロード' })).toHaveAttribute('href', APP_STORE_URL);
    expect(screen.getByRole('link', { name: 'Google Playで手に入れよう' })).toHaveAttribute('href', GOOGLE_PLAY_URL);
    unmount();
    renderWithProviders(<AppPromotionPage userAgent="Mozilla/5.0 (Linux; Android 14)" />);
    expect(await screen.findByRole('link', { name: 'Google Playで手に入れよう' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'App Storeからダウンロード' })).not.toBeInTheDocument();
  });

  it('inside the app: says the member already has it, no store links', async () => {
    renderWithProviders(<AppPromotionPage userAgent="Mozilla/5.0 (iPhone) SukoyakaApp-iOS/3.1.0" />);
    expect(await screen.findByText(/すでにすこやかアプリをご利用中です。/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'App Storeからダウンロード' })).not.toBeInTheDocument();
  });
});
