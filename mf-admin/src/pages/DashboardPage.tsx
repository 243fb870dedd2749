import { Card, FactRows, SectionHeading, Stack, Text, Button, theme } from '@sukoyaka/shared';
import { RadioGroup } from '@sukoyaka/shared/widgets';
import { useState } from 'react';
import styled from 'styled-components';
import { useHealthStats, useMemberStats, usePointStats, type Period } from '../api/dashboard';
import { useCurrentAssociation } from '../parts/association';
import { DayChart } from '../parts/chart/DayChart';
import { weeklySums, type ChartLine } from '../parts/chart/series';
import { formatJapanDay } from '../parts/datetime';
import { AdminPage, PeriodFields } from '../parts/page-frame';
import { QueryState } from '../parts/states';
import { Table, TableScroll } from '../parts/Table';

const DAY_MS = 86_400_000;
/** Today in Japan, yyyy-MM-dd. */
export function japanToday(now = new Date()): string {
  return new Date(now.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
}
const daysBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
const lastDays = (days: number): Period => ({ from: daysBefore(japanToday(), days - 1), to: japanToday() });

const Figures = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
`;

const Presets = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(1)};
  align-items: flex-end;
`;

const number = (value: number) => value.toLocaleString('ja-JP');

const Charts = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(3)};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 320px), 1fr));
`;

/** 90 days and more: the table scrolls inside its frame, its header kept in view. */
const DayTable = styled(TableScroll)`
  max-height: 28rem;
  overflow-y: auto;
  thead th {
    position: sticky;
    top: 0;
    background: ${({ theme }) => theme.colors.surface};
  }
`;

const COLORS = {
  signUps: theme.colors.primary,
  active: theme.colors.focus,
  records: '#8250df',
  granted: '#bf8700',
  redeemed: theme.colors.danger,
} as const;

function pointLines(
  data: { granted: ChartLine['points']; redeemed: ChartLine['points'] },
  perUnit: (series: ChartLine['points']) => ChartLine['points'],
): ChartLine[] {
  return [
    { label: '付与', color: COLORS.granted, points: perUnit(data.granted) },
    { label: '交換', color: COLORS.redeemed, points: perUnit(data.redeemed) },
  ];
}

export function DashboardPage() {
  const { association } = useCurrentAssociation();
  const [period, setPeriod] = useState<Period>(() => lastDays(90));
  const [weekly, setWeekly] = useState(true);
  const [draft, setDraft] = useState<Period>(period);
  const members = useMemberStats(association.associationId, period);
  const health = useHealthStats(association.associationId, period);
  const points = usePointStats(association.associationId, period);
  const perUnit = (series: ChartLine['points']) => (weekly ? weeklySums(series) : series);

  return (
    <AdminPage
      title="ダッシュボード"
      mutedIntro
      intro={`${association.associationName}の利用状況（${formatJapanDay(period.from)} 〜 ${formatJapanDay(period.to)}、日本時間）`}
    >
      <Card>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (draft.from && draft.to && draft.from <= draft.to) setPeriod(draft);
          }}
        >
          <Presets>
            {[7, 30, 90].map((days) => (
              <Button
                key={days}
                variant="secondary"
                onClick={() => {
                  setPeriod(lastDays(days));
                  setDraft(lastDays(days));
                }}
              >
                直近{days}日
              </Button>
            ))}
            <PeriodFields value={draft} onChange={setDraft} backwards={draft.from > draft.to} />
            <Button type="submit">表示</Button>
          </Presets>
        </form>
      </Card>
      <Figures>
        <Card aria-labelledby="members-heading">
          <SectionHeading id="members-heading">会員</SectionHeading>
          <QueryState query={members} label="会員の集計">
            {(data) => (
              <FactRows>
                <dt>会員数（期間末）</dt>
                <dd>{number(data.members)}人</dd>
                <dt>期間中の新規登録</dt>
                <dd>{number(data.signUpTotal)}人</dd>
              </FactRows>
            )}
          </QueryState>
        </Card>
        <Card aria-labelledby="health-heading">
          <SectionHeading id="health-heading">記録</SectionHeading>
          <QueryState query={health} label="記録の集計">
            {(data) => (
              <FactRows>
                <dt>期間中の記録数</dt>
                <dd>{number(data.recordTotal)}件</dd>
                <dt>利用者（直近7日）</dt>
                <dd>{number(data.activeMembers7)}人</dd>
                <dt>利用者（直近30日）</dt>
                <dd>{number(data.activeMembers30)}人</dd>
              </FactRows>
            )}
          </QueryState>
        </Card>
        <Card aria-labelledby="points-heading">
          <SectionHeading id="points-heading">ポイント</SectionHeading>
          <QueryState query={points} label="ポイントの集計">
            {(data) => (
              <FactRows>
                <dt>付与</dt>
                <dd>{number(data.grantedTotal)}pt</dd>
                <dt>交換</dt>
                <dd>{number(data.redeemedTotal)}pt</dd>
              </FactRows>
            )}
          </QueryState>
        </Card>
      </Figures>
      <Card aria-labelledby="charts-heading">
        <Stack $gap={2}>
          <SectionHeading id="charts-heading">推移のグラフ</SectionHeading>
          <RadioGroup
            legend="グラフの単位"
            options={[
              { value: 'day', label: '日別' },
              { value: 'week', label: '週別（月曜日から）' },
            ]}
            value={weekly ? 'week' : 'day'}
            onChange={(value) => setWeekly(value === 'week')}
          />
          <Charts>
            {members.data ? (
              <DayChart
                title={`新規登録（${weekly ? '週別' : '日別'}）`}
                unit="人"
                summable
                weekly={weekly}
                lines={[{ label: '新規登録', color: COLORS.signUps, points: perUnit(members.data.signUps) }]}
              />
            ) : null}
            {health.data ? (
              <DayChart
                title={`記録した会員（${weekly ? '週別' : '日別'}）`}
                unit="人"
                summable={false}
                weekly={weekly}
                bars={false}
                lines={[
                  {
                    label: '記録した会員',
                    color: COLORS.active,
                    points: weekly ? health.data.activeMembersPerWeek : health.data.activeMembersPerDay,
                  },
                ]}
              />
            ) : null}
            {health.data ? (
              <DayChart
                title={`記録数（${weekly ? '週別' : '日別'}）`}
                unit="件"
                summable
                weekly={weekly}
                lines={[{ label: '記録数', color: COLORS.records, points: perUnit(health.data.recordsPerDay) }]}
              />
            ) : null}
            {points.data ? (
              <DayChart
                title={`ポイント（${weekly ? '週別' : '日別'}）`}
                unit="pt"
                summable
                weekly={weekly}
                bars={false}
                lines={pointLines(points.data, perUnit)}
              />
            ) : null}
          </Charts>
        </Stack>
      </Card>
      <Card>
        <SectionHeading>日別の推移</SectionHeading>
        {members.data && health.data && points.data ? (
          <DayTable tabIndex={0} role="region" aria-label="日別の推移の表（スクロールできます）">
            <Table>
              <caption>日別の新規登録・記録した会員・記録数・ポイント</caption>
              <thead>
                <tr>
                  <th scope="col">日付</th>
                  <th scope="col" className="number">
                    新規登録
                  </th>
                  <th scope="col" className="number">
                    記録した会員
                  </th>
                  <th scope="col" className="number">
                    記録数
                  </th>
                  <th scope="col" className="number">
                    付与pt
                  </th>
                  <th scope="col" className="number">
                    交換pt
                  </th>
                </tr>
              </thead>
              <tbody>
                {members.data.signUps
                  .map((day, index) => ({
                    day: day.day,
                    signUps: day.count,
                    active: health.data.activeMembersPerDay[index]?.count ?? 0,
                    records: health.data.recordsPerDay[index]?.count ?? 0,
                    granted: points.data.granted[index]?.count ?? 0,
                    redeemed: points.data.redeemed[index]?.count ?? 0,
                  }))
                  .reverse()
                  .map((row) => (
                    <tr key={row.day}>
                      <th scope="row">{formatJapanDay(row.day)}</th>
                      <td className="number">{number(row.signUps)}</td>
                      <td className="number">{number(row.active)}</td>
                      <td className="number">{number(row.records)}</td>
                      <td className="number">{number(row.granted)}</td>
                      <td className="number">{number(row.redeemed)}</td>
                    </tr>
                  ))}
              </tbody>
            </Table>
          </DayTable>
        ) : (
          <Text $muted>集計がそろうと表示されます。</Text>
        )}
      </Card>
    </AdminPage>
  );
}
