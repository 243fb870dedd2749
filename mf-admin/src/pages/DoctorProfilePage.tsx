import type { DoctorProfile } from '@sukoyaka/contract';
import { Card, Notice, TextAreaField, TextField, useContractForm, useFormValues, loadHealthCalls } from '@sukoyaka/shared';
import { useState } from 'react';
import { useDoctorProfile, useUpdateDoctorProfile } from '../api/areas';
import { useCurrentAssociation } from '../parts/association';
import { AdminPage, ContractFormBody } from '../parts/page-frame';
import { QueryState } from '../parts/states';

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** /admin/doctor_profile: the physician who supervises the association's health forecast. */
export function DoctorProfilePage() {
  const { association } = useCurrentAssociation();
  const profile = useDoctorProfile(association.associationId);
  return (
    <AdminPage
      title="監修医"
      intro={`健康予測のページ（/doctor_profile01）で会員に表示する、${association.associationName}の監修医の紹介です。`}
    >
      <QueryState query={profile} label="監修医の情報">
        {(data) => <DoctorForm key={association.associationId} initial={data.profile} />}
      </QueryState>
    </AdminPage>
  );
}

function DoctorForm({ initial }: { initial: DoctorProfile | null }) {
  const { association, canEdit } = useCurrentAssociation();
  const update = useUpdateDoctorProfile(association.associationId);
  const { values, field } = useFormValues(() => ({
    name: initial?.name ?? '',
    nameKana: initial?.nameKana ?? '',
    title: initial?.title ?? '',
    specialty: initial?.specialty ?? '',
    qualifications: (initial?.qualifications ?? []).join('\n'),
    career: (initial?.career ?? []).join('\n'),
    message: initial?.message ?? '',
  }));
  const [saved, setSaved] = useState(false);
  const form = useContractForm({
    loadSchema: () => loadHealthCalls().then((calls) => calls.updateOperatorDoctorProfile.input),
    mutation: update,
    beforeSubmit: () => setSaved(false),
    onSuccess: () => setSaved(true),
  });
  // The contract nests the profile: its errors name `profile.name` (a top-level name still counts).
  const errors = Object.fromEntries(Object.keys(values).map((name) => [name, form.errors[`profile.${name}`] ?? form.errors[name]]));
  return (
    <Card>
      {!initial ? <Notice>この組合の監修医はまだ登録されていません。会員にはサービス共通の監修医が表示されます。</Notice> : null}
      {!canEdit ? <Notice>閲覧者の権限では変更できません。</Notice> : null}
      <ContractFormBody
        form={form}
        done={saved ? '保存しました。' : null}
        submitLabel="保存する"
        disabled={!canEdit}
        submits={() => ({
          associationId: association.associationId,
          profile: { ...values, qualifications: lines(values.qualifications), career: lines(values.career) },
        })}
      >
        <TextField {...field('name', errors)} label="氏名" disabled={!canEdit} />
        <TextField {...field('nameKana', errors)} label="氏名（ふりがな）" disabled={!canEdit} />
        <TextField {...field('title', errors)} label="肩書き" disabled={!canEdit} />
        <TextField {...field('specialty', errors)} label="専門" disabled={!canEdit} />
        <TextAreaField {...field('qualifications', errors)} label="資格（1行に1つ）" optional disabled={!canEdit} />
        <TextAreaField {...field('career', errors)} label="経歴（1行に1つ）" optional disabled={!canEdit} />
        <TextAreaField {...field('message', errors)} label="メッセージ" disabled={!canEdit} />
      </ContractFormBody>
    </Card>
  );
}
