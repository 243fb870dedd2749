import type { PointAccount } from '@sukoyaka/contract';
import { pointExpiryRule } from '@sukoyaka/contract/expiry';
import { AppLink, Card, EmptyState, List, SectionHeading, Stack, Text, useParams } from '@sukoyaka/shared';
import { usePointInfo, usePointMenus, usePointUserActions } from '../api/points';
import { formatDate, formatPoints } from '../format';
import { links } from '../links';
import { ConsentGate } from '../parts/ConsentGate';
import { IncentivePage, QueryState } from '../parts/IncentivePage';
import { TransactionHistory } from '../parts/TransactionHistory';
import { limitsText, UserActionList } from '../parts/UserActionList';

export function usePointId(): string {
  return useParams().pointId ?? '';
}

const base = (pointId: string) => `/points/${encodeURIComponent(pointId)}`;
const backToPoint = (pointId: string) => ({ href: links.point(pointId), label: 'ポイントのトップへ戻る' });

function Expiries({ account }: { account: PointAccount }) {
  if (account.expiries.length === 0) return <Text $muted>失効予定のポイントはありません。</Text>;
  return (
    <List aria-label="失効予定">
      {account.expiries.map((expiry) => (
        <li key={expiry.expiresAt}>
          {formatDate(expiry.expiresAt)}に{formatPoints(expiry.points)}が失効
        </li>
      ))}
    </List>
  );
}

/** `/points/[pointId]`: the balance, what expires when, and the program's pages. */
export function PointPage() {
  const pointId = usePointId();
  return (
    <IncentivePage title="ポイント" back={{ href: '/points', label: 'ポイント一覧へ戻る' }}>
      {() => (
        <ConsentGate pointId={pointId}>
          {(account) => (
            <>
              <Card aria-labelledby="point-balance-heading">
                <Stack $gap={1}>
                  <SectionHeading id="point-balance-heading">{account.name}</SectionHeading>
                  <Text style={{ fontSize: '1.5rem', fontWeight: 700 }}>{formatPoints(account.balance)}</Text>
                  <Expiries account={account} />
                </Stack>
              </Card>
              <Stack as={List} $gap={1} aria-label="ポイントのメニュー">
                <li>
                  <AppLink href={links.pointEarning(pointId)}>ポイントをためる</AppLink>
                </li>
                <li>
                  <AppLink href={`${base(pointId)}/redemption`}>ギフトと交換する</AppLink>
                </li>
                <li>
                  <AppLink href={`${base(pointId)}/transactions`}>ポイントの履歴</AppLink>
                </li>
                <li>
                  <AppLink href="/points/campaign">キャンペーン</AppLink>
                </li>
                <li>
                  <AppLink href={`${base(pointId)}/about`}>このポイントについて</AppLink>
                </li>
                <li>
                  {/* Also for a program without terms: the page says it needs no consent (issue 27: every page two taps from home). */}
                  <AppLink href={`${base(pointId)}/agreements`}>利用規約と同意の状況</AppLink>
                </li>
              </Stack>
            </>
          )}
        </ConsentGate>
      )}
    </IncentivePage>
  );
}

/** `/points/[pointId]/about`: what the program is, how long points last, what earns them. */
export function PointAboutPage() {
  const pointId = usePointId();
  return (
    <IncentivePage title="このポイントについて" back={backToPoint(pointId)}>
      {() => <About pointId={pointId} />}
    </IncentivePage>
  );
}

function About({ pointId }: { pointId: string }) {
  const info = usePointInfo(pointId);
  const menus = usePointMenus(pointId);
  if (!info.data) return <QueryState query={info} label="ポイントの説明" />;
  return (
    <>
      <Card aria-labelledby="about-heading">
        <Stack $gap={1}>
          <SectionHeading id="about-heading">{info.data.name}</SectionHeading>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{info.data.description}</Text>
          <Text>{pointExpiryRule(info.data.expiryMonths)}</Text>
          {info.data.requiresConsent ? (
            <AppLink href={`${base(pointId)}/agreements`}>
              {info.data.agreed ? '同意した利用規約を見る' : '利用規約を確認して同意する'}
            </AppLink>
          ) : null}
        </Stack>
      </Card>
      <Card aria-labelledby="menus-heading">
        <SectionHeading id="menus-heading">ポイントがもらえること</SectionHeading>
        {menus.data ? (
          menus.data.menus.length === 0 ? (
            <EmptyState title="いまはポイントがもらえるメニューがありません" />
          ) : (
            <List>
              {menus.data.menus.map((menu) => (
                <li key={menu.id}>
                  {menu.title}：{formatPoints(menu.points)}（{limitsText(menu)}）
                </li>
              ))}
            </List>
          )
        ) : (
          <QueryState query={menus} label="メニュー" />
        )}
      </Card>
    </>
  );
}

/** `/points/[pointId]/earning`: the program's menus with the member's progress. */
export function PointEarningPage() {
  const pointId = usePointId();
  return (
    <IncentivePage title="ポイントをためる" back={backToPoint(pointId)}>
      {() => <ConsentGate pointId={pointId}>{() => <Earning pointId={pointId} />}</ConsentGate>}
    </IncentivePage>
  );
}

function Earning({ pointId }: { pointId: string }) {
  const actions = usePointUserActions(pointId);
  if (!actions.data) return <QueryState query={actions} label="ポイントのためかた" />;
  return <UserActionList actions={actions.data.actions} unit="pt" />;
}

/** `/points/[pointId]/transactions`: the history by month and what expires when. */
export function PointTransactionsPage({ now }: { now?: Date | undefined }) {
  const pointId = usePointId();
  return (
    <IncentivePage title="ポイントの履歴" back={backToPoint(pointId)}>
      {() => (
        <ConsentGate pointId={pointId}>
          {(account) => (
            <>
              <Card aria-labelledby="expiry-heading">
                <SectionHeading id="expiry-heading">失効予定</SectionHeading>
                <Expiries account={account} />
              </Card>
              <TransactionHistory unit="pt" now={now} source={{ kind: 'point', pointId }} />
            </>
          )}
        </ConsentGate>
      )}
    </IncentivePage>
  );
}
