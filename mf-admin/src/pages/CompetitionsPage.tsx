import type { OperatorCompetition } from '@sukoyaka/contract';
import {
  Button,
  Card,
  FormError,
  List,
  SectionHeading,
  Stack,
  Text,
  TextAreaField,
  TextField,
  describeError,
  useContractForm,
  useFormValues,
  loadIncentiveCalls,
} from '@sukoyaka/shared';
import { RadioGroup } from '@sukoyaka/shared/widgets';
import { useState } from 'react';
import { useCreateCompetition, useDrawCompetition, useOperatorCompetitions } from '../api/content';
import { useCurrentAssociation } from '../parts/association';
import { formatJapanTime, japanMoment } from '../parts/datetime';
import { AdminPage, CardList, FormCard } from '../parts/page-frame';

const toNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** /admin/competitions: the association's prize competitions, drawing the ended ones, a new one. */
export function CompetitionsPage() {
  const { association, canEdit } = useCurrentAssociation();
  const list = useOperatorCompetitions(association.associationId);
  return (
    <AdminPage
      title="懸賞"
      intro="会員が応募できる懸賞です。抽選はサーバーで行われ、記録された値から誰でも同じ結果を再現できます。"
      readOnlyNotice="閲覧者の権限では作成・抽選できません。"
    >
      <CardList query={list} label="懸賞" items={(data) => data.items} empty="懸賞はまだありません">
        {(item) => <CompetitionCard key={item.id} item={item} />}
      </CardList>
      {canEdit ? <CreateCompetitionForm /> : null}
    </AdminPage>
  );
}

function CompetitionCard({ item }: { item: OperatorCompetition }) {
  const { association, canEdit } = useCurrentAssociation();
  const draw = useDrawCompetition(association.associationId);
  const ended = Date.parse(item.endsAt) <= Date.now();
  return (
    <Card aria-labelledby={`competition-${item.id}`}>
      <SectionHeading id={`competition-${item.id}`}>{item.title}</SectionHeading>
      <Text $muted>
        {formatJapanTime(item.startsAt)} 〜 {formatJapanTime(item.endsAt)}／
        {item.entryKind === 'steps'
          ? `期間中に${(item.stepsRequired ?? 0).toLocaleString('ja-JP')}歩で応募`
          : `${item.coinCost}コインで応募`}
        ／応募 {item.entryCount}件
      </Text>
      <List>
        {item.prizes.map((prize) => (
          <li key={prize.name}>
            {prize.name}（{prize.winners}名）
          </li>
        ))}
      </List>
      {item.drawnAt ? (
        <Stack $gap={1}>
          <Text>
            抽選済み（{formatJapanTime(item.drawnAt)}）／当選 {item.winners.length}件／シード <code>{item.drawSeed}</code>
          </Text>
        </Stack>
      ) : canEdit && ended ? (
        <div>
          <Button busy={draw.isPending} onClick={() => draw.mutate({ associationId: association.associationId, competitionId: item.id })}>
            {item.title}の抽選をする
          </Button>
        </div>
      ) : (
        <Text $muted>{ended ? '抽選待ち' : '受付中'}</Text>
      )}
      {draw.isError ? <FormError>{describeError(draw.error)}</FormError> : null}
    </Card>
  );
}

function CreateCompetitionForm() {
  const { association } = useCurrentAssociation();
  const create = useCreateCompetition(association.associationId);
  const { values, setValues, set, field, reset } = useFormValues(() => ({
    title: '',
    description: '',
    startsAt: '',
    endsAt: '',
    entryKind: 'steps',
    amount: '',
    prize: '',
    winners: '1',
  }));
  const [done, setDone] = useState<string | null>(null);
  const form = useContractForm({
    loadSchema: () => loadIncentiveCalls().then((calls) => calls.createOperatorPrizeCompetition.input),
    mutation: create,
    beforeSubmit: () => setDone(null),
    onSuccess: (result: OperatorCompetition) => {
      setDone(`「${result.title}」を作成しました。`);
      reset();
    },
  });
  return (
    <FormCard
      id="new-competition"
      heading="懸賞を作成する"
      form={form}
      done={done}
      submitLabel="作成する"
      submits={() => ({
        associationId: association.associationId,
        title: values.title,
        description: values.description,
        startsAt: japanMoment(values.startsAt),
        endsAt: japanMoment(values.endsAt),
        entryKind: values.entryKind,
        ...(values.entryKind === 'steps' ? { stepsRequired: toNumber(values.amount) } : { coinCost: toNumber(values.amount) }),
        prizes: [{ name: values.prize, winners: toNumber(values.winners) }],
      })}
    >
      <TextField {...field('title', form.errors)} label="タイトル" />
      <TextAreaField {...field('description', form.errors)} label="説明" optional />
      <TextField {...field('startsAt', form.errors)} label="開始日時" type="datetime-local" />
      <TextField {...field('endsAt', form.errors)} label="終了日時" type="datetime-local" />
      <RadioGroup
        legend="応募方法"
        name="entryKind"
        value={values.entryKind}
        onChange={(value) => setValues({ ...values, entryKind: value })}
        error={form.errors.entryKind}
        options={[
          { value: 'steps', label: '期間中の歩数で応募' },
          { value: 'coins', label: 'コインで応募' },
        ]}
      />
      <TextField
        label={values.entryKind === 'steps' ? '目標歩数' : '必要コイン数'}
        name="amount"
        inputMode="numeric"
        value={values.amount}
        onChange={set('amount')}
        error={form.errors.stepsRequired ?? form.errors.coinCost}
      />
      <TextField {...field('prize', form.errors, 'prizes.0.name')} label="賞品名" />
      <TextField {...field('winners', form.errors, 'prizes.0.winners')} label="当選者数" inputMode="numeric" />
    </FormCard>
  );
}
