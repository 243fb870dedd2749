import { AppLink, createParcel, Stack } from '@sukoyaka/shared';
import { BalanceSummary } from './parts/BalanceSummary';

/** The home page's balances: coins, each program's points and what expires soon. */
export function IncentivesBalance() {
  return (
    <section aria-labelledby="incentives-balance-heading">
      <Stack $gap={1}>
        <h2 id="incentives-balance-heading" style={{ margin: 0, fontSize: '1.0625rem' }}>
          コイン・ポイント
        </h2>
        <BalanceSummary />
        <AppLink href="/incentives">ポイントを使う・ためる</AppLink>
      </Stack>
    </section>
  );
}

/** The home page's widget as a single-spa parcel (mf-account mounts it with mf-shared's AreaParcel). */
export const IncentivesBalanceParcel = createParcel(IncentivesBalance);
