import type { ForecastInputKey, ForecastInputValues, HealthForecast } from '@sukoyaka/contract';
import { computeForecast, toForecastInputs } from '@sukoyaka/contract/forecast';
import {
  AppLink,
  Button,
  EmptyState,
  FormError,
  Heading,
  LoadingSkeleton,
  MemberOnly,
  Notice,
  PageLayout,
  Stack,
  Text,
  describeError,
  japaneseDate,
  usePageTitle,
  LoadFailure,
} from '@sukoyaka/shared';
import { useState } from 'react';
import { useHealthForecast } from './api/get-health-forecast';
import { useSaveHealthForecastSnapshot } from './api/forecast-snapshots';
import { draftAsGiven, draftFrom, isEdited, parseDraft, sourcesOf, type Draft } from './draft';
import { ForecastResultView } from './ForecastResultView';
import { InputsCard } from './InputsCard';
import { SnapshotList } from './SnapshotList';
import { useForecastSchema } from './use-forecast-schema';
import { WhatIf } from './WhatIf';

const FORECAST_PATH = '/health_forecasts/simulations';
/** The My Number secret question, back here after: check-up values need it, as the records do. */
const CHECKUP_STEP_UP_HREF = `/myna_connection/verify?return_to=${encodeURIComponent(FORECAST_PATH)}`;

const MISSING_LABELS: Readonly<Partial<Record<ForecastInputKey, string>>> = {
  sex: '性別',
  age: '年齢',
  systolic: '収縮期血圧',
  ldl: 'LDLコレステロール',
  hdl: 'HDLコレステロール',
  impairedGlucose: '耐糖能異常の有無',
  smoker: '喫煙の有無',
};

function CheckupNotice({ checkup }: { checkup: HealthForecast['checkup'] }) {
  if (checkup.status === 'available') {
    return (
      <Notice>
        {japaneseDate(checkup.examinedOn)}の健診結果{checkup.institution ? `（${checkup.institution}）` : ''}を使っています。
      </Notice>
    );
  }
  if (checkup.status === 'secretQuestionRequired') {
    return (
      <Notice>
        マイナポータルから取り込んだ健診結果があります。使うには秘密の質問に答えてください。{' '}
        <AppLink href={CHECKUP_STEP_UP_HREF}>秘密の質問に答えて健診結果を使う</AppLink>
      </Notice>
    );
  }
  return (
    <Notice>
      健診結果がまだありません。<AppLink href="/myna_connection">マイナポータル連携</AppLink>
      で健診結果を取り込むと、値が自動で入ります。下の欄に直接入力することもできます。
    </Notice>
  );
}

function SaveSnapshot({ draft, values }: { draft: Draft; values: ForecastInputValues }) {
  const save = useSaveHealthForecastSnapshot();
  return (
    <Stack $gap={1}>
      <div>
        <Button busy={save.isPending} onClick={() => save.mutate({ ...values, sources: sourcesOf(draft) })}>
          {save.isPending ? '保存しています…' : 'この結果を保存する'}
        </Button>
      </div>
      <div aria-live="polite">
        {save.isSuccess ? <Text>結果を保存しました。下の「保存した結果」で前回と比べられます。</Text> : null}
        {save.error ? <FormError>保存できませんでした。{describeError(save.error)}</FormError> : null}
      </div>
    </Stack>
  );
}

function Forecast({ data }: { data: HealthForecast }) {
  // The draft starts from the member's data once; a later refetch (after saving) leaves the member's edits alone.
  const [draft, setDraft] = useState(() => draftFrom(data.inputs));
  const inputsSchema = useForecastSchema();
  // The schema checks the draft once loaded; before, an unchanged draft is the server's values and
  // a changed one waits for it (a moment: it starts loading at the first touch).
  const parsed = inputsSchema.schema ? parseDraft(draft, inputsSchema.schema) : isEdited(draft) ? null : draftAsGiven(draft);
  const result = parsed?.ok ? computeForecast(toForecastInputs(parsed.values)) : null;
  const change = (next: Draft) => {
    inputsSchema.load();
    setDraft(next);
  };
  const nothingKnown = Object.keys(draft.origins).length === 0 && data.checkup.status === 'none';
  return (
    <Stack $gap={3}>
      <CheckupNotice checkup={data.checkup} />
      {nothingKnown ? (
        <EmptyState title="予測に使える記録がまだありません">健診結果の値を下の欄に入力すると、予測が表示されます。</EmptyState>
      ) : null}
      <InputsCard draft={draft} errors={parsed && !parsed.ok ? parsed.errors : {}} onChange={change} onEngage={inputsSchema.load} />
      {parsed === null ? (
        inputsSchema.error ? (
          <LoadFailure what="予測の計算" error={inputsSchema.error} retry={inputsSchema.load} />
        ) : (
          <Notice role="status">入力した値を確認しています…</Notice>
        )
      ) : parsed.ok && result ? (
        <>
          <ForecastResultView result={result} />
          <WhatIf base={parsed.values} />
          <SaveSnapshot draft={draft} values={parsed.values} />
        </>
      ) : (
        <Notice role="status">
          {parsed.ok || parsed.missing.length === 0
            ? '入力した値を確認してください。'
            : `あと「${parsed.missing.map((key) => MISSING_LABELS[key] ?? key).join('」「')}」を入力すると、予測が表示されます。`}
        </Notice>
      )}
      <SnapshotList stepUpHref={CHECKUP_STEP_UP_HREF} />
      <Text>
        <AppLink href="/health_forecasts/simulations/about">この予測について（しくみ・出典・注意点）</AppLink>
        {' ・ '}
        <AppLink href="/doctor_profile01">監修医師のご紹介</AppLink>
      </Text>
    </Stack>
  );
}

function ForecastLoader() {
  const forecast = useHealthForecast();
  if (forecast.isPending) return <LoadingSkeleton label="健康予報を読み込んでいます" rows={5} />;
  if (forecast.error) {
    return <LoadFailure what="健康予報" error={forecast.error} retry={() => void forecast.refetch()} />;
  }
  // A check-up that became readable (the secret question answered) starts the inputs again from the new data.
  const { checkup } = forecast.data;
  return <Forecast key={checkup.status === 'available' ? `checkup:${checkup.examinedOn}` : checkup.status} data={forecast.data} />;
}

/** `/health_forecasts/simulations`: the 10-year forecast from the member's own data, with what-if. */
export function ForecastPage() {
  usePageTitle('健康予報');
  return (
    <PageLayout>
      <MemberOnly>
        {() => (
          <Stack $gap={3}>
            <Stack $gap={1}>
              <Heading>健康予報</Heading>
              <Text>健診の値から、10年以内に心筋梗塞や脳梗塞などを発症する確率を予測します。診断ではありません。</Text>
            </Stack>
            <ForecastLoader />
          </Stack>
        )}
      </MemberOnly>
    </PageLayout>
  );
}
