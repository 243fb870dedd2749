import type { ForecastInputKey } from '@sukoyaka/contract';
import { Card, Hint, SectionHeading, Stack, Text, TextField } from '@sukoyaka/shared';
import { Checkbox, RadioGroup } from '@sukoyaka/shared/widgets';
import styled from 'styled-components';
import { edit, type Draft } from './draft';
import { originLabel } from './words';

const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
  grid-template-columns: 1fr;
  ${({ theme }) => `@media (min-width: ${theme.breakpoints.sm}px) { grid-template-columns: repeat(2, 1fr); }`}
`;

const Source = styled(Hint)`
  display: block;
  margin-top: 2px;
`;

const NUMBER_FIELDS = [
  { key: 'age', label: '年齢', unit: '歳', hint: '40〜79歳の方が対象です' },
  { key: 'systolic', label: '収縮期血圧（上の血圧）', unit: 'mmHg' },
  { key: 'ldl', label: 'LDLコレステロール', unit: 'mg/dL' },
  { key: 'hdl', label: 'HDLコレステロール', unit: 'mg/dL' },
] as const;

const CONDITIONS = [
  { key: 'diabetes', label: '糖尿病と言われている', description: 'HbA1c 6.5%以上・空腹時血糖126mg/dL以上、または糖尿病の薬を使っている' },
  { key: 'ckd', label: '慢性腎臓病（CKD）と言われている' },
  { key: 'pad', label: '末梢動脈疾患（足の血管の病気）と言われている' },
  { key: 'nonCardiogenicStroke', label: '脳梗塞（心臓が原因のものを除く）の治療歴がある' },
  { key: 'coronaryDisease', label: '心筋梗塞・狭心症の治療歴がある' },
] as const;

interface Props {
  draft: Draft;
  errors: Partial<Record<ForecastInputKey, string>>;
  onChange: (draft: Draft) => void;
  /** The member's first focus or press inside the card (the page loads the inputs' schema then). */
  onEngage?: () => void;
}

/** Every input with where it came from; any can be typed in or changed (nothing is stored until saved). */
export function InputsCard({ draft, errors, onChange, onEngage }: Props) {
  const source = (key: ForecastInputKey) => <Source>取得元：{originLabel(draft.origins[key])}</Source>;
  return (
    <Card aria-labelledby="forecast-inputs-heading" onFocus={onEngage} onPointerDown={onEngage}>
      <Stack $gap={2}>
        <SectionHeading id="forecast-inputs-heading">予測に使う値</SectionHeading>
        <Text $muted>足りない値は入力してください。入力した値は、「この結果を保存する」を押すまで保存されません。</Text>
        <Grid>
          <div>
            <RadioGroup
              legend="性別"
              inline
              value={draft.sex}
              onChange={(value) => onChange(edit(draft, 'sex', value as Draft['sex']))}
              options={[
                { value: 'female', label: '女性' },
                { value: 'male', label: '男性' },
              ]}
              error={draft.origins.sex ? errors.sex : undefined}
            />
            {source('sex')}
          </div>
          {NUMBER_FIELDS.map((field) => (
            <div key={field.key}>
              <TextField
                label={`${field.label}（${field.unit}）`}
                hint={'hint' in field ? field.hint : undefined}
                type="number"
                inputMode="numeric"
                value={draft[field.key]}
                onChange={(event) => onChange(edit(draft, field.key, event.target.value))}
                error={draft[field.key] !== '' ? errors[field.key] : undefined}
              />
              {source(field.key)}
            </div>
          ))}
          <div>
            <RadioGroup
              legend="耐糖能異常（血糖値がやや高め）"
              hint="空腹時血糖110〜125mg/dL、またはHbA1c 6.0〜6.4%"
              inline
              value={draft.impairedGlucose}
              onChange={(value) => onChange(edit(draft, 'impairedGlucose', value as Draft['impairedGlucose']))}
              options={[
                { value: 'no', label: 'なし' },
                { value: 'yes', label: 'あり' },
              ]}
            />
            {source('impairedGlucose')}
          </div>
          <div>
            <RadioGroup
              legend="たばこを吸っている"
              hint="やめた方は「いいえ」"
              inline
              value={draft.smoker}
              onChange={(value) => onChange(edit(draft, 'smoker', value as Draft['smoker']))}
              options={[
                { value: 'no', label: 'いいえ' },
                { value: 'yes', label: 'はい' },
              ]}
            />
            {source('smoker')}
          </div>
        </Grid>
        <fieldset style={{ border: 'none', margin: 0, padding: 0, minWidth: 0 }}>
          <legend style={{ fontWeight: 700, padding: 0, marginBottom: 4 }}>あてはまるものがあればチェックしてください</legend>
          <Stack $gap={0.5}>
            {CONDITIONS.map((condition) => (
              <div key={condition.key}>
                <Checkbox
                  label={condition.label}
                  description={'description' in condition ? condition.description : undefined}
                  checked={draft[condition.key]}
                  onChange={(event) => onChange(edit(draft, condition.key, event.target.checked))}
                />
                {draft.origins[condition.key] && draft.origins[condition.key]!.source !== 'manual' ? source(condition.key) : null}
              </div>
            ))}
          </Stack>
        </fieldset>
      </Stack>
    </Card>
  );
}
