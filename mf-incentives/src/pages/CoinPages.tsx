import { AppLink, Card, KeyFigure, List, SectionHeading, Stack, Text } from '@sukoyaka/shared';
import { useCoinAccount, useCoinUserActions } from '../api/coins';
import { formatCoins } from '../format';
import { links } from '../links';
import { IncentivePage, QueryState } from '../parts/IncentivePage';
import { TransactionHistory } from '../parts/TransactionHistory';
import { UserActionList } from '../parts/UserActionList';

const BACK_TO_COIN = { href: '/coin', label: 'コインのトップへ戻る' };

/** `/coin`: the balance (coins do not expire) and where to go next. */
export function CoinPage() {
  return (
    <IncentivePage title="コイン" back={{ href: '/incentives', label: 'コイン・ポイントのトップへ戻る' }}>
      {() => <CoinBalance />}
    </IncentivePage>
  );
}

function CoinBalance() {
  const account = useCoinAccount();
  return (
    <>
      <Card aria-labelledby="coin-balance-heading">
        <SectionHeading id="coin-balance-heading">コイン残高</SectionHeading>
        <QueryState query={account} label="コイン残高" />
        {account.data ? (
          <Stack $gap={1}>
            <KeyFigure label="いまのコイン" value={formatCoins(account.data.balance)} />
            <Text $muted>コインに有効期限はありません。</Text>
          </Stack>
        ) : null}
      </Card>
      <Stack as={List} $gap={1} aria-label="コインのメニュー">
        <li>
          <AppLink href={links.coinEarning()}>コインをためる</AppLink>
        </li>
        <li>
          <AppLink href="/coin/redemption">ギフトチャレンジに挑戦する</AppLink>
        </li>
        <li>
          <AppLink href="/coin/transactions">コインの履歴</AppLink>
        </li>
      </Stack>
    </>
  );
}

/** `/coin/earning`: each coin rule with the member's progress. */
export function CoinEarningPage() {
  return (
    <IncentivePage title="コインをためる" back={BACK_TO_COIN}>
      {() => <CoinActions />}
    </IncentivePage>
  );
}

function CoinActions() {
  const actions = useCoinUserActions();
  return (
    <>
      <QueryState query={actions} label="コインのためかた" />
      {actions.data ? <UserActionList actions={actions.data.actions} unit="コイン" /> : null}
    </>
  );
}

/** `/coin/transactions`: the coin history by month. */
export function CoinTransactionsPage({ now }: { now?: Date | undefined }) {
  return (
    <IncentivePage title="コインの履歴" back={BACK_TO_COIN}>
      {() => <TransactionHistory unit="コイン" now={now} source={{ kind: 'coin' }} />}
    </IncentivePage>
  );
}
