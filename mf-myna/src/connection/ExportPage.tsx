import type { MynaExportFormat } from '@sukoyaka/contract';
import { mynaExportFormatLabels, mynaExportFormats } from '@sukoyaka/contract/myna-terms';
import { Actions, AppLink, Button, Card, FormError, Notice, Stack, Text, describeError } from '@sukoyaka/shared';
import { RadioGroup, Select } from '@sukoyaka/shared/widgets';
import { useState } from 'react';
import { useExportMynaHealthFiles, type ExportedFile } from '../api/export-myna-health-files';
import { useMedicalBills } from '../api/myna-records';
import { MynaPage } from '../parts/MynaPage';
import { RecordsGate } from '../parts/RecordsGate';
import { mynaPagePaths } from '../paths';

const DESCRIPTIONS: Record<MynaExportFormat, string> = {
  fhir: '医療情報の国際標準の形式です。ほかの健康管理サービスや医療機関に渡すときに使えます（健診結果・お薬・医療費のすべて）。',
  csv: '表計算ソフトで開ける形式です（健診結果・お薬・医療費のすべて）。',
  tax_form_csv:
    '選んだ年の医療費の一覧です。医療費控除の申告には、「医療費」のページから医療費集計フォーム（Excel形式）をダウンロードしてください。',
};

/** `/myna_connection/export`: everything imported as a file, after a fresh secret-question answer. */
export function ExportPage({ save }: { save?: (file: ExportedFile) => void }) {
  return (
    <MynaPage
      title="ファイルに書き出す"
      lead="取り込んだ情報をファイルとしてダウンロードできます。ファイルには大切な個人情報が含まれますので、取り扱いにご注意ください。"
    >
      <RecordsGate what="書き出しの準備">
        <ExportForm save={save} />
      </RecordsGate>
      <AppLink href={mynaPagePaths.top}>マイナポータル連携に戻る</AppLink>
    </MynaPage>
  );
}

function ExportForm({ save }: { save?: ((file: ExportedFile) => void) | undefined }) {
  const [format, setFormat] = useState<MynaExportFormat>('fhir');
  const [year, setYear] = useState<string>('');
  const exported = useExportMynaHealthFiles(save);
  const bills = useMedicalBills(null);
  const years = bills.data?.pages[0]?.years ?? [];
  const chosenYear = year || (years[0] !== undefined ? String(years[0]) : '');
  const file = exported.data;
  return (
    <Card>
      <Stack $gap={2}>
        <RadioGroup
          legend="形式"
          name="format"
          options={mynaExportFormats.map((value) => ({ value, label: mynaExportFormatLabels[value], description: DESCRIPTIONS[value] }))}
          value={format}
          onChange={(value) => {
            setFormat(value as MynaExportFormat);
            exported.reset();
          }}
        />
        {format === 'tax_form_csv' ? (
          years.length > 0 ? (
            <Select
              label="年"
              name="year"
              options={years.map((candidate) => ({ value: String(candidate), label: `${candidate}年` }))}
              value={chosenYear}
              onChange={(event) => setYear(event.target.value)}
            />
          ) : (
            <Text $muted>{bills.isPending ? '医療費のある年を確認しています…' : '書き出せる医療費の情報がありません。'}</Text>
          )
        ) : null}
        {exported.isError ? <FormError>{describeError(exported.error)}</FormError> : null}
        <Actions>
          <Button
            busy={exported.isPending}
            disabled={format === 'tax_form_csv' && !chosenYear}
            onClick={() => exported.mutate(format === 'tax_form_csv' ? { format, year: Number(chosenYear) } : { format })}
          >
            ダウンロードする
          </Button>
        </Actions>
        {file ? (
          <Notice role="status">
            {file.fileName}をダウンロードしました（健診結果{file.counts.medicalExams}件、お薬{file.counts.medicines}件、医療費
            {file.counts.medicalBills}件）。
          </Notice>
        ) : null}
      </Stack>
    </Card>
  );
}
