import type { OperatorWalkingEvent } from '@sukoyaka/contract';
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
import { RadioGroup, Select } from '@sukoyaka/shared/widgets';
import { useState } from 'react';
import { usePointPrograms } from '../api/areas';
import {
  useCloseWalkingEvent,
  useCreateWalkingEvent,
  useDecideWalkingDay,
  useOperatorWalkingEvents,
  useOperatorWalkingHeldDays,
} from '../api/walking-events';
import { useCurrentAssociation } from '../parts/association';
import { AdminPage, CardList, FormCard } from '../parts/page-frame';

const toNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));
const PHASE_TEXT: Record<OperatorWalkingEvent['phase'], string> = {
  upcoming: '開始前',
  open: '開催中',
  grace: '集計中',
  closed: '締め済み',
};
const MODE_TEXT: Record<OperatorWalkingEvent['mode'], string> = { solo: '個人', team: 'チーム', both: '個人・チーム' };
const REASON_TEXT = { over_limit: '1日の上限を超えています', repeated: '前日と同じ大きな歩数です' } as const;

/** /admin/walking_events: the association's walking events, their held days, closing, a new one. */
export function WalkingEventsPage() {
  const { association, canEdit } = useCurrentAssociation();
  const list = useOperatorWalkingEvents(association.associationId);
  return (
    <AdminPage
      title="ウォーキングイベント"
      intro="会員が個人やチームで参加するウォーキングイベントです。連携機器やアプリの歩数だけを数え、上限を超える日などは確認中になります。報酬は猶予期間の後に一度だけ付与されます。"
      readOnlyNotice="閲覧者の権限では作成・判定・締めはできません。"
    >
      <CardList query={list} label="ウォーキングイベント" items={(data) => data.items} empty="ウォーキングイベントはまだありません">
        {(item) => <EventCard key={item.id} item={item} />}
      </CardList>
      {canEdit ? <CreateEventForm /> : null}
    </AdminPage>
  );
}

function EventCard({ item }: { item: OperatorWalkingEvent }) {
  const { association, canEdit } = useCurrentAssociation();
  const close = useCloseWalkingEvent(association.associationId);
  return (
    <Card aria-labelledby={`walking-${item.id}`}>
      <Stack $gap={1}>
        <SectionHeading id={`walking-${item.id}`}>{item.title}</SectionHeading>
        <Text $muted>
          {item.startsOn} 〜 {item.endsOn}（猶予{item.graceDays}日）／{MODE_TEXT[item.mode]}／
          {item.phase === 'closed' && !item.paidOut ? '締め済み（ポイント付与中）' : PHASE_TEXT[item.phase]}／参加 {item.participants}人・
          {item.teams}チーム／確認中 {item.heldDays}日
        </Text>
        {item.heldDays > 0 ? <HeldDays item={item} /> : null}
        {canEdit && item.phase === 'grace' ? (
          <div>
            <Button busy={close.isPending} onClick={() => close.mutate({ associationId: association.associationId, eventId: item.id })}>
              {item.title}を締めて報酬を付与する
            </Button>
          </div>
        ) : null}
        {close.isError ? <FormError>{describeError(close.error)}</FormError> : null}
      </Stack>
    </Card>
  );
}

function HeldDays({ item }: { item: OperatorWalkingEvent }) {
  const { association, canEdit } = useCurrentAssociation();
  const held = useOperatorWalkingHeldDays(association.associationId, item.id);
  const decide = useDecideWalkingDay(association.associationId);
  if (!held.data) return held.isError ? <FormError>{describeError(held.error)}</FormError> : <Text $muted>確認中の日を読み込み中</Text>;
  return (
    <Stack $gap={1}>
      <Text>確認中の日</Text>
      <List aria-label={`${item.title}の確認中の日`}>
        {held.data.items.map((day) => (
          <li key={day.id}>
            <Stack $gap={0.5}>
              <Text>
                {day.day}：{day.steps.toLocaleString('ja-JP')}歩（{REASON_TEXT[day.reason]}
                {day.previousDaySteps !== null ? `、前日 ${day.previousDaySteps.toLocaleString('ja-JP')}歩` : ''}）参加者{' '}
                {day.participantId.slice(0, 8)}
              </Text>
              {canEdit ? (
                <div>
                  <Button
                    busy={decide.isPending}
                    onClick={() =>
                      decide.mutate({ associationId: association.associationId, eventId: item.id, dayId: day.id, decision: 'approve' })
                    }
                  >
                    {day.day}の歩数を認める
                  </Button>{' '}
                  <Button
                    variant="secondary"
                    busy={decide.isPending}
                    onClick={() =>
                      decide.mutate({ associationId: association.associationId, eventId: item.id, dayId: day.id, decision: 'refuse' })
                    }
                  >
                    {day.day}の歩数を認めない
                  </Button>
                </div>
              ) : null}
            </Stack>
          </li>
        ))}
      </List>
      {decide.isError ? <FormError>{describeError(decide.error)}</FormError> : null}
    </Stack>
  );
}

function CreateEventForm() {
  const { association } = useCurrentAssociation();
  const create = useCreateWalkingEvent(association.associationId);
  const programs = usePointPrograms(association.associationId);
  const { values, setValues, field, reset } = useFormValues(() => ({
    programId: '',
    title: '',
    description: '',
    startsOn: '',
    endsOn: '',
    graceDays: '3',
    mode: 'both',
    teamSize: '5',
    dailyLimit: '50000',
    finishSteps: '',
    finishPoints: '0',
    topRank: '',
    topPoints: '',
    teamTopRank: '',
    teamTopPoints: '',
  }));
  const [done, setDone] = useState<string | null>(null);
  const form = useContractForm({
    loadSchema: () => loadIncentiveCalls().then((calls) => calls.createOperatorWalkingEvent.input),
    mutation: create,
    beforeSubmit: () => setDone(null),
    onSuccess: (result: OperatorWalkingEvent) => {
      setDone(`「${result.title}」を作成しました。`);
      reset();
    },
  });
  const tier = (rank: string, points: string) =>
    rank.trim() && points.trim() ? [{ upToRank: toNumber(rank), points: toNumber(points) }] : [];
  return (
    <FormCard
      id="new-walking-event"
      heading="ウォーキングイベントを作成する"
      form={form}
      done={done}
      submitLabel="作成する"
      submits={() => ({
        associationId: association.associationId,
        programId: values.programId,
        title: values.title,
        description: values.description,
        startsOn: values.startsOn,
        endsOn: values.endsOn,
        graceDays: toNumber(values.graceDays),
        mode: values.mode,
        teamSize: toNumber(values.teamSize),
        dailyLimit: toNumber(values.dailyLimit),
        finishSteps: toNumber(values.finishSteps) ?? null,
        finishPoints: toNumber(values.finishPoints) ?? 0,
        rankRewards: tier(values.topRank, values.topPoints),
        teamRankRewards: tier(values.teamTopRank, values.teamTopPoints),
      })}
    >
      <Select
        {...field('programId', form.errors)}
        label="報酬のポイント"
        placeholder="ポイントプログラムを選んでください"
        options={(programs.data?.programs ?? []).map((program) => ({ value: program.id, label: program.name }))}
      />
      <TextField {...field('title', form.errors)} label="タイトル" />
      <TextAreaField {...field('description', form.errors)} label="説明" optional />
      <TextField {...field('startsOn', form.errors)} label="開始日" type="date" />
      <TextField {...field('endsOn', form.errors)} label="終了日" type="date" />
      <TextField {...field('graceDays', form.errors)} label="猶予日数（遅れて届いた歩数を数える日数）" inputMode="numeric" />
      <RadioGroup
        legend="参加形式"
        name="mode"
        value={values.mode}
        onChange={(value) => setValues({ ...values, mode: value })}
        error={form.errors.mode}
        options={[
          { value: 'both', label: '個人とチーム' },
          { value: 'solo', label: '個人のみ' },
          { value: 'team', label: 'チームのみ' },
        ]}
      />
      <TextField {...field('teamSize', form.errors)} label="チームの人数（2〜10人）" inputMode="numeric" />
      <TextField {...field('dailyLimit', form.errors)} label="1日の上限（超える日は確認中）" inputMode="numeric" />
      <TextField {...field('finishSteps', form.errors)} label="完走の歩数" inputMode="numeric" optional />
      <TextField {...field('finishPoints', form.errors)} label="完走ポイント" inputMode="numeric" />
      <TextField
        {...field('topRank', form.errors, 'rankRewards.0.upToRank')}
        label="個人順位の報酬：何位まで"
        inputMode="numeric"
        optional
      />
      <TextField
        {...field('topPoints', form.errors, 'rankRewards.0.points')}
        label="個人順位の報酬：ポイント"
        inputMode="numeric"
        optional
      />
      <TextField
        {...field('teamTopRank', form.errors, 'teamRankRewards.0.upToRank')}
        label="チーム順位の報酬：何位まで"
        inputMode="numeric"
        optional
      />
      <TextField
        {...field('teamTopPoints', form.errors, 'teamRankRewards.0.points')}
        label="チーム順位の報酬：ポイント（メンバー1人あたり）"
        inputMode="numeric"
        optional
      />
    </FormCard>
  );
}
