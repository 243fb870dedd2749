import { AppLink, ButtonLinkStyle, createParcel, SectionHeading, Stack } from '@sukoyaka/shared';
import { BalanceSummary } from './parts/BalanceSummary';

/** The home page's balances: coins, each program's points and what expires soon. */
export function IncentivesBalance() {
  return (
    <section aria-labelledby="incentives-balance-heading">
      <Stack $gap={1.5}>
        <SectionHeading id="incentives-balance-heading">コイン・ポイント</SectionHeading>
        <BalanceSummary />
        <div>
          <ButtonLinkStyle as={AppLink} href="/incentives" $variant="secondary">
            ポイントを使う・ためる
          </ButtonLinkStyle>
        </div>
      </Stack>
    </section>
  );
}

/** The home page's widget as a single-spa parcel (mf-account mounts it with mf-shared's AreaParcel). */
export const IncentivesBalanceParcel = createParcel(IncentivesBalance);
