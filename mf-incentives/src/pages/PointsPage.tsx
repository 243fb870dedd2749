import { pointExpiryRule } from '@sukoyaka/contract/expiry';
import { AppLink, ButtonLinkStyle, Card, EmptyState, KeyFigure, List, Notice, SectionHeading, Stack, Text } from '@sukoyaka/shared';
import { usePointAccounts } from '../api/points';
import { formatPoints } from '../format';
import { links } from '../links';
import { expiryNotice } from '../parts/BalanceSummary';
import { requireAgreementPath } from '../parts/ConsentGate';
import { IncentivePage, QueryState } from '../parts/IncentivePage';

/** `/points`: the member's programs in their association. */
export function PointsPage({ now = new Date() }: { now?: Date }) {
  return (
    <IncentivePage title="ポイント" back={{ href: '/incentives', label: 'コイン・ポイントのトップへ戻る' }}>
      {() => <Programs now={now} />}
    </IncentivePage>
  );
}

function Programs({ now }: { now: Date }) {
  const accounts = usePointAccounts();
  if (!accounts.data) return <QueryState query={accounts} label="ポイント" />;
  if (accounts.data.accounts.length === 0) {
    return (
      <EmptyState title="ご利用いただけるポイントはありません">
        ご加入の健康保険組合がポイントを提供していないか、まだ組合の登録がお済みでない可能性があります。
      </EmptyState>
    );
  }
  return (
    <Stack $gap={2}>
      <Stack as={List} $gap={2} aria-label="ポイント一覧">
        {accounts.data.accounts.map((account) => {
          const notice = expiryNotice(account, now);
          return (
            <li key={account.pointId}>
              <Card aria-labelledby={`point-${account.pointId}`}>
                <Stack $gap={1}>
                  <SectionHeading id={`point-${account.pointId}`}>{account.name}</SectionHeading>
                  <KeyFigure label="残高" value={formatPoints(account.balance)} />
                  {notice ? <Text role="note">{notice}</Text> : null}
                  {account.requiresAgreement ? (
                    <Notice>
                      ご利用には利用規約への同意が必要です。{' '}
                      <AppLink href={requireAgreementPath(account.pointId)}>利用規約を確認する</AppLink>
                    </Notice>
                  ) : (
                    <div>
                      <ButtonLinkStyle as={AppLink} href={links.point(account.pointId)}>
                        {account.name}を開く
                      </ButtonLinkStyle>
                    </div>
                  )}
                </Stack>
              </Card>
            </li>
          );
        })}
      </Stack>
      {/* The rule, said as the program's page and the FAQ say it (contract/src/incentives/expiry.ts). */}
      <Text $muted>{pointExpiryRule()}</Text>
    </Stack>
  );
}
