import type { CallOutput } from '@sukoyaka/contract';
import {
  Button,
  Card,
  FactRows,
  FormError,
  Heading,
  Label,
  Notice,
  SectionHeading,
  Stack,
  Text,
  describeError,
  usePageTitle,
} from '@sukoyaka/shared';
import { useId, useState } from 'react';
import { useImportRoster, useRosterSummary } from '../api/members';
import { useCurrentAssociation } from '../parts/association';
import { formatJapanTime } from '../parts/datetime';
import { readFileText } from '../parts/file-text';
import { QueryState } from '../parts/states';
import { Table, TableScroll } from '../parts/Table';

type Result = CallOutput<'importOperatorRoster'>;

const number = (value: number) => value.toLocaleString('ja-JP');

/** A file's size as operators read it: 12 KB, 1.4 MB. */
function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} バイト`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A file to start from: the header and one row in the format the import reads. */
const SAMPLE_CSV = `data:text/csv;charset=utf-8,${encodeURIComponent('member_symbol,member_number,birthday\n1001,2001,1990-01-01\n')}`;

/** /admin/roster: the association's roster in figures, and a CSV imported all rows or none (the wrong rows listed). */
export function RosterPage() {
  usePageTitle('名簿の取り込み | すこやか運営管理');
  const { association, canEdit } = useCurrentAssociation();
  const summary = useRosterSummary(association.associationId);
  const importRoster = useImportRoster(association.associationId);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<{ fileName: string; answer: Result } | null>(null);
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
    const fileName = file.name;
    importRoster.mutate({ associationId: association.associationId, csv }, { onSuccess: (answer) => setResult({ fileName, answer }) });
  };

  return (
    <Stack $gap={3}>
      <Heading>名簿の取り込み</Heading>
      <Card aria-labelledby="roster-now">
        <SectionHeading id="roster-now">{association.associationName}の名簿</SectionHeading>
        <QueryState query={summary} label="名簿の件数">
          {(data) => (
            <FactRows>
              <dt>登録されている加入者</dt>
              <dd>{number(data.entries)}件</dd>
              <dt>そのうち会員が連携済み</dt>
              <dd>{number(data.linked)}件</dd>
              <dt>最後の取り込み</dt>
              <dd>{data.lastImportedAt ? formatJapanTime(data.lastImportedAt) : 'まだ取り込んでいません'}</dd>
            </FactRows>
          )}
        </QueryState>
      </Card>
      <Text>
        被保険者名簿をCSVで取り込みます。1行目は見出し行 <code>member_symbol,member_number,birthday</code> とし、生年月日は yyyy-MM-dd
        で書いてください（UTF-8、BOM付きも可）。1行でも誤りがあると何も取り込まれません。すでにある加入者はそのまま残ります。{' '}
        <a href={SAMPLE_CSV} download="roster-sample.csv">
          見本のCSVをダウンロード
        </a>
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
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setResult(null);
                setReadError(null);
              }}
            />
            {file ? (
              <Text $muted>
                選んだファイル: {file.name}（{fileSize(file.size)}）
              </Text>
            ) : null}
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
      {result?.answer.ok ? (
        <Notice role="status">
          「{result.fileName}」を取り込みました。{number(result.answer.imported + result.answer.alreadyPresent)}行のうち、新しく追加:{' '}
          {number(result.answer.imported)}件、すでに登録済み: {number(result.answer.alreadyPresent)}件
          {summary.data ? `。名簿は全部で${number(summary.data.entries)}件になりました。` : ''}
        </Notice>
      ) : null}
      {result && !result.answer.ok ? (
        <Card role="alert" aria-labelledby="roster-errors">
          <Stack $gap={1.5}>
            <SectionHeading id="roster-errors">取り込めませんでした（誤り {number(result.answer.errors.length)}件）</SectionHeading>
            <Text>「{result.fileName}」に誤りがあるため、何も取り込みませんでした。次の行を直してから、もう一度取り込んでください。</Text>
            <TableScroll tabIndex={0} role="region" aria-label="誤りのある行の一覧">
              <Table>
                <caption>誤りのある行</caption>
                <thead>
                  <tr>
                    <th scope="col" className="number">
                      行
                    </th>
                    <th scope="col">内容</th>
                  </tr>
                </thead>
                <tbody>
                  {result.answer.errors.map((error, index) => (
                    <tr key={index}>
                      <th scope="row" className="number">
                        {error.line === null ? 'ファイル全体' : `${error.line}行目`}
                      </th>
                      <td>{error.message}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableScroll>
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
