import { AppLink, ButtonLinkStyle, Card, Actions, Notice, SectionHeading, Stack, Text, getDeviceType, isWebView } from '@sukoyaka/shared';
import { IncentivePage } from '../parts/IncentivePage';

/**
 * The native apps' store pages. Configuration constants: the apps are not published under these
 * exact ids yet, so these are our chosen, plausible addresses (README, Incentives) to replace with
 * the real listings when the apps ship.
 */
export const APP_STORE_URL = 'https://apps.apple.com/jp/app/sukoyaka/id6450000000';
export const GOOGLE_PLAY_URL = 'https://play.google.com/store/apps/details?id=jp.sukoyaka.app';

/** `/promotions/app`: the native apps and where to get them; inside them, that the member already has it. */
export function AppPromotionPage({ userAgent }: { userAgent?: string }) {
  const inApp = isWebView(userAgent);
  const device = getDeviceType(userAgent);
  return (
    <IncentivePage title="すこやかアプリのご案内" back={{ href: '/incentives', label: 'コイン・ポイントのトップへ戻る' }}>
      {() =>
        inApp ? (
          <Notice role="status">すでにすこやかアプリをご利用中です。このままアプリでポイントをためて、ギフトと交換できます。</Notice>
        ) : (
          <Card aria-labelledby="apps-heading">
            <Stack $gap={2}>
              <SectionHeading id="apps-heading">アプリでもっと手軽に</SectionHeading>
              <Text>
                すこやかアプリなら、歩数の自動記録やお知らせの通知で、ポイントをもっと手軽にためられます。ログインはこのサイトと同じアカウントです。
              </Text>
              <Actions>
                {device !== 'android' ? (
                  <ButtonLinkStyle href={APP_STORE_URL} target="_blank" rel="noopener noreferrer">
                    App Storeからダウンロード
                  </ButtonLinkStyle>
                ) : null}
                {device !== 'iOS' ? (
                  <ButtonLinkStyle href={GOOGLE_PLAY_URL} target="_blank" rel="noopener noreferrer" $variant="secondary">
                    Google Playで手に入れよう
                  </ButtonLinkStyle>
                ) : null}
              </Actions>
              <AppLink href="/points">ポイントのページへ</AppLink>
            </Stack>
          </Card>
        )
      }
    </IncentivePage>
  );
}
