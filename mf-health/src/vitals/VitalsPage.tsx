import {
  AppLink,
  Card,
  Heading,
  List,
  MemberOnly,
  PageLayout,
  Stack,
  Text,
  VisuallyHidden,
  clockTimeOf,
  usePageTitle,
  LoadFailure,
} from '@sukoyaka/shared';
import styled from 'styled-components';
import { useVitalsSummary, type VitalsSummary } from './api/get-vitals-summary';
import { stepProgress } from './goal-progress';
import { VITAL_KINDS, type AnyReading, type VitalKind } from './kinds';
import { formatDay, formatMeasuredAt } from './formats';

const Grid = styled(List).attrs({ $gap: 2 })`
  display: grid;
  grid-template-columns: 1fr;
  ${({ theme }) => `@media (min-width: ${theme.breakpoints.sm}px) { grid-template-columns: repeat(2, 1fr); }`}
`;

const CardTitle = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Value = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: 700;
  font-variant-numeric: tabular-nums;
`;

/** Two lines kept for today's steps against the goal, so the card does not grow when it arrives. */
const StepsLine = styled(Text)`
  min-height: calc(2em * 1.7);
`;

const CardLink = styled(AppLink)`
  font-weight: 700;
`;

const latestOf = (summary: VitalsSummary, kind: VitalKind): AnyReading | null => summary[kind.key] ?? null;

const Placeholder = styled.span<{ $width: string }>`
  display: inline-block;
  width: min(${({ $width }) => $width}, 100%);
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

/**
 * The six cards while the summary loads, each line where a card with a reading has it (the same
 * elements, a placeholder for the text), so nothing below moves when the values arrive (CLS).
 */
function LoadingCards() {
  const line = (width: string) => <Placeholder $width={width}>&nbsp;</Placeholder>;
  return (
    <div role="status" aria-live="polite">
      <VisuallyHidden>バイタルを読み込んでいます…</VisuallyHidden>
      <Grid as="div" aria-hidden="true">
        {VITAL_KINDS.map((kind) => (
          <Card as="div" key={kind.key}>
            <Stack $gap={1}>
              <CardTitle>{kind.label}</CardTitle>
              <Value>{line('7em')}</Value>
              <Text $muted>{line('11em')}</Text>
              {kind.key === 'sleep' ? <Text $muted>{line('13em')}</Text> : null}
              {kind.key === 'steps' ? (
                <StepsLine>
                  {line('14em')}
                  <br />
                  {line('9em')}
                </StepsLine>
              ) : null}
              <Text>{line('10em')}</Text>
            </Stack>
          </Card>
        ))}
      </Grid>
    </div>
  );
}

function VitalCard({ kind, summary }: { kind: VitalKind; summary: VitalsSummary }) {
  const latest = latestOf(summary, kind);
  const headingId = `vital-card-${kind.slug}`;
  return (
    <li>
      <Card aria-labelledby={headingId}>
        <Stack $gap={1}>
          <CardTitle id={headingId}>{kind.label}</CardTitle>
          {latest ? (
            <>
              <Value>{(kind.format as (r: AnyReading) => string)(latest)}</Value>
              <Text $muted>{'day' in latest ? formatDay(latest.day) : formatMeasuredAt(latest.measuredAt)}</Text>
              {'startedAt' in latest ? (
                <Text $muted>
                  就寝 {clockTimeOf(new Date(latest.startedAt))} → 起床 {clockTimeOf(new Date(latest.measuredAt))}
                </Text>
              ) : null}
            </>
          ) : (
            <Text $muted>まだ記録がありません</Text>
          )}
          {kind.key === 'steps' ? (
            <StepsLine>{stepProgress(summary) ?? `今日の歩数は${summary.today.steps.toLocaleString('ja-JP')}歩です。`}</StepsLine>
          ) : null}
          <CardLink href={`/vitals/${kind.slug}`}>{latest ? `${kind.label}の記録とグラフ` : `${kind.label}を記録する`}</CardLink>
        </Stack>
      </Card>
    </li>
  );
}

function Overview() {
  const summary = useVitalsSummary();
  if (summary.isPending) return <LoadingCards />;
  if (summary.error) {
    return <LoadFailure what="バイタル" error={summary.error} retry={() => void summary.refetch()} />;
  }
  return (
    <Grid aria-label="バイタルの種類">
      {VITAL_KINDS.map((kind) => (
        <VitalCard key={kind.key} kind={kind} summary={summary.data} />
      ))}
    </Grid>
  );
}

/** `/vitals`: the six vitals with each latest value, each leading to its page. */
export function VitalsPage() {
  usePageTitle('バイタル');
  return (
    <PageLayout>
      <MemberOnly>
        {() => (
          <Stack $gap={3}>
            <Heading>バイタル</Heading>
            <Overview />
            <AppLink href="/health_forecasts/simulations">健康予報：健診の値から10年以内の発症リスクを見る</AppLink>
          </Stack>
        )}
      </MemberOnly>
    </PageLayout>
  );
}
