import { SMS_CODE_TTL_MINUTES } from '@sukoyaka/contract/account-terms';
import { TextField } from '@sukoyaka/shared';
import { useEffect, useRef } from 'react';

const SMS_CODE_LABEL = 'SMSで届いた6桁の認証コード';

/**
 * Chrome on Android reads the code from the SMS (its last line is `@host #code`) and offers it
 * with the WebOTP API; iOS offers it through autocomplete="one-time-code". Either way the member
 * need not copy it by hand. Nothing happens where the API does not exist.
 */
function useWebOtp(onCode: (code: string) => void): void {
  const latest = useRef(onCode);
  useEffect(() => {
    latest.current = onCode;
  }, [onCode]);
  useEffect(() => {
    if (!('OTPCredential' in window) || !navigator.credentials) return undefined;
    const abort = new AbortController();
    navigator.credentials
      .get({ otp: { transport: ['sms'] }, signal: abort.signal } as CredentialRequestOptions)
      .then((credential) => {
        const code = (credential as { code?: unknown } | null)?.code;
        if (typeof code === 'string') latest.current(code);
      })
      .catch(() => undefined);
    return () => abort.abort();
  }, []);
}

/** The six-digit code field of sign-in's second step and of the phone registration. */
export function SmsCodeField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error: string | undefined }) {
  useWebOtp(onChange);
  return (
    <TextField
      label={SMS_CODE_LABEL}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      hint={`有効期限は${SMS_CODE_TTL_MINUTES}分です。`}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      required
      // The field is what the step is about: keyboard and screen-reader users land on it.
      autoFocus
    />
  );
}
