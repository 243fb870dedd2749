import type { PointAccount } from '@sukoyaka/contract';
import { AppLink, KeyFigure, LoadingSkeleton, Stack, Text } from '@sukoyaka/shared';
import styled from 'styled-components';
import { useCoinAccount } from '../api/coins';
import { usePointAccounts } from '../api/points';
import { expiringSoon, formatCoins, formatDate, formatPoints } from '../format';
import { links } from '../links';

/** The balances side by side, as many to a row as fit. */
const Figures = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
  gap: ${({ theme }) => theme.spacing(2)};
`;

/** What of a program expires soon, as one sentence, or null. */
export function expiryNotice(account: PointAccount, now: Date): string | null {
  const soon = expiringSoon(account.expiries, now);
  if (soon.length === 0) return null;
  return soon.map((expiry) => `${formatDate(expiry.expiresAt)}に${formatPoints(expiry.points)}が失効します`).join('、') + '。';
}

/** The coin balance and each program's points with what expires soon (overview and home parcel). */
export function BalanceSummary({ now = new Date() }: { now?: Date }) {
  const coins = useCoinAccount();
  const points = usePointAccounts();
  if (coins.isPending || points.isPending) return <LoadingSkeleton label="残高を読み込み中" rows={2} />;
  if (coins.isError || points.isError) return <Text $muted>残高を読み込めませんでした。</Text>;
  return (
    <Stack $gap={1.5}>
      <Figures aria-label="残高">
        <KeyFigure size="xl" label={<AppLink href="/coin">コイン</AppLink>} value={formatCoins(coins.data.balance)} />
        {points.data.accounts.map((account) => (
          <KeyFigure
            key={account.pointId}
            size="xl"
            label={<AppLink href={links.point(account.pointId)}>{account.name}</AppLink>}
            value={formatPoints(account.balance)}
          />
        ))}
      </Figures>
      {points.data.accounts.map((account) => {
        const notice = expiryNotice(account, now);
        return notice ? (
          <Text key={account.pointId} role="note">
            {account.name}：{notice}
          </Text>
        ) : null;
      })}
    </Stack>
  );
}
