import { PASSWORD_POLICY_HINT } from '@sukoyaka/contract/account-terms';
import { Actions, Narrow, Notice, Stack, TextField, useOneTimeParams } from '@sukoyaka/shared';
import { Checkbox } from '@sukoyaka/shared/widgets';

// The mail flows' pages import the layout atoms from here with their own parts.
export { Actions, Narrow, Notice };
import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';

/*
 * Parts the mail-based flows share (sign-up, password reset, e-mail change): a readable column,
 * a notice box, the new-password field that states the policy, and the `token=` of a mail link.
 */

/** An address shown in running text: long ones wrap instead of widening a 320 px screen. */
export const Address = styled.strong`
  overflow-wrap: anywhere;
`;

/** A success or outcome message that screen readers announce when it appears. */
export function Announce({ children }: { children: ReactNode }) {
  return (
    <Notice as="div" role="status" aria-live="polite">
      {children}
    </Notice>
  );
}

/**
 * A new password with the policy stated under its label, and a switch to show what was typed
 * (long passwords are easier to get right on a phone when they can be seen).
 */
export function NewPasswordField({
  label = 'パスワード',
  value,
  onChange,
  error,
  name = 'password',
}: {
  label?: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  name?: string;
}) {
  const [visible, setVisible] = useState(false);
  return (
    <Stack $gap={1}>
      <TextField
        label={label}
        type={visible ? 'text' : 'password'}
        name={name}
        autoComplete="new-password"
        hint={PASSWORD_POLICY_HINT}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error}
        required
      />
      <Checkbox label="パスワードを表示する" checked={visible} onChange={(event) => setVisible(event.target.checked)} />
    </Stack>
  );
}

/** What a mailed link's page says when the link carries no token (cut or mistyped). */
export const MISSING_TOKEN_MESSAGE = 'リンクが正しくありません。メールに記載されたリンクをそのまま開いてください。';

/**
 * The `token=` of the link the member opened from a mail, or null: read once when the page opens,
 * then taken out of the address bar (useOneTimeParams); the page keeps it while it is open.
 */
export function useMailToken(): string | null {
  const { token } = useOneTimeParams(['token']);
  return token && token.trim() ? token.trim() : null;
}

/**
 * A mailed link's page: reads the token and spends it once when the page opens (a link works
 * only once, so a second call would report it as used). Returns the token, null when missing.
 */
export function useSpendTokenOnOpen(mutate: (token: string) => void): string | null {
  const token = useMailToken();
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutate(token);
  }, [token, mutate]);
  return token;
}
