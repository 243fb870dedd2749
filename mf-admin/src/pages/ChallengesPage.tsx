import type { OperatorChallenge, OperatorProgram } from '@sukoyaka/contract';
import {
  Button,
  Card,
  FormError,
  SectionHeading,
  Text,
  TextField,
  describeError,
  useContractForm,
  useFormValues,
  loadIncentiveCalls,
} from '@sukoyaka/shared';
import { RadioGroup, Select } from '@sukoyaka/shared/widgets';
import { useState } from 'react';
import { usePointPrograms } from '../api/areas';
import { useCreateChallenge, useOperatorChallenges, useSetChallengeActive } from '../api/challenges';
import { useCurrentAssociation } from '../parts/association';
import { formatJapanTime } from '../parts/datetime';
import { AdminPage, CardList, FormCard } from '../parts/page-frame';

const toNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** What a challenge asks, in one phrase: 「血圧を記録した日が20日」. */
export function challengeTerms(item: Pick<OperatorChallenge, 'kind' | 'minSteps' | 'targetDays'>): string {
  const day = item.kind === 'step_days' ? `${(item.minSteps ?? 0).toLocaleString('ja-JP')}歩以上歩いた日` : '血圧を記録した日';
  return `${day}が${item.targetDays}日`;
}

/** /admin/challenges: the association's monthly challenges, offering or stopping them, a new one. */
export function ChallengesPage() {
  const { association, canEdit } = useCurrentAssociation();
  const list = useOperatorChallenges(association.associationId);
  const programs = usePointPrograms(association.associationId);
  return (
    <AdminPage
      title="今月のチャレンジ"
      intro="会員が月ごとに参加できるチャレンジです。提供中のものは毎月提供され、会員は参加した月の記録で達成を目指します。達成するとポイントメニュー「チャレンジ達成」によりポイントが付与されます（1つのチャレンジにつき会員ごとに月1回）。"
      readOnlyNotice="閲覧者の権限では作成・変更できません。"
    >
      <CardList query={list} label="チャレンジ" items={(data) => data.items} empty="チャレンジはまだありません">
        {(item) => <ChallengeCard key={item.id} item={item} programs={programs.data?.programs ?? []} />}
      </CardList>
      {canEdit && programs.data ? (
        programs.data.programs.length > 0 ? (
          <CreateChallengeForm programs={programs.data.programs} />
        ) : (
          <Text $muted>チャレンジを作るには、先にポイントを作成してください。</Text>
        )
      ) : null}
    </AdminPage>
  );
}

function ChallengeCard({ item, programs }: { item: OperatorChallenge; programs: OperatorProgram[] }) {
  const { association, canEdit } = useCurrentAssociation();
  const toggle = useSetChallengeActive(association.associationId);
  const program = programs.find((candidate) => candidate.id === item.pointId);
  return (
    <Card aria-labelledby={`challenge-${item.id}`}>
      <SectionHeading id={`challenge-${item.id}`}>{item.title}</SectionHeading>
      <Text>
        {challengeTerms(item)}／{item.points.toLocaleString('ja-JP')}pt{program ? `（${program.name}）` : ''}
      </Text>
      <Text $muted>
        {item.active ? '提供中' : '提供停止中'}／作成 {formatJapanTime(item.createdAt)}
      </Text>
      {canEdit ? (
        <div>
          <Button
            variant="secondary"
            busy={toggle.isPending}
            onClick={() => toggle.mutate({ associationId: association.associationId, challengeId: item.id, active: !item.active })}
          >
            {item.active ? `${item.title}の提供を止める` : `${item.title}の提供を再開する`}
          </Button>
        </div>
      ) : null}
      {toggle.isError ? <FormError>{describeError(toggle.error)}</FormError> : null}
    </Card>
  );
}

function CreateChallengeForm({ programs }: { programs: OperatorProgram[] }) {
  const { association } = useCurrentAssociation();
  const create = useCreateChallenge(association.associationId);
  const { values, setValues, set, field, reset } = useFormValues(() => ({
    pointId: programs[0]!.id,
    title: '',
    kind: 'blood_pressure_days',
    targetDays: '',
    minSteps: '',
    points: '',
  }));
  const [done, setDone] = useState<string | null>(null);
  const form = useContractForm({
    loadSchema: () => loadIncentiveCalls().then((calls) => calls.createOperatorChallenge.input),
    mutation: create,
    beforeSubmit: () => setDone(null),
    onSuccess: (result: OperatorChallenge) => {
      setDone(`「${result.title}」を作成しました。今月から会員に提供されます。`);
      reset();
    },
  });
  return (
    <FormCard
      id="new-challenge"
      heading="チャレンジを作成する"
      form={form}
      done={done}
      submitLabel="作成する"
      submits={() => ({
        associationId: association.associationId,
        pointId: values.pointId,
        title: values.title,
        kind: values.kind,
        targetDays: toNumber(values.targetDays),
        ...(values.kind === 'step_days' ? { minSteps: toNumber(values.minSteps) } : {}),
        points: toNumber(values.points),
      })}
    >
      <Select
        label="ポイント"
        value={values.pointId}
        onChange={set('pointId')}
        options={programs.map((program) => ({ value: program.id, label: program.name }))}
      />
      <TextField {...field('title', form.errors)} label="チャレンジ名（例：今月20日、血圧を記録する）" />
      <RadioGroup
        legend="数える日"
        name="kind"
        value={values.kind}
        onChange={(value) => setValues({ ...values, kind: value })}
        error={form.errors.kind}
        options={[
          { value: 'blood_pressure_days', label: '血圧を記録した日（その日か翌日までの記録）' },
          { value: 'step_days', label: '歩数が目標以上の日（機器・アプリの歩数。手入力は数えません）' },
        ]}
      />
      {values.kind === 'step_days' ? <TextField {...field('minSteps', form.errors)} label="1日の歩数" inputMode="numeric" /> : null}
      <TextField {...field('targetDays', form.errors)} label="目標日数（1〜28日）" inputMode="numeric" />
      <TextField {...field('points', form.errors)} label="達成で付与するポイント数（1日の付与上限まで）" inputMode="numeric" />
    </FormCard>
  );
}
