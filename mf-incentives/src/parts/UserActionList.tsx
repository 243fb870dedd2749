import type { IncentiveUserAction } from '@sukoyaka/contract';
import { EmptyState, List, Text } from '@sukoyaka/shared';
import styled from 'styled-components';
import { formatAmount } from '../format';

const Row = styled.li`
  padding: ${({ theme }) => theme.spacing(1.5, 0)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

/** How a menu's caps read: 1日1回まで・合計10回まで. */
export function limitsText(action: Pick<IncentiveUserAction, 'dailyLimit' | 'totalLimit'>): string {
  const parts = [
    action.dailyLimit !== null ? `1日${action.dailyLimit}回まで` : null,
    action.totalLimit !== null ? `合計${action.totalLimit}回まで` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join('・') : '回数の上限なし';
}

function progressText(action: IncentiveUserAction): string {
  const today = action.dailyLimit !== null ? `今日 ${action.todayCount}/${action.dailyLimit}回` : `今日 ${action.todayCount}回`;
  const total = action.totalLimit !== null ? `合計 ${action.totalCount}/${action.totalLimit}回` : `合計 ${action.totalCount}回`;
  return `${today}・${total}`;
}

/** Ways to earn with the member's progress today and in total. */
export function UserActionList({ actions, unit }: { actions: IncentiveUserAction[]; unit: string }) {
  if (actions.length === 0) return <EmptyState title="いまは獲得できるメニューがありません" />;
  return (
    <List aria-label="獲得できるメニュー">
      {actions.map((action) => (
        <Row key={action.id}>
          <Text style={{ fontWeight: 700 }}>
            {action.title}：{formatAmount(action.points)}
            {unit}
          </Text>
          <Text $muted>
            {limitsText(action)}（{progressText(action)}）
          </Text>
          <Text>{action.available ? 'まだ獲得できます' : '上限に達しました'}</Text>
        </Row>
      ))}
    </List>
  );
}
