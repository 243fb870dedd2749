import type { CallOutput } from '@sukoyaka/contract';
import { Button, Card, FormError, Heading, Label, List, Notice, Stack, Text, describeError, usePageTitle } from '@sukoyaka/shared';
import { useId, useState } from 'react';
import { useImportRoster } from '../api/areas';
import { useCurrentAssociation } from '../parts/association';
import { readFileText } from '../parts/file-text';

type Result = CallOutput<'importOperatorRoster'>;

/** /admin/roster: the association's roster from a CSV, all rows or none (the line errors listed). */
export function RosterPage() {
  usePageTitle('名簿の取り込み | すこやか運営管理');
  const { association, canEdit } = useCurrentAssociation();
  const importRoster = useImportRoster();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const inputId = useId();

  const submit = async () => {
    setResult(null);
    setReadError(null);
    if (!file) return setReadError('取り込むCSVファイルを選んでください。');
    let csv: string;
    try {
      csv = await readFileText(file);
    } catch {
      return setReadError('ファイルを読み込めませんでした。');
    }
    importRoster.mutate({ associationId: association.associationId, csv }, { onSuccess: setResult });
  };

  return (
    <Stack $gap={3}>
      <Heading>名簿の取り込み</Heading>
      <Text>
        {association.associationName}の被保険者名簿をCSVで取り込みます。1行目は見出し行 <code>member_symbol,member_number,birthday</code>{' '}
        とし、生年月日は yyyy-MM-dd
        で書いてください（UTF-8、BOM付きも可）。1行でも誤りがあると何も取り込まれません。すでにある加入者はそのまま残ります。
      </Text>
      {!canEdit ? <Notice>閲覧者の権限では取り込めません。</Notice> : null}
      <Card>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack $gap={2}>
            <Label htmlFor={inputId}>名簿のCSVファイル</Label>
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              disabled={!canEdit}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
            {readError ? <FormError>{readError}</FormError> : null}
            {importRoster.isError ? <FormError>{describeError(importRoster.error)}</FormError> : null}
            <div>
              <Button type="submit" disabled={!canEdit} busy={importRoster.isPending}>
                取り込む
              </Button>
            </div>
          </Stack>
        </form>
      </Card>
      {result?.ok ? (
        <Notice role="status">
          取り込みました。新しく追加: {result.imported}件、すでに登録済み: {result.alreadyPresent}件
        </Notice>
      ) : null}
      {result && !result.ok ? (
        <Card role="alert" aria-labelledby="roster-errors">
          <Text id="roster-errors">誤りがあるため、何も取り込みませんでした。次の行を直してから、もう一度取り込んでください。</Text>
          <List>
            {result.errors.map((error, index) => (
              <li key={index}>{error.line === null ? error.message : `${error.line}行目: ${error.message}`}</li>
            ))}
          </List>
        </Card>
      ) : null}
    </Stack>
  );
}
