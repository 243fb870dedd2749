import { calls } from '@sukoyaka/contract';
import {
  AppLink,
  Button,
  DatePicker,
  FormError,
  MemberOnly,
  Stack,
  describeError,
  fieldErrorsOf,
  navigate,
  safeReturnPath,
  usePageTitle,
  validateInput,
  type FieldErrors,
  formLevelError,
} from '@sukoyaka/shared';
import { format } from 'date-fns';
import { useState, type FormEvent } from 'react';
import { useAuthenticateBirthday } from './api/authenticate-birthday';
import { returnToFromLocation, StepUpLayout } from './StepUpLayout';

function BirthdayForm() {
  const [birthday, setBirthday] = useState<Date | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const confirm = useAuthenticateBirthday();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { data, errors } = validateInput(calls.authenticateBirthday.input, { birthday: birthday ? format(birthday, 'yyyy-MM-dd') : '' });
    setFieldErrors(errors ?? {});
    if (!data) return;
    confirm.mutate(data, {
      onSuccess: () => navigate(safeReturnPath(returnToFromLocation())),
      onError: (error) => setFieldErrors(fieldErrorsOf(error)),
    });
  };

  const failure = formLevelError(confirm.error);
  const formError = failure ? describeError(failure) : null;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack $gap={2.5}>
        {formError ? <FormError>{formError}</FormError> : null}
        <DatePicker label="生年月日" value={birthday} onChange={setBirthday} max={new Date()} error={fieldErrors.birthday} />
        <Button type="submit" block busy={confirm.isPending}>
          {confirm.isPending ? '確認しています…' : '確認する'}
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
