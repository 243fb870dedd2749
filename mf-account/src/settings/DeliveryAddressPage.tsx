import { pagePaths } from '@sukoyaka/contract';
import { AppLink, AreaParcel, Card, Heading, MemberOnly, Narrow, PageLayout, Stack, Text, usePageTitle } from '@sukoyaka/shared';

/**
 * `/profile/address` (お届け先住所): where physical gifts are sent. The address belongs to the
 * gifts (mf-incentives), which lend their form as a parcel, so the redemption and this page are
 * one form.
 */
export function DeliveryAddressPage() {
  usePageTitle('お届け先住所');
  return (
    <PageLayout>
      <Narrow $max={720}>
        <MemberOnly>
          {() => (
            <Stack $gap={3}>
              <Heading>お届け先住所</Heading>
              <Text $muted>
                ポイントと交換したギフトをお送りする住所です。交換のときにも確認・変更できます。住所はあなたと、発送を担当する健康保険組合の担当者だけが見られます。交換済みのギフトは、交換したときの住所へお届けします。
              </Text>
              <Card>
                <AreaParcel area="@sukoyaka/incentives" name="DeliveryAddressParcel" label="お届け先住所を読み込んでいます" />
              </Card>
              <Text>
                <AppLink href={pagePaths.userGifts}>交換したギフトを見る</AppLink>・<AppLink href="/profile">アカウント設定に戻る</AppLink>
              </Text>
            </Stack>
          )}
        </MemberOnly>
      </Narrow>
    </PageLayout>
  );
}
