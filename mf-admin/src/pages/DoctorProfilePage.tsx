import type { DoctorProfile } from '@sukoyaka/contract';
import { healthCalls } from '@sukoyaka/contract/health';
import { Button, Card, FormError, Heading, Notice, Stack, Text, TextField, useContractForm, usePageTitle } from '@sukoyaka/shared';
import { useState } from 'react';
import { useDoctorProfile, useUpdateDoctorProfile } from '../api/areas';
import { useCurrentAssociation } from '../parts/association';
import { QueryState } from '../parts/states';
import { TextAreaField } from '../parts/TextAreaField';

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** /admin/doctor_profile: the physician who supervises the association's health forecast. */
export function DoctorProfilePage() {
  usePageTitle('監修医 | すこやか運営管理');
  const { association } = useCurrentAssociation();
  const profile = useDoctorProfile(association.associationId);
  return (
    <Stack $gap={3}>
      <Heading>監修医</Heading>
      <Text>健康予測のページ（/doctor_profile01）で会員に表示する、{association.associationName}の監修医の紹介です。</Text>
      <QueryState query={profile} label="監修医の情報">
        {(data) => <DoctorForm key={association.associationId} initial={data.profile} />}
      </QueryState>
    </Stack>
  );
}

function DoctorForm({ initial }: { initial: DoctorProfile | null }) {
  const { association, canEdit } = useCurrentAssociation();
  const update = useUpdateDoctorProfile(association.associationId);
  const [values, setValues] = useState({
    name: initial?.name ?? '',
    nameKana: initial?.nameKana ?? '',
    title: initial?.title ?? '',
    specialty: initial?.specialty ?? '',
    qualifications: (initial?.qualifications ?? []).join('\n'),
    career: (initial?.career ?? []).join('\n'),
    message: initial?.message ?? '',
  });
  const [saved, setSaved] = useState(false);
  const form = useContractForm({
    schema: healthCalls.updateOperatorDoctorProfile.input,
    mutation: update,
    beforeSubmit: () => setSaved(false),
    onSuccess: () => setSaved(true),
  });
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value });
  const error = (name: string) => form.errors[`profile.${name}`] ?? form.errors[name];
  return (
    <Card>
      {!initial ? <Notice>この組合の監修医はまだ登録されていません。会員にはサービス共通の監修医が表示されます。</Notice> : null}
      {!canEdit ? <Notice>閲覧者の権限では変更できません。</Notice> : null}
      {form.formError ? <FormError>{form.formError}</FormError> : null}
      {saved ? <Notice role="status">保存しました。</Notice> : null}
      <form
        {...form.formProps(() => ({
          associationId: association.associationId,
          profile: { ...values, qualifications: lines(values.qualifications), career: lines(values.career) },
        }))}
      >
        <Stack $gap={2}>
          <TextField label="氏名" name="name" value={values.name} onChange={set('name')} error={error('name')} disabled={!canEdit} />
          <TextField
            label="氏名（ふりがな）"
            name="nameKana"
            value={values.nameKana}
            onChange={set('nameKana')}
            error={error('nameKana')}
            disabled={!canEdit}
          />
          <TextField label="肩書き" name="title" value={values.title} onChange={set('title')} error={error('title')} disabled={!canEdit} />
          <TextField
            label="専門"
            name="specialty"
            value={values.specialty}
            onChange={set('specialty')}
            error={error('specialty')}
            disabled={!canEdit}
          />
          <TextAreaField
            label="資格（1行に1つ）"
            error={error('qualifications')}
            optional
            name="qualifications"
            value={values.qualifications}
            onChange={set('qualifications')}
            disabled={!canEdit}
          />
          <TextAreaField
            label="経歴（1行に1つ）"
            error={error('career')}
            optional
            name="career"
            value={values.career}
            onChange={set('career')}
            disabled={!canEdit}
          />
          <TextAreaField
            label="メッセージ"
            error={error('message')}
            name="message"
            value={values.message}
            onChange={set('message')}
            disabled={!canEdit}
          />
          <div>
            <Button type="submit" disabled={!canEdit} busy={form.isPending}>
              保存する
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
