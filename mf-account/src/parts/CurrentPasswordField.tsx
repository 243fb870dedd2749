import { TextField } from '@sukoyaka/shared';

/**
 * The member's own password, asked to sign in or to confirm who they are (step-up, leaving).
 * With `username`, a hidden field before it tells a password manager whose password this is.
 */
export function CurrentPasswordField({
  value,
  onChange,
  error,
  username,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  username?: string;
  autoFocus?: boolean;
}) {
  return (
    <>
      {username === undefined ? null : <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />}
      <TextField
        label="パスワード"
        type="password"
        name="password"
        autoComplete="current-password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error}
        required
        {...(autoFocus ? { autoFocus: true } : {})}
      />
    </>
  );
}
