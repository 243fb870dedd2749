import { calls, type SmsMfaSetting } from '@sukoyaka/contract';
import {
  Actions,
  Button,
  describeError,
  type FieldErrors,
  fieldErrorsOf,
  FormError,
  formLevelError,
  Notice,
  Stack,
  Text,
  TextField,
  validateInput,
} from '@sukoyaka/shared';
import { useState, type FormEvent } from 'react';
import { useConfirmSmsMfaSetup } from './api/confirm-sms-mfa-setup';
import { useSendSmsMfaSetupCode } from './api/send-sms-mfa-setup-code';
import { SmsCodeField } from './SmsCodeField';

/** A call's error as the member reads it above the form; a 400 is shown under its field instead. */
function formErrorOf(error: unknown): string | null {
  const failure = formLevelError(error);
  return failure ? describeError(failure) : null;
}

/**
 * Registering a phone number in two steps: the number, which gets a six-digit code by SMS, then
 * the code. Used to turn SMS two-factor on (/new) and to move it to another number (/edit).
 */
export function PhoneSetupForm({ submitLabel, onDone }: { submitLabel: string; onDone: (setting: SmsMfaSetting) => void }) {
  const [phoneNumber, setPhoneNumber] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const send = useSendSmsMfaSetupCode();
  const confirm = useConfirmSmsMfaSetup();

  const sendCode = (again: boolean) => {
    const { data, errors } = validateInput(calls.sendSmsMfaSetupCode.input, { phoneNumber });
    setFieldErrors(errors ?? {});
    if (!data) return;
    confirm.reset();
    send.mutate(data, {
      onSuccess: (result) => {
        setSentTo(result.phoneNumberMasked);
        setResent(again);
        setCode('');
      },
      onError: (error) => setFieldErrors(fieldErrorsOf(error)),
    });
  };

  const onSubmitPhone = (event: FormEvent) => {
    event.preventDefault();
    sendCode(false);
  };

  const onSubmitCode = (event: FormEvent) => {
    event.preventDefault();
    const { data, errors } = validateInput(calls.confirmSmsMfaSetup.input, { code });
    setFieldErrors(errors ?? {});
    if (!data) return;
    send.reset();
    setResent(false);
    confirm.mutate(data, { onSuccess: onDone, onError: (error) => setFieldErrors(fieldErrorsOf(error)) });
  };

  if (sentTo === null) {
    const formError = formErrorOf(send.error);
    return (
      <form onSubmit={onSubmitPhone} noValidate>
        <Stack $gap={2.5}>
          {formError ? <FormError>{formError}</FormError> : null}
          <TextField
            label="携帯電話番号"
            type="tel"
            name="phoneNumber"
            autoComplete="tel-national"
            inputMode="tel"
            hint="SMSを受け取れる携帯電話の番号を入力してください（例: 090-1234-5678）。"
            value={phoneNumber}
            onChange={(event) => setPhoneNumber(event.target.value)}
            error={fieldErrors.phoneNumber}
            required
          />
          <div>
            <Button type="submit" busy={send.isPending}>
              {send.isPending ? '送信しています…' : '認証コードを送信する'}
            </Button>
          </div>
        </Stack>
      </form>
    );
  }

  const formError = formErrorOf(confirm.error) ?? formErrorOf(send.error);
  return (
    <form onSubmit={onSubmitCode} noValidate>
      <Stack $gap={2.5}>
        <div aria-live="polite">
          <Notice>
            {resent ? '認証コードを再送信しました。' : ''}
            {sentTo} にSMSで6桁の認証コードを送信しました。
          </Notice>
        </div>
        {formError ? <FormError>{formError}</FormError> : null}
        <SmsCodeField value={code} onChange={setCode} error={fieldErrors.code} />
        <div>
          <Button type="submit" busy={confirm.isPending}>
            {confirm.isPending ? '確認しています…' : submitLabel}
          </Button>
        </div>
        <Text $muted>SMSが届かないときは、電話番号をご確認のうえ再送信してください。</Text>
        <Actions>
          <Button variant="secondary" onClick={() => sendCode(true)} busy={send.isPending}>
            認証コードを再送信する
          </Button>
          <Button
            variant="text"
            onClick={() => {
              setSentTo(null);
              setFieldErrors({});
              send.reset();
              confirm.reset();
            }}
          >
            電話番号を入力し直す
          </Button>
        </Actions>
      </Stack>
    </form>
  );
}
