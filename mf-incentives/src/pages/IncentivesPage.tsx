import { AppLink, Card, List, SectionHeading, Stack } from '@sukoyaka/shared';
import { links } from '../links';
import { BalanceSummary } from '../parts/BalanceSummary';
import { IncentivePage } from '../parts/IncentivePage';

/** `/incentives`: balances, what expires soon, and the ways to use and earn them. */
export function IncentivesPage() {
  return (
    <IncentivePage title="コイン・ポイント">
      {() => (
        <>
          <Card aria-labelledby="balance-heading">
            <SectionHeading id="balance-heading">残高</SectionHeading>
            <BalanceSummary />
          </Card>
          <Card aria-labelledby="menu-heading">
            <SectionHeading id="menu-heading">メニュー</SectionHeading>
            <Stack as={List} $gap={1}>
              <li>
                <AppLink href="/points">ポイント（ためる・交換する）</AppLink>
              </li>
              <li>
                <AppLink href="/coin">コイン（ためる・ギフトチャレンジ）</AppLink>
              </li>
              <li>
                <AppLink href={links.userGifts()}>交換したギフト</AppLink>
              </li>
              <li>
                <AppLink href="/points/campaign">キャンペーン</AppLink>
              </li>
              <li>
                <AppLink href="/incentives/challenges">今月のチャレンジ</AppLink>
              </li>
              <li>
                <AppLink href="/incentives/competitions">懸賞</AppLink>
              </li>
              <li>
                <AppLink href="/promotions/app">すこやかアプリのご案内</AppLink>
              </li>
            </Stack>
          </Card>
        </>
      )}
    </IncentivePage>
  );
}
