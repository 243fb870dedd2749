import {
  AppLink,
  Card,
  Heading,
  LoadingSkeleton,
  MemberOnly,
  Notice,
  PageLayout,
  SectionHeading,
  Stack,
  Text,
  usePageTitle,
  LoadFailure,
} from '@sukoyaka/shared';
import type { Sleep } from '@sukoyaka/contract';
import { Tabs } from '@sukoyaka/shared/widgets';
import { useMemo, useState } from 'react';
import { useVitalsSummary, type VitalsSummary } from './api/get-vitals-summary';
import { useChartReadings } from './api/vital-readings';
import { VitalChart } from './chart/VitalChart';
import { GoalForm } from './GoalForm';
import { stepProgress, weightProgress } from './goal-progress';
import type { AnyReading, VitalKind } from './kinds';
import { PERIOD_LABELS, periodOf, type Period, type PeriodId } from './periods';
import { ReadingList } from './ReadingList';
import { SleepWeeks } from './SleepWeeks';
import { VitalForm } from './VitalForm';

function ChartSection({ kind, period, summary }: { kind: VitalKind; period: Period; summary: VitalsSummary | undefined }) {
  const readings = useChartReadings(kind, period);
  const series = useMemo(
    () =>
      readings.data
        ? (kind.series as (r: readonly AnyReading[], p: PeriodId) => ReturnType<VitalKind['series']>)(readings.data, period.id)
        : [],
    [kind, readings.data, period.id],
  );
  const lines = useMemo(
    () => kind.lines({ goals: summary?.goals ?? null, height: summary?.height ?? null }),
    [kind, summary?.goals, summary?.height],
  );
  if (readings.isPending) return <LoadingSkeleton label="グラフを読み込んでいます" rows={2} />;
  if (readings.error) return <LoadFailure what="記録" error={readings.error} retry={() => void readings.refetch()} />;
  return (
    <Stack $gap={1.5}>
      {kind.key === 'weight' && summary && summary.height === null ? (
        <Notice>
          身長が登録されていないため、BMIの目安（18.5・25）の線を表示できません。
          <AppLink href="/profile">プロフィールで身長を登録する</AppLink>
        </Notice>
      ) : null}
      <VitalChart
        title={`${kind.label}の推移（${PERIOD_LABELS[period.id]}）`}
        series={series}
        lines={lines}
        from={period.start}
        to={period.end}
        digits={kind.digits}
        flatWithin={kind.flatWithin}
        daily={kind.bars}
        ticks={period.ticks}
      />
      {kind.key === 'sleep' ? <SleepWeeks readings={readings.data as Sleep[]} /> : null}
    </Stack>
  );
}

function Goals({ kind }: { kind: VitalKind }) {
  const summary = useVitalsSummary();
  if (kind.key !== 'steps' && kind.key !== 'weight') return null;
  const heading = kind.key === 'steps' ? '1日の目標歩数' : '目標体重';
  return (
    <Card aria-labelledby="vital-goal-heading">
      <SectionHeading id="vital-goal-heading">{heading}</SectionHeading>
      {summary.isPending ? (
        <LoadingSkeleton label="目標を読み込んでいます" rows={1} />
      ) : summary.error ? (
        <LoadFailure what="記録" error={summary.error} retry={() => void summary.refetch()} />
      ) : (
        <Stack $gap={2}>
          <Text data-testid="goal-progress">
            {(kind.key === 'steps' ? stepProgress(summary.data) : weightProgress(summary.data)) ?? '目標はまだ設定されていません。'}
          </Text>
          <GoalForm goal={kind.key === 'steps' ? 'dailySteps' : 'targetWeight'} goals={summary.data.goals} />
        </Stack>
      )}
    </Card>
  );
}

/** `/vitals/<kind>`: record a reading, set the goal, see the chart over a week/month/year and the list. */
export function VitalTypePage({ kind }: { kind: VitalKind }) {
  usePageTitle(kind.label);
  const [periodId, setPeriodId] = useState<PeriodId>('week');
  const period = useMemo(() => periodOf(periodId), [periodId]);
  return (
    <PageLayout>
      <MemberOnly>
        {() => (
          <Stack $gap={3}>
            <div>
              <AppLink href="/vitals">バイタル</AppLink>
              <Heading>{kind.label}</Heading>
            </div>
            <Card aria-labelledby="vital-form-heading">
              <SectionHeading id="vital-form-heading">{kind.label}を記録する</SectionHeading>
              <VitalForm kind={kind} />
            </Card>
            <Goals kind={kind} />
            <TypeCharts kind={kind} periodId={periodId} onPeriod={setPeriodId} period={period} />
            <Card aria-labelledby="vital-list-heading">
              <SectionHeading id="vital-list-heading">
                {kind.label}の記録（{PERIOD_LABELS[periodId]}）
              </SectionHeading>
              <ReadingList kind={kind} period={period} />
            </Card>
          </Stack>
        )}
      </MemberOnly>
    </PageLayout>
  );
}

function TypeCharts({
  kind,
  period,
  periodId,
  onPeriod,
}: {
  kind: VitalKind;
  period: Period;
  periodId: PeriodId;
  onPeriod: (id: PeriodId) => void;
}) {
  const summary = useVitalsSummary();
  return (
    <Card aria-labelledby="vital-chart-heading">
      <SectionHeading id="vital-chart-heading">{kind.label}のグラフ</SectionHeading>
      <Tabs
        label="グラフの期間"
        selectedId={periodId}
        onSelect={(id) => onPeriod(id as PeriodId)}
        tabs={(Object.keys(PERIOD_LABELS) as PeriodId[]).map((id) => ({
          id,
          label: PERIOD_LABELS[id],
          content: <ChartSection kind={kind} period={period} summary={summary.data} />,
        }))}
      />
    </Card>
  );
}
