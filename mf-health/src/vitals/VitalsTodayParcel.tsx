import { AppLink, FactRows, createParcel, LoadingSkeleton, Stack, Text } from '@sukoyaka/shared';
import { useVitalsSummary } from './api/get-vitals-summary';
import { stepProgress } from './goal-progress';
import { VITAL_KINDS, type AnyReading } from './kinds';

/** Today's vitals for the home page: the latest of each kind and the steps against the goal. */
export function VitalsToday() {
  const summary = useVitalsSummary();
  if (summary.isPending) return <LoadingSkeleton label="今日のバイタルを読み込んでいます" rows={2} />;
  if (summary.error) return <Text $muted>バイタルを読み込めませんでした。</Text>;
  const data = summary.data;
  return (
    <section aria-labelledby="vitals-today-heading">
      <Stack $gap={1}>
        <h2 id="vitals-today-heading" style={{ margin: 0, fontSize: '1.0625rem' }}>
          今日のバイタル
        </h2>
        <Text>{stepProgress(data) ?? `今日の歩数は${data.today.steps.toLocaleString('ja-JP')}歩です。`}</Text>
        <FactRows>
          {VITAL_KINDS.filter((kind) => kind.key !== 'steps').map((kind) => {
            const latest: AnyReading | null = data[kind.key] ?? null;
            return (
              <div key={kind.key} style={{ display: 'contents' }}>
                <dt>{kind.label}</dt>
                <dd>{latest ? (kind.format as (r: AnyReading) => string)(latest) : '—'}</dd>
              </div>
            );
          })}
        </FactRows>
        <AppLink href="/vitals">バイタルを記録する</AppLink>
      </Stack>
    </section>
  );
}

/** The home page's widget as a single-spa parcel (mf-account mounts it with mf-shared's AreaParcel). */
export const VitalsTodayParcel = createParcel(VitalsToday);
