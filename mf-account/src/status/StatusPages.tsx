import { AppLink, ButtonLinkStyle, Card, Heading, PageLayout, Stack, Text, usePageTitle } from '@sukoyaka/shared';
import type { ReactNode } from 'react';
import { useHomeWhen, useSignedInMember } from '../navigation/not-for-this-member';

function StatusPage({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  usePageTitle(title);
  return (
    <PageLayout>
      <Card>
        <Stack $gap={2}>
          <Heading>{title}</Heading>
          {children}
          {action ? <div>{action}</div> : null}
        </Stack>
      </Card>
    </PageLayout>
  );
}

const homeLink = (
  <ButtonLinkStyle as={AppLink} href="/" $variant="secondary">
    ホームに戻る
  </ButtonLinkStyle>
);

/** Where 503, association-not-verified and association-under-maintenance send the member (spec §4). */
export function UnderMaintenancePage() {
  return (
    <StatusPage title="ただいまメンテナンス中です" action={homeLink}>
      <Text>ご加入の健康保険組合のサービスは、ただいまメンテナンス中、または加入者情報の確認中のためご利用いただけません。</Text>
      <Text>しばらく時間をおいてから再度お試しください。お急ぎの場合は、ご加入の健康保険組合にお問い合わせください。</Text>
    </StatusPage>
  );
}

/** Where an expired membership sends the member (spec §4). */
export function SuspensionNoticePage() {
  // The session names no user for an expired membership (nor for a visitor, who may read this);
  // a member in good standing has not been stopped, so this page is not for them.
  useHomeWhen(useSignedInMember());
  return (
    <StatusPage
      title="ご利用停止のお知らせ"
      action={
        <ButtonLinkStyle as={AppLink} href="/faq" $variant="secondary">
          よくある質問・お問い合わせ
        </ButtonLinkStyle>
      }
    >
      <Text>健康保険組合の資格を喪失されたため、すこやかのご利用を停止しました。</Text>
      <Text>
        転職などで新しい健康保険組合に加入された場合は、新しい組合がすこやかに対応していればあらためてご登録いただけます。資格についてのご不明点は、ご加入だった健康保険組合にお問い合わせください。
      </Text>
    </StatusPage>
  );
}

export function NotAvailablePage() {
  return (
    <StatusPage title="この機能はご利用いただけません" action={homeLink}>
      <Text>ご加入の健康保険組合では、この機能は提供されていません。</Text>
    </StatusPage>
  );
}
