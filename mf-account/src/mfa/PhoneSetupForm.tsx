import type { SmsMfaSetting } from '@sukoyaka/contract';
import { Actions, Button, FormError, Notice, Stack, Text, TextField, useContractForm, loadAccountCalls } from '@sukoyaka/shared';
import { useRef, useState } from 'react';
import { useConfirmSmsMfaSetup } from './api/confirm-sms-mfa-setup';
import { useSendSmsMfaSetupCode } from './api/send-sms-mfa-setup-code';
import { SmsCodeField } from './SmsCodeField';

/**
 * Registering a phone number in two steps: the number, which gets a six-digit code by SMS, then
 * the code. Used to turn SMS two-factor on (/new) and to move it to another number (/edit).
 */
export function PhoneSetupForm({ submitLabel, onDone }: { submitLabel: string; onDone: (setting: SmsMfaSetting) => void }) {
  const [phoneNumber, setPhoneNumber] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  // Whether the code being sent is a second one (the notice then says so).
  const again = useRef(false);
  const phoneForm = useContractForm({
    loadSchema: () => loadAccountCalls().then((calls) => calls.sendSmsMfaSetupCode.input),
    mutation: useSendSmsMfaSetupCode(),
    beforeSubmit: () => codeForm.reset(),
    onSuccess: (result) => {
      setSentTo(result.phoneNumberMasked);
      setResent(again.current);
      setCode('');
    },
  });
  const codeForm = useContractForm({
    loadSchema: () => loadAccountCalls().then((calls) => calls.confirmSmsMfaSetup.input),
    mutation: useConfirmSmsMfaSetup(),
    beforeSubmit: () => {
      phoneForm.reset();
      setResent(false);
    },
    onSuccess: onDone,
  });

  const sendCode = (isAgain: boolean) => {
    again.current = isAgain;
    phoneForm.submit({ phoneNumber });
  };

  if (sentTo === null) {
    return (
      <form
        {...phoneForm.formProps(() => {
          again.current = false;
          return { phoneNumber };
        })}
      >
        <Stack $gap={2.5}>
          {phoneForm.formError ? <FormError>{phoneForm.formError}</FormError> : null}
          <TextField
            label="携帯電話番号"
            type="tel"
            name="phoneNumber"
            autoComplete="tel-national"
            inputMode="tel"
            hint="SMSを受け取れる携帯電話の番号を入力してください（例: 090-1234-5678）。"
            value={phoneNumber}
            onChange={(event) => setPhoneNumber(event.target.value)}
            error={phoneForm.errors.phoneNumber}
            required
          />
          <div>
            <Button type="submit" busy={phoneForm.isPending}>
              {phoneForm.isPending ? '送信しています…' : '認証コードを送信する'}
            </Button>
          </div>
        </Stack>
      </form>
    );
  }

  const formError = codeForm.formError ?? phoneForm.formError;
  return (
    <form {...codeForm.formProps(() => ({ code }))}>
      <Stack $gap={2.5}>
        <div aria-live="polite">
          <Notice>
            {resent ? '認証コードを再送信しました。' : ''}
            {sentTo} にSMSで6桁の認証コードを送信しました。
          </Notice>
        </div>
        {formError ? <FormError>{formError}</FormError> : null}
        <SmsCodeField value={code} onChange={setCode} error={codeForm.errors.code} />
        <div>
          <Button type="submit" busy={codeForm.isPending}>
            {codeForm.isPending ? '確認しています…' : submitLabel}
          </Button>
        </div>
        <Text $muted>SMSが届かないときは、電話番号をご確認のうえ再送信してください。</Text>
        <Actions>
          <Button variant="secondary" onClick={() => sendCode(true)} busy={phoneForm.isPending}>
            認証コードを再送信する
          </Button>
          <Button
            variant="text"
            onClick={() => {
              setSentTo(null);
              phoneForm.reset();
              codeForm.reset();
            }}
          >
            電話番号を入力し直す
          </Button>
        </Actions>
      </Stack>
    </form>
  );
}
