import type { ForecastResult, LipidTargets, RiskCategory } from '@sukoyaka/contract';
import { CATEGORY_LABELS, COMMON_LIPID_TARGETS, FACTOR_LABELS, OUT_OF_RANGE_TEXT } from '@sukoyaka/contract/forecast';
import { AppLink, Card, List, SectionHeading, Stack, Text, theme } from '@sukoyaka/shared';
import styled from 'styled-components';
import { IconArray } from './IconArray';
import { peopleText, riskText } from './words';

const CATEGORY_COLORS: Readonly<Record<RiskCategory, string>> = {
  low: theme.colors.primary,
  middle: '#9a6700',
  high: theme.colors.danger,
  secondary: theme.colors.danger,
};

const Headline = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.display};
  font-weight: 700;
  font-variant-numeric: tabular-nums;
`;

const Badge = styled.span<{ $category: RiskCategory }>`
  display: inline-block;
  margin-left: ${({ theme }) => theme.spacing(1)};
  padding: ${({ theme }) => theme.spacing(0.25, 1.25)};
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.label};
  vertical-align: middle;
  color: ${({ theme }) => theme.colors.onPrimary};
  background: ${({ $category }) => CATEGORY_COLORS[$category]};
`;

const Split = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
  grid-template-columns: 1fr;
  align-items: center;
  ${({ theme }) => `@media (min-width: ${theme.breakpoints.sm}px) { grid-template-columns: 280px 1fr; }`}
`;

const Bar = styled.span<{ $share: number }>`
  display: block;
  height: 8px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: linear-gradient(
    90deg,
    #c2410c ${({ $share }) => $share}%,
    ${({ theme }) => theme.colors.surfaceMuted} ${({ $share }) => $share}%
  );
`;

/** The guideline's lipid targets for a category, and the ones for everyone. */
function LipidTargetsView({ category, targets }: { category: RiskCategory; targets: LipidTargets }) {
  return (
    <Stack $gap={0.5}>
      <SectionHeading>脂質の管理目標（{CATEGORY_LABELS[category]}）</SectionHeading>
      <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
        <li>LDLコレステロール {targets.ldlBelow}mg/dL未満</li>
        <li>non-HDLコレステロール {targets.nonHdlBelow}mg/dL未満</li>
        <li>
          中性脂肪 {COMMON_LIPID_TARGETS.triglyceridesFastingBelow}mg/dL未満（空腹時。随時は{COMMON_LIPID_TARGETS.triglyceridesRandomBelow}
          mg/dL未満）
        </li>
        <li>HDLコレステロール {COMMON_LIPID_TARGETS.hdlAtLeast}mg/dL以上</li>
      </ul>
      <Text $muted>
        日本動脈硬化学会「動脈硬化性疾患予防ガイドライン2022年版」の目標値です。治療中の方は主治医の指示を優先してください。
      </Text>
    </Stack>
  );
}

/** The forecast as a member reads it: the risk and its category, 100 people, what drives it, the targets. */
export function ForecastResultView({ result }: { result: ForecastResult }) {
  if (result.kind === 'outOfRange') {
    const text = OUT_OF_RANGE_TEXT[result.reason];
    return (
      <Card aria-labelledby="forecast-result-heading">
        <Stack $gap={1.5}>
          <SectionHeading id="forecast-result-heading">予測の結果</SectionHeading>
          <Text style={{ fontWeight: 700 }}>{text.title}</Text>
          <Text>{text.body}</Text>
          {result.category && result.targets ? <LipidTargetsView category={result.category} targets={result.targets} /> : null}
          <AppLink href="/health_forecasts/simulations/about">この予測について</AppLink>
        </Stack>
      </Card>
    );
  }
  const { risk, category, factors, points, targets } = result;
  return (
    <Card aria-labelledby="forecast-result-heading">
      <Stack $gap={2}>
        <SectionHeading id="forecast-result-heading">10年以内に心筋梗塞や脳梗塞などを発症する確率</SectionHeading>
        <div aria-live="polite" aria-atomic="true" data-testid="forecast-risk">
          <Headline>
            {riskText(risk)}
            <Badge $category={category}>{CATEGORY_LABELS[category]}</Badge>
          </Headline>
        </div>
        <Split>
          <IconArray risk={risk} />
          <Text>
            あなたと同じような{peopleText(risk)}が、10年以内に心筋梗塞・狭心症やアテローム血栓性脳梗塞を発症すると予測されます（合計{points}
            点）。
          </Text>
        </Split>
        <Stack $gap={1}>
          <SectionHeading>リスクを高めている要因</SectionHeading>
          <List $gap={1} aria-label="要因ごとの点数">
            {factors.map((factor) => (
              <li key={factor.factor}>
                <Text>
                  {FACTOR_LABELS[factor.factor]}：{factor.points}点
                  <span style={{ color: theme.colors.textMuted }}>（最大{factor.max}点）</span>
                </Text>
                <Bar $share={(factor.points / factor.max) * 100} aria-hidden="true" />
              </li>
            ))}
          </List>
          <Text $muted>性別と年齢は変えられませんが、血圧・コレステロール・喫煙は見直せます。下の「もしも」で試してみましょう。</Text>
        </Stack>
        <LipidTargetsView category={category} targets={targets} />
      </Stack>
    </Card>
  );
}
