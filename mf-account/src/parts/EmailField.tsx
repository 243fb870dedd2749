import { TextField } from '@sukoyaka/shared';
import type { FocusEventHandler } from 'react';

/** The e-mail address field of the sign-in, sign-up and address forms. */
export function EmailField({
  value,
  onChange,
  onBlur,
  error,
  autoComplete = 'username',
  label = 'メールアドレス',
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  error: string | undefined;
  /** `username` where it names the account, `email` for a new one. */
  autoComplete?: 'username' | 'email';
  label?: string;
}) {
  return (
    <TextField
      label={label}
      type="email"
      name="email"
      autoComplete={autoComplete}
      inputMode="email"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      error={error}
      required
    />
  );
}
