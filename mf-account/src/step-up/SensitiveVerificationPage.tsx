import {
  AppLink,
  Button,
  FormError,
  MemberOnly,
  Stack,
  navigate,
  safeReturnPath,
  usePageTitle,
  useContractForm,
  isoDateOf,
  loadAccountCalls,
} from '@sukoyaka/shared';
import { DatePicker } from '@sukoyaka/shared/widgets';
import { useState } from 'react';
import { useAuthenticateBirthday } from './api/authenticate-birthday';
import { returnToFromLocation, StepUpLayout } from './StepUpLayout';

function BirthdayForm() {
  const [birthday, setBirthday] = useState<Date | null>(null);
  const form = useContractForm({
    loadSchema: () => loadAccountCalls().then((calls) => calls.authenticateBirthday.input),
    mutation: useAuthenticateBirthday(),
    onSuccess: () => navigate(safeReturnPath(returnToFromLocation())),
  });

  return (
    <form {...form.formProps(() => ({ birthday: birthday ? isoDateOf(birthday) : '' }))}>
      <Stack $gap={2.5}>
        {form.formError ? <FormError>{form.formError}</FormError> : null}
        <DatePicker label="生年月日" value={birthday} onChange={setBirthday} max={new Date()} error={form.errors.birthday} />
        <Button type="submit" block busy={form.isPending}>
          {form.isPending ? '確認しています…' : '確認する'}
        </Button>
        <div>
          <AppLink href="/">キャンセルしてホームに戻る</AppLink>
        </div>
      </Stack>
    </form>
  );
}

/**
 * `/sensitive_verification?return_to=…`: the member's birthday before sensitive information
 * is shown (the server answers `birthday_authentication_required` without it). Back after.
 */
export function SensitiveVerificationPage() {
  usePageTitle('本人確認');
  return (
    <StepUpLayout
      title="本人確認"
      lead="大切な情報を表示するため、ご本人確認として生年月日を入力してください。確認後15分間は、再入力なしで表示できます。"
    >
      <MemberOnly>{() => <BirthdayForm />}</MemberOnly>
    </StepUpLayout>
  );
}
