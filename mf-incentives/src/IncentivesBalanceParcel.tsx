import { AppLink, SharedProviders, Stack } from '@sukoyaka/shared';
// Default imports on purpose, as in mf-shared's area lifecycles: single-spa-react needs the whole modules.
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
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

/**
 * A single-spa parcel for the home page (mf-account mounts it with `mountRootParcel`): the
 * shared providers without a router, since the host owns the page.
 */
export const IncentivesBalanceParcel = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: () => (
    <SharedProviders>
      <IncentivesBalance />
    </SharedProviders>
  ),
});
