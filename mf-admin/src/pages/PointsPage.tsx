import type { OperatorProgram } from '@sukoyaka/contract';
import { operatorVitalTypes } from '@sukoyaka/contract/incentive-terms';
import {
  Button,
  Card,
  EmptyState,
  FormError,
  Label,
  List,
  Notice,
  SectionHeading,
  Stack,
  Text,
  TextField,
  describeError,
  useContractForm,
  useFormValues,
  loadIncentiveCalls,
} from '@sukoyaka/shared';
import { GiftPicture, RadioGroup, Select } from '@sukoyaka/shared/widgets';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { useAddGift, useAdjustPoints, useCreateProgram, useImportGiftCodes, usePointPrograms } from '../api/areas';
import { useCurrentAssociation } from '../parts/association';
import { readFileText } from '../parts/file-text';
import { menuTerms } from '../parts/menu-text';
import { AdminPage, FormCard, FormDetails } from '../parts/page-frame';
import { QueryState } from '../parts/states';
import { GiftImageForm } from './GiftImageForm';

const VITAL_LABELS: Record<(typeof operatorVitalTypes)[number], string> = {
  bloodPressure: '血圧',
  bloodSugar: '血糖値',
  weight: '体重',
  bodyTemperature: '体温',
  steps: '歩数',
};
const GiftRow = styled.li`
  display: flex;
  gap: ${({ theme }) => theme.spacing(2)};
  align-items: flex-start;
  padding: ${({ theme }) => theme.spacing(1, 0)};
`;

const toNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** /admin/points: the association's point programs, their menus and gifts, and manual grants. */
export function PointsPage() {
  const { association, canEdit } = useCurrentAssociation();
  const programs = usePointPrograms(association.associationId);
  return (
    <AdminPage
      title="ポイント・ギフト"
      intro={`${association.associationName}のポイントと、その獲得メニュー・交換できるギフトです。`}
      readOnlyNotice="閲覧者の権限では変更できません。"
    >
      <QueryState query={programs} label="ポイント">
        {(data) => (
          <Stack $gap={3}>
            {data.programs.length === 0 ? <EmptyState title="ポイントはまだありません">下のフォームから作成できます。</EmptyState> : null}
            {data.programs.map((program) => (
              <ProgramCard key={program.id} program={program} />
            ))}
            {canEdit && data.programs.length > 0 ? <AdjustForm programs={data.programs} /> : null}
            {canEdit ? <CreateProgramForm /> : null}
          </Stack>
        )}
      </QueryState>
    </AdminPage>
  );
}

function ProgramCard({ program }: { program: OperatorProgram }) {
  const { canEdit } = useCurrentAssociation();
  return (
    <Card aria-labelledby={`program-${program.id}`}>
      <Stack $gap={2}>
        <SectionHeading id={`program-${program.id}`}>{program.name}</SectionHeading>
        <Text $muted>
          有効期限: 付与から{program.expiryMonths}か月{program.requiresConsent ? '・利用には同意が必要' : ''}
        </Text>
        <div>
          <strong>獲得メニュー</strong>
          {program.menus.length === 0 ? (
            <Text $muted>メニューはありません。</Text>
          ) : (
            <List>
              {program.menus.map((menu) => (
                <li key={menu.id}>
                  {menu.title}（{menuTerms(menu)}）
                </li>
              ))}
            </List>
          )}
        </div>
        <div>
          <strong>ギフト</strong>
          {program.gifts.length === 0 ? (
            <Text $muted>ギフトはありません。</Text>
          ) : (
            <List>
              {program.gifts.map((gift) => (
                <GiftRow key={gift.id}>
                  <GiftPicture picture={gift.image} width={96} lazy />
                  <Stack $gap={1}>
                    <span>
                      {gift.name}（{gift.cost}pt、
                      {gift.kind === 'digital_code'
                        ? `デジタルコード 残り${gift.codesAvailable ?? 0}件`
                        : `配送${gift.stock === null ? '' : ` 在庫${gift.stock}`}`}
                      ）
                    </span>
                    {gift.image ? <Text $muted>代替テキスト: {gift.image.alt}</Text> : <Text $muted>画像は未設定です。</Text>}
                    {canEdit ? <GiftImageForm gift={gift} /> : null}
                  </Stack>
                </GiftRow>
              ))}
            </List>
          )}
        </div>
        {canEdit ? <AddGiftForm programId={program.id} /> : null}
        {canEdit && program.gifts.some((gift) => gift.kind === 'digital_code') ? (
          <ImportCodesForm gifts={program.gifts.filter((gift) => gift.kind === 'digital_code')} />
        ) : null}
      </Stack>
    </Card>
  );
}

function CreateProgramForm() {
  const { association } = useCurrentAssociation();
  const create = useCreateProgram(association.associationId);
  const { values, set, field } = useFormValues(() => ({
    name: '',
    expiryMonths: '36',
    consentText: '',
    menuTitle: '',
    menuVital: 'weight',
    menuPoints: '',
  }));
  const [done, setDone] = useState(false);
  const form = useContractForm({
    loadSchema: () => loadIncentiveCalls().then((calls) => calls.createOperatorPointProgram.input),
    mutation: create,
    onSuccess: () => setDone(true),
    beforeSubmit: () => setDone(false),
  });
  return (
    <FormCard
      id="create-program"
      heading="ポイントを作成する"
      form={form}
      done={done ? 'ポイントを作成しました。' : null}
      submitLabel="作成する"
      submits={() => ({
        associationId: association.associationId,
        name: values.name,
        expiryMonths: toNumber(values.expiryMonths),
        consentText: values.consentText,
        menus: values.menuTitle.trim()
          ? [
              {
                kind: 'vital_recorded',
                vitalType: values.menuVital,
                title: values.menuTitle,
                points: toNumber(values.menuPoints),
                dailyLimit: 1,
              },
            ]
          : [],
      })}
    >
      <TextField {...field('name', form.errors)} label="ポイント名" />
      <TextField {...field('expiryMonths', form.errors)} label="有効期限（月）" inputMode="numeric" />
      <TextField {...field('consentText', form.errors)} label="同意文（空欄なら同意は不要）" optional />
      <TextField {...field('menuTitle', form.errors, 'menus.0.title')} label="最初のメニュー名（例: 体重を記録）" optional />
      <Select
        label="記録の種類"
        value={values.menuVital}
        onChange={set('menuVital')}
        options={operatorVitalTypes.map((type) => ({ value: type, label: VITAL_LABELS[type] }))}
      />
      <TextField {...field('menuPoints', form.errors, 'menus.0.points')} label="1回のポイント" inputMode="numeric" optional />
    </FormCard>
  );
}

function AddGiftForm({ programId }: { programId: string }) {
  const { association } = useCurrentAssociation();
  const add = useAddGift(association.associationId);
  const { values, setValues, field, reset } = useFormValues(() => ({ name: '', cost: '', kind: 'digital_code', stock: '' }));
  const form = useContractForm({
    loadSchema: () => loadIncentiveCalls().then((calls) => calls.addOperatorGift.input),
    mutation: add,
    onSuccess: reset,
  });
  return (
    <FormDetails
      summary="ギフトを追加する"
      form={form}
      submitLabel="追加する"
      submits={() => ({
        programId,
        name: values.name,
        cost: toNumber(values.cost),
        kind: values.kind,
        stock: values.kind === 'delivery' && values.stock.trim() ? toNumber(values.stock) : null,
      })}
    >
      <TextField {...field('name', form.errors)} label="ギフト名" />
      <TextField {...field('cost', form.errors)} label="必要ポイント" inputMode="numeric" />
      <RadioGroup
        legend="受け取り方"
        name={`kind-${programId}`}
        value={values.kind}
        onChange={(value) => setValues({ ...values, kind: value })}
        options={[
          { value: 'digital_code', label: 'デジタルコード' },
          { value: 'delivery', label: '配送' },
        ]}
      />
      {values.kind === 'delivery' ? (
        <TextField {...field('stock', form.errors)} label="在庫数（空欄なら無制限）" inputMode="numeric" optional />
      ) : null}
    </FormDetails>
  );
}

function ImportCodesForm({ gifts }: { gifts: OperatorProgram['gifts'] }) {
  const { association } = useCurrentAssociation();
  const importCodes = useImportGiftCodes(association.associationId);
  const [giftId, setGiftId] = useState(gifts[0]!.id);
  const [file, setFile] = useState<File | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; lines: string[] } | null>(null);
  const inputId = useId();
  return (
    <details>
      <summary>ギフトコードを取り込む</summary>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setMessage(null);
          if (!file) return setMessage({ ok: false, lines: ['コードのCSVファイルを選んでください。'] });
          void readFileText(file).then((csv) =>
            importCodes.mutate(
              { giftId, csv },
              {
                onSuccess: (result) =>
                  setMessage(
                    result.ok
                      ? { ok: true, lines: [`${result.imported}件のコードを取り込みました。`] }
                      : { ok: false, lines: result.errors },
                  ),
              },
            ),
          );
        }}
      >
        <Stack $gap={2}>
          <Select
            label="ギフト"
            value={giftId}
            onChange={(event) => setGiftId(event.target.value)}
            options={gifts.map((gift) => ({ value: gift.id, label: gift.name }))}
          />
          <Label htmlFor={inputId}>コードのCSV（1行に1コード）</Label>
          <input
            id={inputId}
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          {importCodes.isError ? <FormError>{describeError(importCodes.error)}</FormError> : null}
          {message ? (
            message.ok ? (
              <Notice role="status">{message.lines[0]}</Notice>
            ) : (
              <FormError>
                {message.lines.map((line) => (
                  <span key={line}>
                    {line}
                    <br />
                  </span>
                ))}
              </FormError>
            )
          ) : null}
          <div>
            <Button type="submit" busy={importCodes.isPending}>
              取り込む
            </Button>
          </div>
        </Stack>
      </form>
    </details>
  );
}

function AdjustForm({ programs }: { programs: OperatorProgram[] }) {
  const { association } = useCurrentAssociation();
  const adjust = useAdjustPoints(association.associationId);
  const { values, setValues, set, field } = useFormValues(() => ({
    programId: programs[0]!.id,
    memberEmail: '',
    direction: 'grant',
    amount: '',
    reason: '',
  }));
  const [balance, setBalance] = useState<number | null>(null);
  const form = useContractForm({
    loadSchema: () => loadIncentiveCalls().then((calls) => calls.adjustOperatorPoints.input),
    mutation: adjust,
    beforeSubmit: () => setBalance(null),
    onSuccess: (result: { balance: number }) => setBalance(result.balance),
  });
  return (
    <FormCard
      id="adjust-points"
      heading="ポイントを付与・取り消す"
      form={form}
      done={balance !== null ? `完了しました。会員の残高は${balance}ptです。` : null}
      submitLabel="実行する"
      submits={() => ({ ...values, amount: toNumber(values.amount) })}
    >
      <Select
        label="ポイント"
        value={values.programId}
        onChange={set('programId')}
        options={programs.map((program) => ({ value: program.id, label: program.name }))}
      />
      <TextField {...field('memberEmail', form.errors)} label="会員のメールアドレス" type="email" />
      <RadioGroup
        legend="操作"
        name="direction"
        value={values.direction}
        onChange={(value) => setValues({ ...values, direction: value })}
        options={[
          { value: 'grant', label: '付与' },
          { value: 'revoke', label: '取り消し' },
        ]}
      />
      <TextField {...field('amount', form.errors)} label="ポイント数" inputMode="numeric" />
      <TextField {...field('reason', form.errors)} label="理由（会員の履歴に表示されます）" />
    </FormCard>
  );
}
