import type { ForecastInputValues, ForecastResult } from '@sukoyaka/contract';
import { CATEGORY_LABELS, computeForecast, toForecastInputs } from '@sukoyaka/contract/forecast';
import { Button, Card, SectionHeading, Stack, Text } from '@sukoyaka/shared';
import { Checkbox } from '@sukoyaka/shared/widgets';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { riskText } from './words';

type Adjustable = Pick<ForecastInputValues, 'systolic' | 'ldl' | 'hdl' | 'smoker'>;

const SLIDERS = [
  { key: 'systolic', label: '収縮期血圧', unit: 'mmHg', min: 90, max: 200 },
  { key: 'ldl', label: 'LDLコレステロール', unit: 'mg/dL', min: 60, max: 240 },
  { key: 'hdl', label: 'HDLコレステロール', unit: 'mg/dL', min: 20, max: 120 },
] as const;

const Range = styled.input`
  width: 100%;
  min-height: 44px;
  accent-color: ${({ theme }) => theme.colors.primary};
`;

const Row = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(1)};
  font-weight: 700;
`;

const Compare = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 700;
  font-variant-numeric: tabular-nums;
`;

function Slider({
  label,
  unit,
  min,
  max,
  value,
  onChange,
}: {
  label: string;
  unit: string;
  min: number;
  max: number;
  value: number;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <div>
      <Row>
        <label htmlFor={id}>{label}</label>
        <output htmlFor={id}>
          {value} {unit}
        </output>
      </Row>
      <Range
        id={id}
        type="range"
        min={Math.min(min, value)}
        max={Math.max(max, value)}
        step={1}
        value={value}
        aria-valuetext={`${value} ${unit}`}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    </div>
  );
}

const summary = (result: ForecastResult) =>
  result.kind === 'score' ? `${riskText(result.risk)}（${CATEGORY_LABELS[result.category]}）` : '計算の対象外';

/**
 * もしも: move blood pressure and cholesterol, stop smoking, and see the risk move at once —
 * computed here, in the browser, by the contract's score module (the one the server runs).
 */
export function WhatIf({ base }: { base: ForecastInputValues }) {
  const [changes, setChanges] = useState<Partial<Adjustable>>({});
  const simulated = { ...base, ...changes };
  const now = computeForecast(toForecastInputs(base));
  const after = computeForecast(toForecastInputs(simulated));
  if (now.kind !== 'score') return null;
  const set = (next: Partial<Adjustable>) => setChanges((previous) => ({ ...previous, ...next }));
  return (
    <Card aria-labelledby="forecast-whatif-heading">
      <Stack $gap={2}>
        <SectionHeading id="forecast-whatif-heading">もしも…で試す</SectionHeading>
        <Text $muted>値を動かすと、すぐに予測が変わります（試すだけで、記録は変わりません）。</Text>
        {SLIDERS.map((slider) => (
          <Slider
            key={slider.key}
            label={slider.label}
            unit={slider.unit}
            min={slider.min}
            max={slider.max}
            value={simulated[slider.key]}
            onChange={(value) => set({ [slider.key]: value })}
          />
        ))}
        <Checkbox label="たばこを吸っている" checked={simulated.smoker} onChange={(event) => set({ smoker: event.target.checked })} />
        <div aria-live="polite" aria-atomic="true" data-testid="whatif-result">
          <Text>いまの値：{summary(now)}</Text>
          <Compare>もしもの値：{summary(after)}</Compare>
          {after.kind === 'score' && after.risk.percent < now.risk.percent ? (
            <Text>10年以内の発症確率が {(now.risk.percent - after.risk.percent).toFixed(1)} ポイント下がります。</Text>
          ) : null}
        </div>
        <div>
          <Button variant="secondary" onClick={() => setChanges({})} disabled={Object.keys(changes).length === 0}>
            いまの値に戻す
          </Button>
        </div>
      </Stack>
    </Card>
  );
}
