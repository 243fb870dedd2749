import { Button, Card, EmptyState, Heading, Stack, Text, usePageTitle } from '@sukoyaka/shared';
import { useAuditLogs } from '../api/areas';
import { useCurrentAssociation } from '../parts/association';
import { QueryState } from '../parts/states';
import { Table, TableScroll } from '../parts/Table';

/** What each recorded operator action is called on the page. */
const EVENT_LABELS: Record<string, string> = {
  operator_roster_imported: '名簿の取り込み',
  operator_point_program_created: 'ポイントの作成',
  operator_point_menus_added: 'ポイントメニューの追加',
  operator_gift_added: 'ギフトの追加',
  operator_gift_codes_imported: 'ギフトコードの取り込み',
  operator_points_granted: 'ポイントの付与',
  operator_points_revoked: 'ポイントの取り消し',
  operator_doctor_profile_updated: '監修医の更新',
  operator_gift_orders_exported: '配送用CSVの出力',
  operator_gift_order_shipped: 'ギフトの発送',
  operator_gift_order_cancelled: 'ギフトの注文の取り消し',
};

function eventLabel(event: string): string {
  return EVENT_LABELS[event] ?? event.replace(/^operator_/, '').replace(/_/g, ' ');
}

const when = (iso: string) => new Date(iso).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' });

/** /admin/audit_logs: every operator action in the association, newest first. */
export function AuditLogPage() {
  usePageTitle('操作履歴 | すこやか運営管理');
  const { association } = useCurrentAssociation();
  const logs = useAuditLogs(association.associationId);
  return (
    <Stack $gap={3}>
      <Heading>操作履歴</Heading>
      <Text>{association.associationName}で運営担当者が行った操作の記録です（新しい順）。</Text>
      <QueryState query={logs} label="操作履歴">
        {(data) => {
          const entries = data.pages.flatMap((page) => page.entries);
          if (entries.length === 0) return <EmptyState title="まだ操作の記録はありません" />;
          return (
            <Card>
              <TableScroll>
                <Table>
                  <caption>操作履歴</caption>
                  <thead>
                    <tr>
                      <th scope="col">日時</th>
                      <th scope="col">担当者</th>
                      <th scope="col">操作</th>
                    </tr>
                  </thead>
                  <tbody>
                    {entries.map((entry) => (
                      <tr key={entry.id}>
                        <td>{when(entry.at)}</td>
                        <td>{entry.operatorName ?? '（削除された担当者）'}</td>
                        <td>{eventLabel(entry.event)}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </TableScroll>
              {logs.hasNextPage ? (
                <Button variant="secondary" busy={logs.isFetchingNextPage} onClick={() => void logs.fetchNextPage()}>
                  もっと見る
                </Button>
              ) : null}
            </Card>
          );
        }}
      </QueryState>
    </Stack>
  );
}
