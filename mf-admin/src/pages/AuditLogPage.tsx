import type { OperatorAuditEntry } from '@sukoyaka/contract';
import {
  operatorAuditActionNames,
  operatorAuditActionOf,
  operatorAuditActions,
  operatorAuditTargetLabels,
} from '@sukoyaka/contract/operator-terms';
import { Button, Card, EmptyState, Stack, Text } from '@sukoyaka/shared';
import { Select } from '@sukoyaka/shared/widgets';
import { useState } from 'react';
import styled from 'styled-components';
import { useAuditLogs, useOperatorStaff, type AuditLogFilters } from '../api/areas';
import { useCurrentAssociation } from '../parts/association';
import { formatJapanDay, formatJapanTime } from '../parts/datetime';
import { AdminPage, PeriodFields } from '../parts/page-frame';
import { QueryState } from '../parts/states';
import { Table, TableScroll } from '../parts/Table';

/** An action's Japanese label; a stored event this console does not know is shown as it is. */
export function actionLabel(event: string): string {
  const action = operatorAuditActionOf(event);
  return action ? operatorAuditActions[action].label : event;
}

export function targetLabel(event: string): string {
  const action = operatorAuditActionOf(event);
  return action ? operatorAuditTargetLabels[operatorAuditActions[action].target] : '—';
}

const LOOKUP_KINDS: Record<string, string> = { email: 'メールアドレスで', card: '記号・番号で' };

/** The few details an entry carries that say more than its label, in Japanese (never personal data). */
export function detailText(entry: Pick<OperatorAuditEntry, 'detail'>): string {
  const detail = entry.detail;
  const parts: string[] = [];
  if (typeof detail.by === 'string') parts.push(LOOKUP_KINDS[detail.by] ?? detail.by);
  if (typeof detail.found === 'number') parts.push(`${detail.found}件該当`);
  if (typeof detail.name === 'string') parts.push(`「${detail.name}」`);
  if (typeof detail.rows === 'number') parts.push(`${detail.rows}行`);
  if (typeof detail.added === 'number') parts.push(`新規${detail.added}件`);
  if (typeof detail.amount === 'number') parts.push(`${detail.amount.toLocaleString('ja-JP')}pt`);
  if (typeof detail.imported === 'number') parts.push(`${detail.imported}件`);
  if (typeof detail.menus === 'number') parts.push(`${detail.menus}件`);
  if (typeof detail.winners === 'number') parts.push(`当選${detail.winners}件`);
  if (detail.published === true) parts.push('すぐに公開');
  return parts.join('・');
}

/** The actions an association's log can hold (the sign-in steps belong to no association). */
const ACTION_OPTIONS = operatorAuditActionNames
  .filter((action) => operatorAuditActions[action].target !== 'operatorAccount')
  .map((action) => ({ value: action, label: operatorAuditActions[action].label }));

const EMPTY: AuditLogFilters = { from: '', to: '', action: '', operatorId: '' };
const isEmpty = (filters: AuditLogFilters) => !filters.from && !filters.to && !filters.action && !filters.operatorId;

const Filters = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.spacing(1.5, 2)};
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  align-items: end;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(1)};
`;

/** What the filters ask for, in words: the table's caption. */
function describeFilters(filters: AuditLogFilters, operatorName: string | undefined): string {
  const parts: string[] = [];
  if (filters.from || filters.to) {
    parts.push(`${filters.from ? formatJapanDay(filters.from) : ''}〜${filters.to ? formatJapanDay(filters.to) : ''}`);
  }
  if (filters.action) parts.push(operatorAuditActions[filters.action].label);
  if (filters.operatorId) parts.push(operatorName ?? '選んだ担当者');
  return parts.length ? `操作履歴（${parts.join('・')}）` : '操作履歴';
}

/** /admin/audit_logs: every operator action in the association, newest first, filtered and paged. */
export function AuditLogPage() {
  const { association } = useCurrentAssociation();
  const [draft, setDraft] = useState<AuditLogFilters>(EMPTY);
  const [filters, setFilters] = useState<AuditLogFilters>(EMPTY);
  const staff = useOperatorStaff(association.associationId);
  const logs = useAuditLogs(association.associationId, filters);
  const backwards = Boolean(draft.from && draft.to && draft.from > draft.to);
  const operatorName = staff.data?.operators.find((operator) => operator.id === filters.operatorId)?.name;
  return (
    <AdminPage title="操作履歴" intro={`${association.associationName}で運営担当者が行った操作の記録です（新しい順、日本時間）。`}>
      <Card aria-labelledby="audit-filters">
        <Stack $gap={1.5}>
          <Text id="audit-filters" style={{ fontWeight: 700 }}>
            絞り込み
          </Text>
          <Filters
            aria-labelledby="audit-filters"
            onSubmit={(event) => {
              event.preventDefault();
              if (!backwards) setFilters(draft);
            }}
          >
            <PeriodFields value={draft} onChange={setDraft} backwards={backwards} />
            <Select
              label="操作"
              value={draft.action}
              placeholder="すべての操作"
              options={ACTION_OPTIONS}
              onChange={(event) => setDraft({ ...draft, action: event.target.value as AuditLogFilters['action'] })}
            />
            <Select
              label="担当者"
              value={draft.operatorId}
              placeholder={staff.isError ? '担当者の一覧を読み込めませんでした' : 'すべての担当者'}
              options={(staff.data?.operators ?? []).map((operator) => ({ value: operator.id, label: operator.name }))}
              onChange={(event) => setDraft({ ...draft, operatorId: event.target.value })}
            />
            <Actions>
              <Button type="submit">絞り込む</Button>
              <Button
                variant="secondary"
                onClick={() => {
                  setDraft(EMPTY);
                  setFilters(EMPTY);
                }}
              >
                条件をクリア
              </Button>
            </Actions>
          </Filters>
        </Stack>
      </Card>
      <QueryState query={logs} label="操作履歴">
        {(data) => {
          const entries = data.pages.flatMap((page) => page.entries);
          if (entries.length === 0) {
            return <EmptyState title={isEmpty(filters) ? 'まだ操作の記録はありません' : '条件に合う操作の記録はありません'} />;
          }
          return (
            <Card>
              <Stack $gap={1.5}>
                <TableScroll tabIndex={0} role="region" aria-label="操作履歴の表（横にスクロールできます）">
                  <Table>
                    <caption>{describeFilters(filters, operatorName)}</caption>
                    <thead>
                      <tr>
                        <th scope="col">日時</th>
                        <th scope="col">担当者</th>
                        <th scope="col">操作</th>
                        <th scope="col">対象</th>
                        <th scope="col">内容</th>
                      </tr>
                    </thead>
                    <tbody>
                      {entries.map((entry) => (
                        <tr key={entry.id}>
                          <td>{formatJapanTime(entry.at)}</td>
                          <td>{entry.operatorName ?? '（削除された担当者）'}</td>
                          <td>{actionLabel(entry.event)}</td>
                          <td>{targetLabel(entry.event)}</td>
                          <td>{detailText(entry)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </Table>
                </TableScroll>
                <Text $muted role="status">
                  {entries.length}件を表示しています{logs.hasNextPage ? '（さらに古い記録があります）' : ''}。
                </Text>
                {logs.hasNextPage ? (
                  <div>
                    <Button variant="secondary" busy={logs.isFetchingNextPage} onClick={() => void logs.fetchNextPage()}>
                      もっと見る
                    </Button>
                  </div>
                ) : null}
              </Stack>
            </Card>
          );
        }}
      </QueryState>
    </AdminPage>
  );
}
